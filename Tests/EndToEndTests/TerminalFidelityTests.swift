import Foundation
import TestSupport
import Testing

/// What real terminals disagree on, seen in tmux: clusters of every kind, the C locale, a dumb terminal, a text browser.
@Suite(.serialized)
struct TerminalFidelityTests {
    @Test func columnsRightOfEveryKindOfClusterLineUpWithAnASCIIRow() async throws {
        try await StacktermRun.with(arguments: ["--tag", "unicode-width"]) { run in
            #expect(try await run.waitForStatus("1/6"))
            let rows = try run.tmux.capture()
            for marker in ["Plain ASCII", "👍", "👩", "☀", "🇯🇵", "é (é)"] {
                #expect(rows.contains { $0.contains(marker) }, "a row shows \(marker)")
            }
            // The tag column, where tmux drew it on each of the six rows: one column for all.
            // (The status bar, on the last row, names the tag too.)
            // Rows 1 to 6, under the column header.
            let tags = try run.tmux.cellsShowing("unicode-width").filter { (1...6).contains($0.row) }
            #expect(tags.count == 6, "\(tags)")
            #expect(Set(tags.map(\.column)).count == 1, "the tags column is the same on every row: \(tags)\n\(rows.joined(separator: "\n"))")
            let ages = try run.tmux.cellsShowing(" 1y ").filter { (1...6).contains($0.row) }
            #expect(ages.count == 6 && Set(ages.map(\.column)).count == 1, "\(ages)")
        }
    }

    @Test func underLangCAccentsAndTicksStillShow() async throws {
        try await StacktermRun.with(arguments: ["--tag", "unicode-width"], environment: ["LANG": "C", "LC_ALL": "", "LC_CTYPE": ""]) { run in
            #expect(try await run.waitForStatus("1/6"))
            let rows = try run.tmux.capture()
            #expect(rows.contains { $0.contains("Combining mark é (é) in a title") }, "\(rows)")
            #expect(rows.contains { $0.contains("Variation selector ☀ in a title") })
        }
    }

    @Test func aDumbTerminalIsRefusedWithOneLine() async throws {
        // tmux sets TERM in its windows, so the refusal is asked for through env.
        try await StacktermRun.with(commandPrefix: ["env", "TERM=dumb"]) { run in
            #expect(await eventually { run.exitStatus() != nil })
            #expect(run.exitStatus() == 1)
            #expect(run.standardError()
                == "stackterm: terminal type 'dumb' cannot move the cursor; run stackterm in a full-screen terminal (e.g. TERM=xterm-256color)\n")
        }
    }

    /// `$BROWSER` names a text browser: it gets the terminal, reads the keyboard, and the list comes back after it.
    @Test func aTextBrowserRunsInTheForegroundAndTheScreenComesBack() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-w3m-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let answer = directory.appendingPathComponent("answer").path
        let browser = directory.appendingPathComponent("w3m").path
        try "#!/bin/sh\necho \"fake w3m showing $1\"\nread line\necho \"$line\" > '\(answer)'\n"
            .write(toFile: browser, atomically: true, encoding: .utf8)
        chmod(browser, 0o755)
        try await StacktermRun.with(environment: ["BROWSER": browser]) { run in
            #expect(try await run.waitForStatus("1/30+"))
            let list = Array(try run.tmux.capture().prefix(29))
            try run.tmux.send("o")
            #expect(try await eventually { try run.tmux.capture().contains { $0.contains("fake w3m showing https://stackoverflow.com/questions/") } })
            try run.tmux.send("b", "y", "e", "Enter")
            #expect(await eventually { (try? String(contentsOfFile: answer, encoding: .utf8)) == "bye\n" }, "the browser read the keyboard")
            #expect(try await eventually { try Array(run.tmux.capture().prefix(29)) == list }, "the list is drawn again")
            #expect(run.exitStatus() == nil, "stackterm is still running")
            try run.tmux.send("Down")
            let moved = try await run.waitForStatus("2/30+")
            #expect(moved, "exit \(String(describing: run.exitStatus())); the trace's last events: \(run.traceEvents().suffix(3))")
        }
    }
}
