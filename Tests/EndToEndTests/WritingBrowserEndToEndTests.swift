import Foundation
#if canImport(Glibc)
import Glibc
#endif
import StackExchangeReplica
import TestSupport
import Testing

/// Writing in the browser as a person does, in tmux against the replica, with `EDITOR` a small script
/// (`TestEditor`) that writes a given text and records the terminal mode, the environment and its process id:
/// answer with the site's preview then post; ask with an unknown tag named and the similar questions shown; edit
/// one's own answer; a refused write keeps the draft for `D`; a killed editor leaves the screen whole and the draft.
@Suite(.serialized)
struct WritingBrowserEndToEndTests {
    /// Someone else's question, open for answers.
    static let otherQuestion = SignInEndToEndTests.otherQuestion
    /// A closed question of the bundled captures: the site refuses answers to it.
    static let closedQuestion = 15_161_774
    static let answerText = """
        The **distinctive-answer-phrase** is the point:

        ```swift
        let greeting = "hello"
        ```
        """

    static func link(_ questionID: Int) -> String { "https://stackoverflow.com/questions/\(questionID)" }

    /// Runs `body` signed in, at `width`×`height`, with `EDITOR` the test editor.
    static func writing(
        width: Int = 120, height: Int = 40, arguments: [String] = [], store: StoreDirectory? = nil,
        jobControlShell: Bool = false, _ body: (StacktermRun, TestEditor) async throws -> Void
    ) async throws {
        let editor = try TestEditor()
        defer { editor.remove() }
        try await SignInEndToEndTests.signedIn(
            width: width, height: height, arguments: arguments, environment: editor.environment, store: store,
            jobControlShell: jobControlShell
        ) { run in try await body(run, editor) }
    }

    /// Waits for the screen to hold `text` somewhere.
    static func waitForScreen(_ run: StacktermRun, _ text: String, within seconds: Double = 15) async -> Bool {
        let found = await eventually(within: seconds) { (try? run.tmux.capture().contains { $0.contains(text) }) == true }
        if !found { run.printDiagnosis(waitingFor: text) }
        return found
    }

    /// Opens `questionID` by its link and waits for its detail.
    static func openQuestion(_ questionID: Int, in run: StacktermRun) async throws {
        #expect(await eventually(within: 15) { run.lastFrame()?["screen"] as? String == "detail" })
        #expect(try await run.waitForStatus("line 1/"), "the detail has loaded")
    }

    /// The writes (not the previews) sent to `path`'s kind of endpoint.
    static func writes(_ run: StacktermRun, suffix: String) -> (previews: Int, posts: Int) {
        let sent = run.replica.logEntries().filter { $0.path.hasSuffix(suffix) && $0.path.hasPrefix("/2.3/") }
        let previews = sent.filter { $0.query["preview"] == "true" }.count
        return (previews, sent.count - previews)
    }

