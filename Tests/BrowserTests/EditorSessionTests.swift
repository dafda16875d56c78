import Browser
import Foundation
import StorePorts
import Testing

/// One round in the editor: the file written privately with its instructions, the editor run by an injected runner,
/// the text read back and kept as the target's draft from the moment the editor returns; unchanged or empty cancels.
struct EditorSessionTests {
    static let now = Date(timeIntervalSince1970: 1_795_435_200)

    /// Drafts kept in memory, standing in for the data file.
    final class MemoryDrafts: EditorDraftKeeping, @unchecked Sendable {
        // @unchecked Sendable: the tests use it from one thread.
        var kept: [String: EditorDraft] = [:]
        var refusal: String?
        func draft(site: String, target: WriteTarget) -> EditorDraft? { kept["\(site)/\(target.storageKey)"] }
        func keep(_ draft: EditorDraft) -> String? {
            kept["\(draft.site)/\(draft.target.storageKey)"] = draft
            return refusal
        }
        func discard(site: String, target: WriteTarget) { kept["\(site)/\(target.storageKey)"] = nil }
        func allDrafts() -> [EditorDraft] { Array(kept.values) }
    }

    /// What the runner saw: the arguments and the file's mode and text when the editor ran.
    final class Seen: @unchecked Sendable {
        // @unchecked Sendable: written by the runner, read after it returned, on one thread.
        var arguments: [String] = []
        var mode: Int = 0
        var text = ""
    }

    static func session(_ directory: URL, target: WriteTarget = .answer(questionID: 42), drafts: MemoryDrafts) -> EditorSession {
        EditorSession(site: "unix", target: target, directory: directory,
                      command: EditorCommand(arguments: ["code", "-w"], source: "EDITOR"), drafts: drafts, now: { Self.now })
    }

