import Foundation
import GRDB
import Store
import TestSupport
import Testing

/// Issue 25 as a person meets it: a bookmark that could not be saved is never lost silently (finding 3), what `y`
/// copies is the clean link (finding 4), and the same question id on two sites is two marks (finding 14).
@Suite(.serialized)
struct MarksAndLinksEndToEndTests {
    /// Another program holds the data file's write lock while `b q` is pressed: the status bar never says
    /// `bookmarked`, quitting says `saving…` while it waits out the busy timeout, and once the screen is back stderr
    /// names the bookmark not saved and why, and the exit status is 74 (`EX_IOERR`).
    @Test func aBookmarkBlockedByAnotherProgramsLockIsNamedOnStderrAndExits74() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let dataFile = StorePaths(environment: store.environment).dataFile.path
        // stderr stays on the terminal: the line must be there once the screen is restored, not drawn under curses.
        let run = try await StacktermRun.start(store: store, stderrOnScreen: true)
        do {
            #expect(try await run.waitForStatus("1/30+"))
            #expect(await eventually { FileManager.default.fileExists(atPath: dataFile) })
            let holder = try LockHolder(path: dataFile)
            try run.tmux.send("b")
            #expect(try await run.waitForStatus("bookmarking…", within: 5), "\((try? run.statusBar()) ?? "")")
            try run.tmux.send("q")
            #expect(try await run.waitForStatus("saving…", within: 5), "quitting shows what it waits for: \((try? run.statusBar()) ?? "")")
            #expect(!(try run.statusBar().contains("bookmarked")), "never claimed while the lock is held")
            #expect(await eventually(within: 40) { run.exitStatus() != nil })
            holder.release()
            #expect(run.exitStatus() == 74, "EX_IOERR, not 0")
            // `-J`: a line longer than the window, wrapped by the terminal, is read back whole.
            let screen = try run.tmux.command("capture-pane", "-p", "-J", "-t", run.tmux.target).components(separatedBy: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            let lines = screen.filter { $0.hasPrefix("stackterm: ") }
            #expect(lines.count == 1, "one line for the one bookmark, on the restored screen: \(screen)")
            let line = lines.first ?? ""
            #expect(line.contains("bookmark of stackoverflow question ") && line.contains(" not saved: "), "\(line)")
            #expect(line.contains("not saved: locked by another program (") && line.hasSuffix("data.sqlite)"), "\(line)")
            #expect(!screen.contains { $0.contains("1/30+") }, "the list is gone: the line came after the screen was restored")
        } catch {
            try await run.stop()
            throw error
        }
        try await run.stop()
        let info = try await offThePool { try store.runStackterm(["--cache-info"]) }
        #expect(info.output.contains("0 bookmarks"), "nothing was saved, and nothing claimed it was: \(info.output)")
    }