    /// The screen drawn whole by stackterm: the alternate screen is on, nothing of the editor's own screen shows,
    /// and the status bar is on the last row.
    static func expectWholeScreen(_ run: StacktermRun, height: Int) throws {
        let rows = try run.tmux.capture()
        #expect(!rows.contains { $0.contains(TestEditor.garbage) }, "nothing the editor drew stays: \(rows)")
        let flags = try run.tmux.command("display-message", "-p", "-t", run.tmux.target,
                                         "#{alternate_on} #{mouse_sgr_flag} #{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}")
        #expect(flags.trimmingCharacters(in: .whitespacesAndNewlines) == "1 1 101",
                "alternate screen and mouse reports back on: \(flags)")
        #expect(rows.count >= height - 1)
    }

    @Test(arguments: [(120, 40), (80, 24)])
    func answerWithThePreviewThenPostIt(size: (Int, Int)) async throws {
        let (width, height) = size
        try await Self.writing(width: width, height: height, arguments: [Self.link(Self.otherQuestion)]) { run, editor in
            try await Self.openQuestion(Self.otherQuestion, in: run)
            try editor.willWrite(Self.answerText)
            try run.tmux.send("A")
            #expect(await Self.waitForScreen(run, "p post"), "the preview shows after the editor")
            #expect(await Self.waitForScreen(run, "distinctive-answer-phrase"), "the site's rendering of the text")
            // The editor had the terminal in its normal mode, and no secret in its environment.
            let modes = editor.terminalModes()
            #expect(modes.contains("icanon") && modes.contains("echo") && modes.contains("isig"), "\(modes)")
            let environment = editor.environmentSeen()
            #expect(!environment.contains("e2e-app-key") && !environment.contains(SignInEndToEndTests.token)
                    && !environment.contains("STACKEXCHANGE_KEY"), "no key, no token: \(environment)")
            #expect(environment.contains("E2E_EDITOR_DIR="), "the environment was recorded")
            try Self.expectWholeScreen(run, height: height)
            #expect(Self.writes(run, suffix: "/answers/add") == (1, 0), "one preview, nothing posted yet")

            try run.tmux.send("p")
            #expect(try await run.waitForStatus("posted"), "the status bar says it was posted")
            #expect(Self.writes(run, suffix: "/answers/add") == (1, 1), "exactly one write after the preview")
            #expect(await eventually(within: 15) { run.lastFrame()?["screen"] as? String == "detail" })
            // The question reloads with the new answer in it.
            try run.tmux.send("G")
            #expect(await Self.waitForScreen(run, "distinctive-answer-phrase"), "the answer is in the detail view")
        }
    }

    @Test func askWithAnUnknownTagThenTheSimilarQuestionsThenPostIt() async throws {
        try await Self.writing { run, editor in
            #expect(try await run.waitForStatus("1/30+"))
            let body = "I keep reading strings from a file and the loop never ends; what am I missing here?"
            try editor.willWrite("Title: How do I read a file line by line in Python?\nTags: python zzpythonn\n\n\(body)\n")
            try run.tmux.send("A")
            #expect(await Self.waitForScreen(run, "“zzpythonn” is not on stackoverflow"), "the unknown tag is named")
            #expect(await Self.waitForScreen(run, "Maybe already asked:"), "similar questions are shown")
            #expect(Self.writes(run, suffix: "/questions/add") == (0, 0), "nothing sent before the person says so")
            // Fixed in the editor: the checks again, then the preview and the post.
            try editor.willWrite("Title: How do I read a file line by line in Python?\nTags: python\n\n\(body)\n")
            try run.tmux.send("e")
            // The similar questions were on the screen before `e` too: wait for the checks of the text written again
            // (the unknown tag gone, the similar questions shown), not for a line that was already there.
            let checkedAgain = await eventually(within: 15) {
                let lines = (try? run.tmux.capture()) ?? []
                return !lines.contains { $0.contains("is not on stackoverflow") } && lines.contains { $0.contains("Maybe already asked:") }
            }
            #expect(checkedAgain, "the text written again is checked")
            try run.tmux.send("p")
            #expect(await Self.waitForScreen(run, "p post"), "the preview")
            try run.tmux.send("p")
            #expect(await eventually(within: 15) { Self.writes(run, suffix: "/questions/add").posts == 1 })
            #expect(await eventually(within: 15) { run.lastFrame()?["screen"] as? String == "detail" }, "the new question opens")
            #expect(await Self.waitForScreen(run, "How do I read a file line by line in Python?"))
        }
    }

    @Test func editYourOwnAnswerWithASummary() async throws {
        try await Self.writing(arguments: [Self.link(Self.otherQuestion)]) { run, editor in
            try await Self.openQuestion(Self.otherQuestion, in: run)
            // How many answers the question has (`Answer 1 of 5`), so the new one can be waited for.
            func answerCount() -> Int? {
                (try? run.tmux.capture())?.lazy.compactMap { $0.firstMatch(of: #/Answer \d+ of (\d+)/#).flatMap { Int($0.1) } }.first
            }
            #expect(await eventually { answerCount() != nil })
            let answers = try #require(answerCount())
            try editor.willWrite(Self.answerText)
            try run.tmux.send("A")
            #expect(await Self.waitForScreen(run, "p post"))
            try run.tmux.send("p")
            #expect(try await run.waitForStatus("posted"))
            #expect(await eventually(within: 15) { run.lastFrame()?["screen"] as? String == "detail" })
            #expect(await eventually { answerCount() == answers + 1 }, "the new answer is in the question")
            // The new answer (score 0, bob's) made the current post with J from the top, then `e`. After each J, the
            // wait is for the post marked current (◀) to be another (its name, `Answer 3 of 6`: its age may move on
            // meanwhile), drawn whole (the same row in two looks running): then its row says whether it is bob's.
            try run.tmux.send("g")
            func markedRow() -> String? { (try? run.tmux.capture())?.first { $0.hasSuffix("◀") } }
            func name(_ row: String?) -> Substring? { row?.firstMatch(of: #/Question|Answer \d+ of \d+/#)?.0 }
            var onMine = false
            for _ in 0...answers where !onMine {
                let before = name(markedRow())
                try run.tmux.send("J")
                var last: String?
                let moved = await eventually {
                    let now = markedRow()
                    defer { last = now }
                    return name(now) != nil && name(now) != before && now == last
                }
                onMine = moved && last?.contains("score 0 · bob") == true
            }
            #expect(onMine, "the current post (◀) is the new answer")
            #expect(await Self.waitForScreen(run, "distinctive-answer-phrase"))
            try editor.willWrite(Self.answerText.replacingOccurrences(of: "distinctive-answer-phrase", with: "edited-answer-phrase"))
            try run.tmux.send("e")
            #expect(await Self.waitForScreen(run, "edited-answer-phrase"), "the edit's preview")
            #expect(editor.lastFileText().contains("distinctive-answer-phrase"), "the editor got the answer's Markdown")
            try run.tmux.send("p")
            #expect(await Self.waitForScreen(run, "edit summary"), "a summary is asked for")
            try run.tmux.sendLiteral("clearer wording")
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("posted"))
            let edits = run.replica.logEntries().filter { $0.path.hasSuffix("/edit") && $0.query["preview"] != "true" }
            #expect(edits.count == 1)
            #expect(edits.first?.query["comment"] == "clearer wording")
            try run.tmux.send("G")
            #expect(await Self.waitForScreen(run, "edited-answer-phrase"), "the edit shows in the detail view")
        }
    }

    @Test func aRefusedWriteKeepsTheDraftForTheDraftsScreen() async throws {
        try await Self.writing(arguments: [Self.link(Self.closedQuestion)]) { run, editor in
            try await Self.openQuestion(Self.closedQuestion, in: run)
            try editor.willWrite("An answer to a closed question, long enough to be sent to the site.")
            try run.tmux.send("A")
            #expect(await Self.waitForScreen(run, "not accepting answers"), "the site's message, whole")
            #expect(Self.writes(run, suffix: "/answers/add").posts == 0)
            try run.tmux.send("k")
            #expect(try await run.waitForStatus("draft kept"))
            try run.tmux.send("Escape")
            #expect(await eventually(within: 15) { run.lastFrame()?["screen"] as? String == "list" })
            try run.tmux.send("D")
            #expect(await Self.waitForScreen(run, "answer to question \(Self.closedQuestion)"), "the drafts list it")
            #expect(await Self.waitForScreen(run, "An answer to a closed question"))
            // Offered back on `A`.
            try run.tmux.send("Enter")
            #expect(await Self.waitForScreen(run, "not accepting answers"), "Enter edits it again, and the site refuses again")
        }
    }

    @Test func ctrlZInTheEditorStopsStacktermWithItAndFgBringsBothBack() async throws {
        try await Self.writing(arguments: [Self.link(Self.otherQuestion)], jobControlShell: true) { run, editor in
            try await Self.openQuestion(Self.otherQuestion, in: run)
            try editor.willWrite(Self.answerText, thenWaitToBeKilled: true)
            try run.tmux.send("A")
            #expect(await editor.waitUntilHolding() != nil)
            try run.tmux.send("C-z")
            #expect(await Self.waitForScreen(run, "Stopped"), "the shell has the terminal back: stackterm stopped too")
            editor.release()
            try run.tmux.sendLiteral("fg")
            try run.tmux.send("Enter")
            #expect(await Self.waitForScreen(run, "p post"), "both came back: the editor ended and the preview shows")
            try Self.expectWholeScreen(run, height: 40)
            #expect(try !run.tmux.capture().contains { $0.contains("Stopped") })
        }
    }

    @Test func anEditorThatStopsAloneStopsStacktermTooAndFgContinuesIt() async throws {
        try await Self.writing(arguments: [Self.link(Self.otherQuestion)], jobControlShell: true) { run, editor in
            try await Self.openQuestion(Self.otherQuestion, in: run)
            try editor.willWrite(Self.answerText)
            try editor.willStopAlone()
            try run.tmux.send("A")
            // Without waiting for the child's stop (WUNTRACED), stackterm would wait for it forever and the shell
            // would never get the terminal back.
            #expect(await Self.waitForScreen(run, "Stopped"), "stackterm stopped itself when its editor stopped")
            try run.tmux.sendLiteral("fg")
            try run.tmux.send("Enter")
            #expect(await Self.waitForScreen(run, "p post"), "fg continued stackterm, which continued the editor")
            try Self.expectWholeScreen(run, height: 40)
        }
    }

    @Test func aKilledEditorLeavesTheScreenWholeAndTheDraft() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        try await Self.writing(arguments: [Self.link(Self.otherQuestion)], store: store) { run, editor in
            try await Self.openQuestion(Self.otherQuestion, in: run)
            try editor.willWrite(Self.answerText, thenWaitToBeKilled: true)
            try run.tmux.send("A")
            let pid = try #require(await editor.waitUntilHolding())
            #expect(kill(pid, SIGTERM) == 0)
            #expect(try await run.waitForStatus("signal 15"), "the status bar says how the editor ended")
            try Self.expectWholeScreen(run, height: 40)
            #expect(try !run.tmux.capture().contains { $0.contains("p post") }, "nothing goes on to the preview")
            try run.tmux.send("Escape")
            #expect(await eventually(within: 15) { run.lastFrame()?["screen"] as? String == "list" })
            try run.tmux.send("D")
            #expect(await Self.waitForScreen(run, "distinctive-answer-phrase"), "what the file held is a draft")
        }
    }
}

/// The editor the tests run: a shell script that records `stty -a`, its environment and its pid, writes the text
/// the test gave it into the file (or leaves it), draws on its own alternate screen, and may wait to be killed.
struct TestEditor {
    /// What the script draws on the terminal; none of it may remain once stackterm has the screen back.
    static let garbage = "EDITOR-GARBAGE"
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-editor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            d="$E2E_EDITOR_DIR"
            echo $$ > "$d/pid"
            stty -a > "$d/stty" 2>&1
            env > "$d/env"
            cp "$1" "$d/file-given"
            printf '\\033[?1049h\\033[2J'
            i=0; while [ $i -lt 30 ]; do printf '%s %s\\n' '\(Self.garbage)' "$i"; i=$((i+1)); done
            if [ -f "$d/stop-alone" ]; then rm -f "$d/stop-alone"; kill -TSTP $$; fi
            if [ -f "$d/text" ]; then cp "$d/text" "$1"; fi
            if [ -f "$d/hold" ]; then
                echo held > "$d/holding"
                while [ -f "$d/hold" ]; do sleep 0.1; done
            fi
            exit 0
            """
        let path = directory.appendingPathComponent("editor.sh")
        try script.write(to: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path.path)
    }

    /// `EDITOR` and where the script keeps what it records; `VISUAL` emptied so `EDITOR` is the one read.
    var environment: [String: String] {
        ["EDITOR": directory.appendingPathComponent("editor.sh").path, "VISUAL": "", "E2E_EDITOR_DIR": directory.path]
    }

    /// The next run writes `text` into the file (and waits to be killed when asked).
    func willWrite(_ text: String, thenWaitToBeKilled: Bool = false) throws {
        try text.write(to: directory.appendingPathComponent("text"), atomically: true, encoding: .utf8)
        let hold = directory.appendingPathComponent("hold")
        if thenWaitToBeKilled {
            try "".write(to: hold, atomically: true, encoding: .utf8)
        } else {
            try? FileManager.default.removeItem(at: hold)
        }
    }

    /// The next run stops itself alone (`kill -TSTP $$`, as some editors do) before it writes.
    func willStopAlone() throws {
        try "".write(to: directory.appendingPathComponent("stop-alone"), atomically: true, encoding: .utf8)
    }

    /// Lets a held editor end.
    func release() {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("hold"))
    }

    /// The editor's pid once it wrote the file and waits to be killed.
    func waitUntilHolding() async -> pid_t? {
        let holding = directory.appendingPathComponent("holding").path
        guard await eventually(within: 15, { FileManager.default.fileExists(atPath: holding) }) else { return nil }
        return (try? String(contentsOf: directory.appendingPathComponent("pid"), encoding: .utf8))
            .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// The modes `stty -a` printed in the editor (`icanon`, `-echo`, …).
    func terminalModes() -> Set<String> {
        let text = (try? String(contentsOf: directory.appendingPathComponent("stty"), encoding: .utf8)) ?? ""
        return Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
    }

    /// The environment the editor saw, as `env` printed it.
    func environmentSeen() -> String {
        (try? String(contentsOf: directory.appendingPathComponent("env"), encoding: .utf8)) ?? ""
    }

    /// The file as stackterm handed it to the editor, last time.
    func lastFileText() -> String {
        (try? String(contentsOf: directory.appendingPathComponent("file-given"), encoding: .utf8)) ?? ""
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
