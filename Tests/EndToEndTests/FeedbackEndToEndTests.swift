import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// Feedback for every action (issue 26, point 7), on the real binary: `n` says what the page brought, and the end
/// of a list says so.
@Suite(.serialized)
struct FeedbackEndToEndTests {
    @Test func nSaysWhatThePageBrought() async throws {
        try await StacktermRun.with(width: 80, height: 24) { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("n")
            #expect(try await run.waitForStatus("page 2: 30 more"))
        }
    }

    @Test func theEndOfAListSaysSo() async throws {
        try await StacktermRun.with(width: 120, height: 40, arguments: ["--tag", "unicode-width"]) { run in
            #expect(try await run.waitForStatus("1/6"))
            try run.tmux.send("n")
            #expect(try await run.waitForStatus("the end of the list: no more questions"))
            try run.tmux.send("G", "j")
            #expect(try await run.waitForStatus("6/6"))
            #expect(try await run.waitForStatus("no more questions"), "Down on the last row says so too")
        }
    }

    /// Right words offline (issue 26, point 10): a question the store does not have, under `--offline`, names what
    /// can help instead of offering `r`.
    @Test func anUncachedQuestionOfflineSaysWhatCanHelp() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        try await StacktermRun.with(width: 120, height: 40, store: store) { (run: StacktermRun) async throws in
            // 30 rows do not fill 40 lines: the next page is asked for at once, and "1/30+" may be gone before a look.
            #expect(try await eventually { let status = try run.statusBar(); return status.contains("1/30+") || status.contains("1/60+") })
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() != nil })
        }
        try await StacktermRun.with(width: 120, height: 40, arguments: ["--offline"], store: store) {
            (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("1/30"))
            try run.tmux.send("Enter")
            #expect(try await eventually { try run.tmux.capture().joined().contains("not in the store — go online or pick another") })
            let screen = try run.tmux.capture().joined(separator: "\n")
            #expect(screen.contains("Esc back to pick another · r once online"), "\(screen)")
            #expect(!screen.contains("r retries"))
        }
    }

    /// The inbox's badge counts down as its unread items are opened (issue 26, point 11).
    @Test func theInboxBadgeCountsDownAsItemsAreRead() async throws {
        let run = try await StacktermRun.start(
            width: 120, height: 40, environment: SignInEndToEndTests.environment, grants: [SignInEndToEndTests.grant],
            prepare: { replica, store in try SignInEndToEndTests.keepSignIn(replica, store) })
        do {
            #expect(try await run.waitForStatus("✉ 2"))
            try run.tmux.send("i")
            #expect(await eventually(within: 15) { (try? run.tmux.capture().contains { $0.contains("Super User") }) == true })
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("line 1/"))
            #expect(try await run.waitForStatus("✉ 1"), "one item read")
        } catch {
            try await run.stop()
            throw error
        }
        try await run.stop()
    }

    /// Numbered links followed from the keyboard (issue 26, point 7): `2` opens link [2] in the browser.
    @Test func aDigitFollowsItsNumberedLink() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-e2e-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let questions: [[String: Any]] = [[
            "tags": ["python"], "is_answered": false, "view_count": 1, "answer_count": 0, "score": 0,
            "last_activity_date": 1_700_000_000, "creation_date": 1_700_000_000, "question_id": 1001,
            "link": "https://stackoverflow.com/q/1001", "title": "Links",
            "body": "<p>See <a href=\"https://example.com/one\">one</a> and <a href=\"https://example.com/two\">two</a>.</p>",
        ]]
        let data = directory.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: questions).write(to: data.appendingPathComponent("questions.json"))
        try JSONSerialization.data(withJSONObject: [Any]()).write(to: data.appendingPathComponent("answers.json"))
        let browser = directory.appendingPathComponent("fake-browser")
        let opened = directory.appendingPathComponent("opened.txt")
        try "#!/bin/sh\nprintf '%s' \"$1\" > '\(opened.path).tmp' && mv '\(opened.path).tmp' '\(opened.path)'\n"
            .write(to: browser, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: browser.path)
        try await StacktermRun.with(width: 80, height: 24, environment: ["BROWSER": browser.path], dataDirectory: data) {
            (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("1/1"))
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("line 1/"))
            try run.tmux.send("2")
            #expect(await eventually { (try? String(contentsOf: opened, encoding: .utf8)) == "https://example.com/two" })
            #expect(try await run.waitForStatus("opened in the web browser"), "o and the links say the browser took it")
            try run.tmux.send("7")
            #expect(try await run.waitForStatus("no link [7]"))
        }
    }
}