    /// The API's `link` holds a newline, a command, an escape sequence and bidi and zero-width characters: `y`
    /// copies the link made from the site and the id, and the notice names it; `o` opens the same.
    @Test func yCopiesTheCleanLinkOfAQuestionWhoseLinkIsHostile() async throws {
        let hostile = "https://stackoverflow.com/q/77\nrm -rf ~/important\n\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}txt.exe\u{200B}"
        let data = try Self.dataDirectory(main: [Self.question(77, title: "Is this link safe?", link: hostile)])
        defer { try? FileManager.default.removeItem(at: data) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-e2e-open-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let browser = directory.appendingPathComponent("fake-browser")
        let opened = directory.appendingPathComponent("opened.txt")
        try "#!/bin/sh\nprintf '%s' \"$1\" > '\(opened.path).tmp' && mv '\(opened.path).tmp' '\(opened.path)'\n"
            .write(to: browser, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: browser.path)
        try await StacktermRun.with(environment: ["BROWSER": browser.path], dataDirectory: data) { (run: StacktermRun) async throws in
            try run.tmux.command("set-option", "-g", "set-clipboard", "on")
            #expect(try await run.waitForStatus("│ 1/1"))
            try run.tmux.send("y")
            #expect(try await run.waitForStatus("copied https://stackoverflow.com/q/77"), "\((try? run.statusBar()) ?? "")")
            let clean = "https://stackoverflow.com/q/77"
            let stored = await eventually { (try? run.tmux.command("show-buffer")) == clean }
            let buffer = (try? run.tmux.command("show-buffer")) ?? "no buffer"
            #expect(stored, "tmux holds: \(buffer.debugDescription)")
            try run.tmux.send("o")
            #expect(await eventually { FileManager.default.fileExists(atPath: opened.path) })
            #expect((try? String(contentsOf: opened, encoding: .utf8)) == clean, "o opens the same clean link")
        }
    }

    /// Question 70000000 exists on Super User and on Stack Overflow. Bookmarked and read on Super User, then
    /// bookmarked on Stack Overflow: `B` lists both, and only the one that was read is drawn read.
    @Test func theSameIDOnTwoSitesIsTwoBookmarksAndReadingOneLeavesTheOtherUnread() async throws {
        let id = 70_000_000
        let data = try Self.dataDirectory(
            main: [Self.question(id, title: "Collision on Stack Overflow", link: "https://stackoverflow.com/questions/\(id)"),
                   Self.question(id + 1, title: "Another on Stack Overflow", link: "https://stackoverflow.com/questions/\(id + 1)", age: 60)],
            superuser: [Self.question(id, title: "Collision on Super User", link: "https://superuser.com/questions/\(id)")]
        )
        defer { try? FileManager.default.removeItem(at: data) }
        let store = try StoreDirectory.make()
        defer { store.remove() }
        try await StacktermRun.with(arguments: ["--site", "superuser"], store: store, dataDirectory: data) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("│ 1/1"))
            try run.tmux.send("b")
            #expect(try await run.waitForStatus("bookmarked"))
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("line 1/"))
            try run.tmux.send("q")
            #expect(try await run.waitForStatus("│ 1/1"))
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() != nil })
            #expect(run.exitStatus() == 0, "\(run.standardError())")
        }
        try await StacktermRun.with(store: store, dataDirectory: data) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("│ 1/2"))
            try run.tmux.send("Down")
            #expect(try await run.waitForStatus("│ 2/2"))
            let list = ScreenCells(capture: try run.tmux.captureWithEscapes())
            let collision = list.style(of: "Collision on Stack Overflow", onRowWith: "Collision on Stack Overflow")
            #expect(collision?.dim == false, "reading Super User's question left Stack Overflow's unread: \(String(describing: collision))")
            #expect(!(try run.tmux.capture().contains { $0.contains("* Collision on Stack Overflow") }), "and not bookmarked")
            try run.tmux.send("Up")
            try run.tmux.send("b")
            #expect(try await run.waitForStatus("bookmarked"))
            try run.tmux.send("B")
            #expect(try await run.waitForStatus("bookmarks"))
            #expect(try run.statusBar().contains("│ 1/2"), "both bookmarks are listed: \((try? run.statusBar()) ?? "")")
            let screen = try run.tmux.capture()
            #expect(screen.contains { $0.contains("Collision on Stack Overflow") } && screen.contains { $0.contains("Collision on Super User") },
                    "\(screen.prefix(3))")
            // The newest bookmark (Stack Overflow's) is selected; Super User's, read, is drawn dim below it.
            let bookmarks = ScreenCells(capture: try run.tmux.captureWithEscapes())
            #expect(bookmarks.style(of: "Collision on Super User", onRowWith: "Collision on Super User")?.dim == true, "read on Super User")
            try run.tmux.send("Down")
            #expect(try await run.waitForStatus("│ 2/2"))
            let moved = ScreenCells(capture: try run.tmux.captureWithEscapes())
            #expect(moved.style(of: "Collision on Stack Overflow", onRowWith: "Collision on Stack Overflow")?.dim == false,
                    "Stack Overflow's is not read")
            // Enter on Super User's opens Super User's question (from the store: it was read in the first run).
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("line 1/"))
            #expect(try run.tmux.capture().contains { $0.contains("Collision on Super User") })
            let details = run.finishedRequests(pathPrefix: "/2.3/questions/\(id)")
            #expect(details.allSatisfy { $0.query["site"] == "superuser" }, "\(details.map(\.query))")
        }
    }

    // MARK: Data

    /// One question in the API's wire format, `age` seconds older than the newest.
    static func question(_ id: Int, title: String, link: String, age: Int = 0) -> [String: Any] {
        ["tags": ["test"], "is_answered": false, "view_count": 1, "answer_count": 0, "score": 0,
         "last_activity_date": 1_700_000_000 - age, "creation_date": 1_700_000_000 - age, "question_id": id,
         "link": link, "title": title, "body": "<p>\(title)</p>"]
    }

    /// A replica data directory: `main` for every site, `superuser` for Super User's own set when given.
    static func dataDirectory(main: [[String: Any]], superuser: [[String: Any]]? = nil) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-e2e-data-\(UUID().uuidString)")
        func write(_ questions: [[String: Any]], to base: URL) throws {
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            try JSONSerialization.data(withJSONObject: questions).write(to: base.appendingPathComponent("questions.json"))
            try JSONSerialization.data(withJSONObject: [Any]()).write(to: base.appendingPathComponent("answers.json"))
        }
        try write(main, to: directory)
        if let superuser { try write(superuser, to: directory.appendingPathComponent("sites/superuser")) }
        return directory
    }
}

/// Another program's hold on a data file: a transaction that took the write lock and keeps it until `release`.
final class LockHolder {
    private let queue: DatabaseQueue

    init(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        // The transaction outlives the access that began it, as another program's would.
        configuration.allowsUnsafeTransactions = true
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
    }

    func release() {
        try? queue.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        try? queue.close()
    }
}
