import Foundation
import TestSupport
import Testing

/// Every terminal, every key (issue 16): the keys under six `TERM`s, the mouse and bracketed paste written into
/// the pane as a terminal would send them, a clean copy, private directories and a child's environment.
@Suite(.serialized)
struct TerminalsEndToEndTests {
    /// A terminal's own sequences for the keys of the matrix, as its terminfo entry (or, for Ctrl-Down, the
    /// terminal itself) sends them.
    struct TerminalKeys {
        let term: String
        let home: String, end: String, pageUp: String, pageDown: String, f1: String, ctrlDown: String
    }

    static let terminals: [TerminalKeys] = [
        TerminalKeys(term: "xterm-256color", home: "\u{1B}OH", end: "\u{1B}OF", pageUp: "\u{1B}[5~", pageDown: "\u{1B}[6~",
                     f1: "\u{1B}OP", ctrlDown: "\u{1B}[1;5B"),
        TerminalKeys(term: "tmux-256color", home: "\u{1B}[1~", end: "\u{1B}[4~", pageUp: "\u{1B}[5~", pageDown: "\u{1B}[6~",
                     f1: "\u{1B}OP", ctrlDown: "\u{1B}[1;5B"),
        TerminalKeys(term: "screen-256color", home: "\u{1B}[1~", end: "\u{1B}[4~", pageUp: "\u{1B}[5~", pageDown: "\u{1B}[6~",
                     f1: "\u{1B}OP", ctrlDown: "\u{1B}[1;5B"),
        TerminalKeys(term: "rxvt-unicode-256color", home: "\u{1B}[7~", end: "\u{1B}[8~", pageUp: "\u{1B}[5~",
                     pageDown: "\u{1B}[6~", f1: "\u{1B}[11~", ctrlDown: "\u{1B}Ob"),
        TerminalKeys(term: "linux", home: "\u{1B}[1~", end: "\u{1B}[4~", pageUp: "\u{1B}[5~", pageDown: "\u{1B}[6~",
                     f1: "\u{1B}[[A", ctrlDown: "\u{1B}[1;5B"),
        TerminalKeys(term: "putty-256color", home: "\u{1B}[1~", end: "\u{1B}[4~", pageUp: "\u{1B}[5~", pageDown: "\u{1B}[6~",
                     // PuTTY's own Ctrl-Down only flips the cursor-key mode; with "xterm-style bindings for
                     // modified arrows" (its option since 0.71) it sends xterm's form.
                     f1: "\u{1B}[11~", ctrlDown: "\u{1B}[1;5B"),
    ]

    /// Presses one key (by tmux's name, or as raw bytes) and waits for the status bar to show `expected`.
    private func press(_ run: StacktermRun, name: String?, raw: String?, expect expected: String, _ label: String) async throws {
        if let name { try run.tmux.send(name) }
        if let raw { try run.tmux.sendLiteral(raw) }
        let seen = try await run.waitForStatus(expected, within: 8)
        #expect(seen, "\(label): wanted \(expected), status: \((try? run.statusBar()) ?? "")")
    }

    /// The frame events of the trace so far, in order.
    static func frames(_ run: StacktermRun) -> [[String: Any]] {
        run.traceEvents().filter { $0["ev"] as? String == "frame" }
    }

    private func helpShows(_ run: StacktermRun) async -> Bool {
        await eventually(within: 8) { (try? run.tmux.capture().contains { $0.contains("keys: list") }) == true }
    }

    private func helpGone(_ run: StacktermRun) async -> Bool {
        await eventually(within: 8) { (try? run.tmux.capture().contains { $0.contains("keys: list") }) == false }
    }

    @Test(arguments: terminals.map(\.term))
    func everyKeyMovesTheSelectionUnderEveryTerm(term: String) async throws {
        let keys = try #require(Self.terminals.first { $0.term == term })
        try await StacktermRun.with(commandPrefix: ["env", "TERM=\(term)"]) { run in
            #expect(try await run.waitForStatus("│ 1/30+"))
            // tmux's own sequences (what a person inside tmux sends whatever TERM says), then the terminal's.
            for (how, names) in [("tmux", true), (term, false)] {
                // End selects the last row loaded; the next page is then prefetched, and may arrive at any moment,
                // so the frame the key drew is read from the trace: its selection is its last row.
                let framesBefore = Self.frames(run).count
                if names { try run.tmux.send("End") } else { try run.tmux.sendLiteral(keys.end) }
                let ended = await eventually(within: 8) {
                    Self.frames(run).dropFirst(framesBefore).contains { frame in
                        let rows = frame["rows"] as? Int ?? 0
                        return rows >= 30 && frame["selected"] as? Int == rows - 1
                    }
                }
                #expect(ended, "\(how) End: the last row selected; status: \((try? run.statusBar()) ?? "")")
                try await press(run, name: names ? "Home" : nil, raw: names ? nil : keys.home, expect: "│ 1/", "\(how) Home")
                // 28 question rows under the column header at 30 lines: a page moves 27.
                try await press(run, name: names ? "NPage" : nil, raw: names ? nil : keys.pageDown, expect: "│ 28/", "\(how) PgDn")
                try await press(run, name: names ? "PPage" : nil, raw: names ? nil : keys.pageUp, expect: "│ 1/", "\(how) PgUp")
                try await press(run, name: names ? "C-Down" : nil, raw: names ? nil : keys.ctrlDown, expect: "│ 28/", "\(how) Ctrl-Down")
                try await press(run, name: names ? "Home" : nil, raw: names ? nil : keys.home, expect: "│ 1/", "\(how) Home again")
                if names { try run.tmux.send("F1") } else { try run.tmux.sendLiteral(keys.f1) }
                #expect(await helpShows(run), "\(how) F1 opens the help")
                if names { try run.tmux.send("F1") } else { try run.tmux.sendLiteral(keys.f1) }
                #expect(await helpGone(run), "\(how) F1 closes it")
            }
            #expect(run.exitStatus() == nil, "still running")
        }
    }