    /// A runner that records what it saw and writes `replacement(text)` back, as an editor would.
    static func editor(_ seen: Seen, result: EditorRunResult = .exited(status: 0), replacement: @escaping @Sendable (String) -> String?) -> EditorSession.Runner {
        { arguments in
            seen.arguments = arguments
            let path = arguments.last!
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            seen.mode = (attributes?[.posixPermissions] as? NSNumber)?.intValue ?? -1
            seen.text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if let new = replacement(seen.text) { try? new.write(toFile: path, atomically: false, encoding: .utf8) }
            return result
        }
    }

    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("editor-session-\(UUID().uuidString)")
        return url
    }

    @Test func theFileIsPrivateCarriesTheInstructionsAndTheTextIsKeptAsTheDraft() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let drafts = MemoryDrafts()
        let session = Self.session(directory, drafts: drafts)
        let instructions = EditorSession.instructions(
            for: .answer(questionID: 42), site: "unix", title: "How do I list files?", link: "https://unix.stackexchange.com/q/42",
            nextStep: "Next: p post, e edit again, k keep as draft, d discard")
        let document = EditorDocument(target: .answer(questionID: 42), instructions: instructions)
        let seen = Seen()
        let outcome = session.run(text: document.text, fromDraft: false, runner: Self.editor(seen) { $0 + "# Use ls\r\n\r\nRun `ls -l` to see every file in long form" })
        #expect(seen.arguments.prefix(2) == ["code", "-w"])
        #expect(seen.mode == 0o600)
        #expect(seen.text.hasPrefix("<!-- stackterm:"))
        #expect(seen.text.contains("How do I list files?") && seen.text.contains("https://unix.stackexchange.com/q/42")
            && seen.text.contains("p post, e edit again"))
        guard case .written(let submission, let text, let note) = outcome else { Issue.record("\(outcome)"); return }
        #expect(submission.body == "# Use ls\n\nRun `ls -l` to see every file in long form", "# kept, CRLF made LF, comment removed")
        #expect(note == nil)
        #expect(drafts.draft(site: "unix", target: .answer(questionID: 42))?.text == text)
        #expect(drafts.draft(site: "unix", target: .answer(questionID: 42))?.updatedAt == Self.now)
        #expect(!FileManager.default.fileExists(atPath: seen.arguments.last!), "the file is removed once the draft holds it")
    }

    @Test func anUnchangedOrEmptyFileCancelsAndSaysSo() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let drafts = MemoryDrafts()
        let session = Self.session(directory, drafts: drafts)
        let document = EditorDocument(target: .answer(questionID: 42), instructions: ["x"])
        let unchanged = session.run(text: document.text, fromDraft: false, runner: Self.editor(Seen()) { _ in nil })
        #expect(unchanged == .cancelled("the file was not changed: nothing sent"))
        let emptied = session.run(text: document.text, fromDraft: false, runner: Self.editor(Seen()) { _ in "\n\n" })
        #expect(emptied == .cancelled("the file was empty: nothing sent"))
        #expect(drafts.kept.isEmpty, "nothing kept")
    }

    @Test func aDraftTakenBackUnchangedIsStillTheTextAndAnEmptiedOneStaysKept() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let drafts = MemoryDrafts()
        let draft = EditorDraft(site: "unix", target: .answer(questionID: 42), text: "an answer long enough to be sent to the site\n",
                                updatedAt: Self.now.addingTimeInterval(-720))
        _ = drafts.keep(draft)
        let session = Self.session(directory, drafts: drafts)
        guard case .written(let submission, _, _) = session.run(text: draft.text, fromDraft: true, runner: Self.editor(Seen()) { _ in nil })
        else { Issue.record("an unchanged draft is the text to send"); return }
        #expect(submission.body == "an answer long enough to be sent to the site")
        #expect(drafts.draft(site: "unix", target: .answer(questionID: 42))?.updatedAt == draft.updatedAt, "not rewritten")
        let emptied = session.run(text: draft.text, fromDraft: true, runner: Self.editor(Seen()) { _ in "" })
        #expect(emptied == .cancelled("the file was empty: nothing sent, the earlier draft is kept"))
        #expect(drafts.draft(site: "unix", target: .answer(questionID: 42)) == draft)
    }

    @Test func anEditorThatFailsOrIsKilledKeepsWhatItWrote() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let drafts = MemoryDrafts()
        let session = Self.session(directory, drafts: drafts)
        let document = EditorDocument(target: .answer(questionID: 42), instructions: ["x"])
        let killed = session.run(text: document.text, fromDraft: false,
                                 runner: Self.editor(Seen(), result: .signalled(9)) { $0 + "half an answer" })
        #expect(killed == .failed("the editor was ended by signal 9: nothing sent, your text is kept as a draft"))
        #expect(drafts.draft(site: "unix", target: .answer(questionID: 42)).map { EditorDocument.read($0.text, for: .answer(questionID: 42)).body } == "half an answer")
        let missing = session.run(text: document.text, fromDraft: false, runner: { _ in .failedToStart("No such file or directory") })
        #expect(missing == .failed("the editor could not be started (code -w): No such file or directory"))
    }

    @Test func aDraftTheFileRefusesIsSaid() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let drafts = MemoryDrafts()
        drafts.refusal = "draft not saved (this run only): the disk is full"
        let session = Self.session(directory, drafts: drafts)
        let outcome = session.run(text: "", fromDraft: false, runner: Self.editor(Seen()) { _ in "some answer text" })
        guard case .written(_, _, let note) = outcome else { Issue.record("\(outcome)"); return }
        #expect(note == "draft not saved (this run only): the disk is full")
    }

    @Test func aFileLeftByAStacktermThatDiedBecomesItsDraft() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let drafts = MemoryDrafts()
        let text = "<!-- stackterm:\n  x\n-->\nTitle: A question about files\nTags: ls\n\nwhat I had written so far\n"
        try text.write(to: directory.appendingPathComponent("unix.question.999999.md"), atomically: false, encoding: .utf8)
        try "other".write(to: directory.appendingPathComponent("unix.question.1.md"), atomically: false, encoding: .utf8)
        let recovered = EditorSession.recoverLeftovers(in: directory, drafts: drafts, now: Self.now, isRunning: { $0 == 1 })
        #expect(recovered == [EditorDraft(site: "unix", target: .question, text: text, updatedAt: Self.now)])
        #expect(drafts.draft(site: "unix", target: .question)?.text == text)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("unix.question.999999.md").path))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("unix.question.1.md").path),
                "a running stackterm's file is left alone")
    }

    @Test func theChecksBeforeSendingSayWhatTheSiteWouldRefuse() {
        let question = EditorDocument.read("Title: short\nTags: a, b c;d e f\n\ntoo short", for: .question)
        #expect(question.problems(for: .question) == [
            "a title is 15 to 150 characters, not 5", "a body is 30 to 30,000 characters, not 9",
            "a question has 1 to 5 tags, not 6",
        ])
        let good = EditorDocument.read("Title: How do I list hidden files?\nTags: ls\n\n" + String(repeating: "x", count: 30), for: .question)
        #expect(good.problems(for: .question).isEmpty)
        #expect(EditorSubmission(body: String(repeating: "y", count: 30_001)).problems(for: .answer(questionID: 1))
            == ["a body is 30 to 30,000 characters, not 30001"])
    }
}
