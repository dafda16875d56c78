public import Foundation
public import StorePorts
#if canImport(Glibc)
import Glibc
#endif

/// How the editor ran: what the injected runner reports.
public enum EditorRunResult: Hashable, Sendable {
    /// It exited with this status (0: saved and quit as usual).
    case exited(status: Int32)
    /// A signal ended it.
    case signalled(Int32)
    /// It could not be started, in one line.
    case failedToStart(String)
}

/// What came of one round in the editor.
public enum EditorSessionOutcome: Hashable, Sendable {
    /// Text was written: kept as the target's draft (`draftNote` says why it is kept only in memory, when it is).
    case written(EditorSubmission, text: String, draftNote: String?)
    /// Nothing to send: the file came back unchanged or empty; the message says so.
    case cancelled(String)
    /// The editor did not run, or ended badly; the message says so and whether what it wrote was kept as the draft.
    case failed(String)
}

/// One round of writing a text in the person's editor: the file written (0600, in the store's private directory)
/// with the instructions block, the editor run through an injected runner (the browser's hands the terminal over;
/// the shell's runs it directly), the file read back, and the text kept as the target's draft from the moment the
/// editor returns until it is posted or discarded.
public struct EditorSession: Sendable {
    /// Runs the editor on a file: the command's words, the file's path last. Returns when the editor has ended.
    public typealias Runner = @Sendable (_ arguments: [String]) -> EditorRunResult

    public var site: String
    public var target: WriteTarget
    /// The store's private directory where the file is written (made 0700 when missing).
    public var directory: URL
    public var command: EditorCommand
    public var drafts: any EditorDraftKeeping
    public var now: @Sendable () -> Date

    public init(
        site: String, target: WriteTarget, directory: URL, command: EditorCommand, drafts: any EditorDraftKeeping,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.site = site
        self.target = target
        self.directory = directory
        self.command = command
        self.drafts = drafts
        self.now = now
    }

    /// The file this process writes for the target: `site.target.pid.md`, so two stackterms never share one and a file
    /// left by one that died can be told apart (`recoverLeftovers`).
    public var file: URL {
        directory.appendingPathComponent("\(Self.safe(site)).\(Self.safe(target.storageKey)).\(getpid()).md")
    }

    /// Opens `text` in the editor and reads it back. `text` is the draft's text when the person took the draft back
    /// (`fromDraft`), else a fresh `EditorDocument`'s: an unchanged fresh file cancels, an unchanged draft is still
    /// the text to send. An empty file cancels and leaves an earlier draft as it was.
    public func run(text: String, fromDraft: Bool, runner: Runner) -> EditorSessionOutcome {
        let path = file
        if let problem = Self.writePrivately(text, to: path, directory: directory) {
            return .failed("the editor's file could not be written: \(problem)")
        }
        defer { try? FileManager.default.removeItem(at: path) }
        let result = runner(command.invocation(path: path.path))
        if case .failedToStart(let why) = result {
            return .failed("the editor could not be started (\(command.arguments.joined(separator: " "))): \(why)")
        }
        guard let data = FileManager.default.contents(atPath: path.path) else {
            return .failed("the editor's file is gone (\(path.path)): nothing was kept")
        }
        let written = String(decoding: data, as: UTF8.self)
        let submission = EditorDocument.read(written, for: target)
        let changed = written != text
        if !changed, !fromDraft, case .exited(0) = result {
            return .cancelled("the file was not changed: nothing sent")
        }
        if submission.isEmpty {
            return .cancelled(fromDraft ? "the file was empty: nothing sent, the earlier draft is kept" : "the file was empty: nothing sent")
        }
        let note = changed || drafts.draft(site: site, target: target) == nil
            ? drafts.keep(EditorDraft(site: site, target: target, text: written, updatedAt: now())) : nil
        switch result {
        case .exited(0):
            return .written(submission, text: written, draftNote: note)
        case .exited(let status):
            return .failed("the editor exited with status \(status): nothing sent, "
                + (changed ? "your text is kept as a draft" : "the file was not changed") + (note.map { " (\($0))" } ?? ""))
        case .signalled(let signal):
            return .failed("the editor was ended by signal \(signal): nothing sent, "
                + (changed ? "your text is kept as a draft" : "the file was not changed") + (note.map { " (\($0))" } ?? ""))
        case .failedToStart:
            return .failed("the editor could not be started")
        }
    }

    /// The lines of the instructions block: what the text is for (the question's title and link when known), and
    /// what happens after the editor (`nextStep`, the keys of the caller's next screen).
    public static func instructions(for target: WriteTarget, site: String, title: String?, link: String?, nextStep: String) -> [String] {
        var lines: [String]
        switch target {
        case .answer:
            lines = ["Your answer to: \(title ?? target.summary)"]
        case .question:
            lines = ["Your question on \(site). Keep the Title: and Tags: lines (tags separated by spaces or commas)."]
        case .editQuestion:
            lines = ["Your edit of: \(title ?? target.summary). Keep the Title: and Tags: lines."]
        case .editAnswer:
            lines = ["Your edit of your answer to: \(title ?? target.summary)"]
        }
        if let link { lines.append(link) }
        lines += [
            "Write Markdown below this comment; the comment itself is removed before sending.",
            "Save and quit to go on; quit without changes (or leave the text empty) to cancel.",
            nextStep,
        ]
        return lines
    }

    /// Files an editor round left behind in `directory` because the stackterm that ran it died (its process is gone):
    /// each is kept as its target's draft when it differs from the kept one, then removed. Returns what was recovered.
    @discardableResult
    public static func recoverLeftovers(
        in directory: URL, drafts: any EditorDraftKeeping, now: Date, isRunning: (Int32) -> Bool = Self.processIsRunning
    ) -> [EditorDraft] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var recovered: [EditorDraft] = []
        for name in names where name.hasSuffix(".md") {
            let parts = name.dropLast(3).split(separator: ".").map(String.init)
            guard parts.count == 3, let pid = Int32(parts[2]), pid != getpid(), !isRunning(pid),
                  let site = parts[0].removingPercentEncoding, let key = parts[1].removingPercentEncoding,
                  let target = WriteTarget(storageKey: key) else { continue }
            let path = directory.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path.path) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            if !EditorDocument.read(text, for: target).isEmpty, drafts.draft(site: site, target: target)?.text != text {
                let draft = EditorDraft(site: site, target: target, text: text, updatedAt: now)
                if drafts.keep(draft) != nil { continue }
                recovered.append(draft)
            }
            try? FileManager.default.removeItem(at: path)
        }
        return recovered
    }

    /// Whether process `pid` exists.
    public static func processIsRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// `text` written to `path` readable by its owner alone (0600), in `directory` made 0700 when missing; nil, or
    /// why it could not be.
    static func writePrivately(_ text: String, to path: URL, directory: URL) -> String? {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            return "\(directory.path): \(error.localizedDescription)"
        }
        unlink(path.path)
        let descriptor = open(path.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return "\(path.path): \(String(cString: strerror(errno)))" }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return "\(path.path): \(String(cString: strerror(errno)))"
            }
            written += count
        }
        return nil
    }

    /// A name part safe in a file name: everything but letters, digits, `-` and `_` percent-encoded (`.` too, since
    /// it separates the parts).
    static func safe(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-_")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
