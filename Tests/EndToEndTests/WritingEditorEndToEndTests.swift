import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// `stackterm answer` in a terminal, with `EDITOR` a small script that writes a given text and records the
/// environment and terminal modes it got: the editor's environment carries no key or token and its terminal is in
/// its normal mode; the preview's prompt posts; a write held by a slow server is found on the site, not posted
/// twice; and a stackterm killed while the editor runs leaves what was written as a draft.
@Suite(.serialized)
struct WritingEditorEndToEndTests {
    static let question = SignInEndToEndTests.otherQuestion
    static let text = "Expire the reflog, then prune: `git reflog expire --expire=now --all && git gc --prune=now`.\n"

    /// A directory with the editor script (`editor`), the text it appends (`text`), and where it records what it saw.
    struct Editor {
        let directory: URL
        var script: String { directory.appendingPathComponent("editor").path }
        var environmentSeen: String { (try? String(contentsOfFile: directory.appendingPathComponent("env").path, encoding: .utf8)) ?? "" }
        var descriptorsSeen: String { (try? String(contentsOfFile: directory.appendingPathComponent("fds").path, encoding: .utf8)) ?? "" }
        var modesSeen: Set<String> {
            let text = (try? String(contentsOfFile: directory.appendingPathComponent("stty").path, encoding: .utf8)) ?? ""
            return Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        }

        /// `then` runs after the text is written (`sleep 60` keeps the editor open).
        static func make(text: String, then: String = "") throws -> Editor {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-editor-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try text.write(to: directory.appendingPathComponent("text"), atomically: true, encoding: .utf8)
            let script = """
                #!/bin/sh
                env > '\(directory.path)/env'
                stty -a > '\(directory.path)/stty' 2>&1
                ls -l /proc/$$/fd > '\(directory.path)/fds' 2>&1
                cat '\(directory.path)/text' >> "$1"
                \(then)
                """
            let path = directory.appendingPathComponent("editor").path
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            return Editor(directory: directory)
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    static func start(_ editor: Editor, store: StoreDirectory, config: String? = nil) async throws -> StacktermRun {
        try await StacktermRun.start(
            latencyMilliseconds: 0, arguments: ["answer", "\(question)", "--site", "stackoverflow"],
            environment: SignInEndToEndTests.environment.merging([
                "EDITOR": editor.script, "VISUAL": "", "STACKTERM_ACCESS_TOKEN": "token-in-the-environment",
            ]) { $1 },
            store: store, config: config, grants: [SignInEndToEndTests.grant], stderrOnScreen: true,
            prepare: { replica, store in try SignInEndToEndTests.keepSignIn(replica, store) })
    }

    func screenContains(_ run: StacktermRun, _ text: String) -> Bool {
        (try? run.tmux.capture().joined(separator: "\n").contains(text)) == true
    }

    @Test func theEditorGetsACleanEnvironmentAndAHeldWriteIsFoundNotPostedTwice() async throws {
        let editor = try Editor.make(text: Self.text)
        defer { editor.remove() }
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let run = try await Self.start(editor, store: store, config: "request_deadline = 5\n")
        do {
            #expect(await eventually(within: 20) { screenContains(run, "p post it, e edit again") })
            #expect(screenContains(run, "Preview (as the site renders it"))
            let seen = editor.environmentSeen
            #expect(seen.contains("EDITOR="), "the script recorded its environment")
            #expect(!seen.contains("e2e-app-key") && !seen.contains(SignInEndToEndTests.token) && !seen.contains("token-in-the-environment"),
                    "no key, no token")
            #expect(editor.modesSeen.contains("icanon") && editor.modesSeen.contains("echo"), "the terminal in its normal mode")
            #expect(editor.descriptorsSeen.contains("0 ->") && !editor.descriptorsSeen.contains("trace.jsonl")
                && !editor.descriptorsSeen.contains(".sqlite"), "no trace file or data file open in the editor: \(editor.descriptorsSeen)")
            // The write is carried out at once; its answer is held past the 5-second deadline.
            run.replica.injectFault(.hold(seconds: 30, path: "/2.3/questions/\(Self.question)/answers/add"))
            try run.tmux.send("p")
            try run.tmux.send("Enter")
            #expect(await eventually(within: 30) { run.exitStatus() != nil })
            #expect(run.exitStatus() == 0)
            #expect(screenContains(run, "no answer from the site"))
            #expect(screenContains(run, "posted: https://stackoverflow.com/a/"))
            let writes = run.replica.logEntries().filter {
                $0.path.hasSuffix("/questions/\(Self.question)/answers/add") && $0.query["preview"] != "true"
            }
            #expect(writes.count == 1, "sent once")
            let drafts = try ShellRun.run(["drafts"], replica: nil, store: store, omitAPIBase: true)
            #expect(drafts.output.contains("no drafts"), "found posted: the draft is gone")
        } catch {
            try await run.stop()
            throw error
        }
        try await run.stop()
    }