    /// 40 questions whose bodies are 120 paragraphs long, so the detail view can scroll.
    static func longQuestionsData() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-e2e-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let questions: [[String: Any]] = (1...40).map { n in
            ["tags": ["python"], "is_answered": false, "view_count": 1, "answer_count": 0, "score": 0,
             "last_activity_date": 1_700_000_000 - n, "creation_date": 1_700_000_000 - n, "question_id": 1000 + n,
             "link": "https://stackoverflow.com/q/\(1000 + n)", "title": "Long question \(n)",
             "body": (1...120).map { "<p>paragraph \($0)</p>" }.joined()]
        }
        try JSONSerialization.data(withJSONObject: questions).write(to: directory.appendingPathComponent("questions.json"))
        try JSONSerialization.data(withJSONObject: [Any]()).write(to: directory.appendingPathComponent("answers.json"))
        return directory
    }

    @Test func theMouseScrollsSelectsAndOpens() async throws {
        let data = try Self.longQuestionsData()
        defer { try? FileManager.default.removeItem(at: data) }
        try await StacktermRun.with(dataDirectory: data) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("│ 1/30+"))
            try run.tmux.sendLiteral("\u{1B}[<65;10;5M")
            #expect(try await run.waitForStatus("│ 4/"), "a notch down moves three rows")
            try run.tmux.sendLiteral("\u{1B}[<64;10;5M")
            #expect(try await run.waitForStatus("│ 1/"))
            // A click on screen row 7 (1-based), under the column header: the sixth question; a release does nothing.
            try run.tmux.sendLiteral("\u{1B}[<0;20;7M\u{1B}[<0;20;7m")
            #expect(try await run.waitForStatus("│ 6/"))
            // Beyond column 223, where only SGR reports reach: still the same row, which now opens.
            try run.tmux.sendLiteral("\u{1B}[<0;250;7M")
            #expect(try await run.waitForStatus("line 1/"), "a click on the selected row opens it")
            try run.tmux.sendLiteral("\u{1B}[<65;10;5M")
            #expect(try await run.waitForStatus("line 4/"), "the wheel scrolls the detail")
            // Shift held: the terminal's selection, not ours; the next plain notch moves from line 4, not 7.
            try run.tmux.sendLiteral("\u{1B}[<69;10;5M")
            try run.tmux.sendLiteral("\u{1B}[<65;10;5M")
            #expect(try await run.waitForStatus("line 7/"), "the Shift+wheel was ignored: \((try? run.statusBar()) ?? "")")
        }
    }

    @Test func anUnknownSequenceIsDroppedWholeAndNamedInTheTrace() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("│ 1/30+"))
            // Two reads: the sequence split in the middle, then a key.
            try run.tmux.sendLiteral("\u{1B}[9")
            try run.tmux.sendLiteral("9~j")
            #expect(try await run.waitForStatus("│ 2/"), "j moved once; nothing of the sequence became a key")
            let unknown = run.traceEvents().filter { $0["ev"] as? String == "unknown-sequence" }.compactMap { $0["bytes"] as? String }
            #expect(unknown == ["ESC [ 9 9 ~"], "\(unknown)")
        }
    }

    @Test func aPasteIntoTheSearchPromptIsTextNotKeys() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("│ 1/30+"))
            try run.tmux.send("/")
            #expect(try await run.waitForStatus("search:"))
            try run.tmux.sendLiteral("\u{1B}[200~q\rlist\u{1B}comprehension\n\u{1B}[201~")
            #expect(try await run.waitForStatus("search: q listcomprehension"), "status: \((try? run.statusBar()) ?? "")")
            #expect(run.exitStatus() == nil, "q in the paste did not quit")
            // Enter now submits once, with the whole paste. Had the Enter inside the paste submitted, a search for
            // "q" would have gone first, and this Enter would have opened a question instead.
            try run.tmux.send("Enter")
            #expect(await eventually { !run.finishedRequests(pathPrefix: "/2.3/search").isEmpty })
            let searches = run.finishedRequests(pathPrefix: "/2.3/search").compactMap { $0.query["q"] ?? $0.query["intitle"] }
            #expect(searches == ["q listcomprehension"], "searches: \(searches)")
            #expect(run.exitStatus() == nil)
        }
    }

    @Test func aPasteOutsideAPromptIsIgnoredWithANotice() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("│ 1/30+"))
            try run.tmux.sendLiteral("\u{1B}[200~Gq\u{1B}[201~")
            #expect(try await run.waitForStatus("paste ignored"))
            #expect(try run.statusBar().contains(" 1/30+ "), "G in the paste did not move the selection: \((try? run.statusBar()) ?? "")")
            #expect(run.exitStatus() == nil, "q in the paste did not quit")
        }
    }

    /// A question whose code block hides a bidi override and a zero-width space, in a replica data directory.
    static func trojanSourceData() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-e2e-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let question: [String: Any] = [
            "tags": ["bash"], "is_answered": false, "view_count": 1, "answer_count": 0, "score": 0,
            "last_activity_date": 1_700_000_000, "creation_date": 1_700_000_000, "question_id": 77,
            "link": "https://stackoverflow.com/q/77", "title": "Is this command safe?",
            "body": "<p>Run this:</p><pre><code>rm -rf ./build\u{202E}gpj.exe\u{200B}\necho done\n</code></pre>",
        ]
        try JSONSerialization.data(withJSONObject: [question]).write(to: directory.appendingPathComponent("questions.json"))
        try JSONSerialization.data(withJSONObject: [Any]()).write(to: directory.appendingPathComponent("answers.json"))
        return directory
    }

    @Test func yCopiesACodeBlockWithoutItsInvisibleCharacters() async throws {
        let data = try Self.trojanSourceData()
        defer { try? FileManager.default.removeItem(at: data) }
        try await StacktermRun.with(dataDirectory: data) { (run: StacktermRun) async throws in
            try run.tmux.command("set-option", "-g", "set-clipboard", "on")
            #expect(try await run.waitForStatus("│ 1/1"))
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("line 1/"))
            try run.tmux.send("Y")
            #expect(try await run.waitForStatus("copied 2 lines (removed 2 invisible characters)"))
            let expected = "rm -rf ./buildgpj.exe\necho done"
            let stored = await eventually { (try? run.tmux.command("show-buffer")) == expected }
            let buffer = (try? run.tmux.command("show-buffer")) ?? "no buffer"
            #expect(stored, "tmux holds: \(buffer.unicodeScalars.map { $0.isASCII ? String($0) : "U+\(String($0.value, radix: 16))" }.joined())")
        }
    }

    @Test func theStoreIsPrivateAfterAFirstLaunch() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        try await StacktermRun.with(store: store) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("│ 1/30+"))
            try run.tmux.send("b")
            #expect(try await run.waitForStatus("bookmarked"))
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() != nil })
        }
        func mode(_ path: String) -> Int {
            (((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
        }
        let cache = store.root.appendingPathComponent("cache/stackterm").path
        let data = store.root.appendingPathComponent("data/stackterm").path
        #expect(mode(cache) == 0o700 && mode(data) == 0o700, "directories: \(String(mode(cache), radix: 8)) \(String(mode(data), radix: 8))")
        #expect(mode(store.root.appendingPathComponent("data").path) == 0o700, "a missing XDG_DATA_HOME is created private too")
        #expect(mode(cache + "/cache.sqlite") == 0o600)
        #expect(mode(data + "/data.sqlite") == 0o600, "the bookmarks: \(String(mode(data + "/data.sqlite"), radix: 8))")
    }

    @Test func aStoreDirectoryOthersCanWriteIsRefusedWithAReason() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let data = store.root.appendingPathComponent("data/stackterm")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: data.path)
        let info = try await offThePool { try store.runStackterm(["--cache-info"]) }
        #expect(info.output.contains("\(data.path) can be written by others (mode 777)"), "\(info.output)")
    }

    @Test func aBrowserStartedByStacktermGetsNoKey() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-e2e-env-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let browser = directory.appendingPathComponent("fake-browser")
        let dump = directory.appendingPathComponent("environment.txt")
        try "#!/bin/sh\nenv > '\(dump.path).tmp' && mv '\(dump.path).tmp' '\(dump.path)'\n".write(to: browser, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: browser.path)
        try await StacktermRun.with(environment: ["BROWSER": browser.path, "STACKEXCHANGE_KEY": "secret-key-123"]) { run in
            #expect(try await run.waitForStatus("│ 1/30+"))
            try run.tmux.send("o")
            #expect(await eventually { FileManager.default.fileExists(atPath: dump.path) })
            let environment = (try? String(contentsOf: dump, encoding: .utf8)) ?? ""
            #expect(environment.contains("PATH="), "the browser did get an environment")
            #expect(!environment.contains("secret-key-123") && !environment.contains("STACKEXCHANGE_KEY"))
            // tmux gives stackterm no LINES or COLUMNS; the empty ones stackterm keeps for curses' start stay home.
            let names = environment.split(separator: "\n").map { $0.prefix { $0 != "=" } }
            #expect(!names.contains("LINES") && !names.contains("COLUMNS"), "\(environment)")
        }
    }
}