    @Test func aWriteCutOffByAKillIsLookedForBeforeTheNextOneAndNotSentAgain() async throws {
        let editor = try Editor.make(text: Self.text)
        defer { editor.remove() }
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let run = try await Self.start(editor, store: store)
        do {
            #expect(await eventually(within: 20) { screenContains(run, "p post it, e edit again") })
            let path = "/2.3/questions/\(Self.question)/answers/add"
            run.replica.injectFault(.hold(seconds: 60, path: path))
            try run.tmux.send("p")
            try run.tmux.send("Enter")
            // The write has arrived (and is carried out); its answer is held. stackterm dies waiting for it.
            #expect(await eventually(within: 20) { run.replica.requestCount(pathPrefix: path) == 2 })
            let pid = try #require(run.stacktermPID())
            kill(pid, SIGKILL)
            #expect(await eventually(within: 10) { kill(pid, 0) != 0 })
            let listed = try ShellRun.run(["drafts"], replica: nil, store: store, omitAPIBase: true)
            #expect(listed.output.contains("(sent, not confirmed)"), "\(listed.output)")
            // The same answer again: the earlier send is looked for first, found, and nothing is sent.
            let again = try ShellRun.run(
                ["answer", "\(Self.question)", "--site", "stackoverflow", "--api-base", run.replica.baseURL.absoluteString,
                 "--body-file", editor.directory.appendingPathComponent("text").path, "--yes"],
                replica: run.replica, store: store, environment: SignInEndToEndTests.environment, omitAPIBase: true)
            #expect(again.status == 0, "\(again.errors)")
            #expect(again.output.contains("had no answer, but it was posted: https://stackoverflow.com/a/"), "\(again.output)")
            #expect(run.replica.requestCount(pathPrefix: path) == 2, "not sent again, not even its preview")
            #expect(try ShellRun.run(["drafts"], replica: nil, store: store, omitAPIBase: true).output.contains("no drafts"))
        } catch {
            try await run.stop()
            throw error
        }
        try await run.stop()
    }

    @Test func aStacktermKilledWhileTheEditorRunsLeavesTheDraft() async throws {
        let editor = try Editor.make(text: "What I had written when the terminal went away.\n", then: "sleep 60")
        defer { editor.remove() }
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let run = try await Self.start(editor, store: store)
        do {
            #expect(await eventually(within: 20) { editor.environmentSeen.contains("EDITOR=") })
            let pid = try #require(run.stacktermPID())
            kill(pid, SIGKILL)
            #expect(await eventually(within: 10) { kill(pid, 0) != 0 })
            let drafts = try ShellRun.run(["drafts"], replica: nil, store: store, omitAPIBase: true)
            #expect(drafts.output.contains("answer to question \(Self.question)"), "\(drafts.output) \(drafts.errors)")
            #expect(drafts.output.contains("What I had written when the terminal went away."))
        } catch {
            try await run.stop()
            throw error
        }
        try await run.stop()
    }
}
