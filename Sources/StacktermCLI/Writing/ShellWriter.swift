public import Browser
public import Foundation
public import StackExchange
public import Store
public import StorePorts

/// The shell's writing, shared by `stackterm answer`, `ask` and `edit`: the text from the editor (or a file), kept as
/// the target's draft from the moment it is written; the checks before sending (lengths, tags, the site's limits,
/// a post changed meanwhile); the site's preview; a confirmation; and one write, never retried. A write whose answer
/// never came is looked for on the site before anything else happens, then or at the next command on the target.
///
/// Lines for the person go through `say` (stdout: the preview, the posted link) and `complain` (stderr, one line each,
/// prefixed `stackterm:`); text from the network passes the screen's filter first.
public struct ShellWriter {
    public var settings: StacktermSettings
    public var signIn: SignIn
    public var site: String
    public var drafts: any EditorDraftKeeping
    public var times: any WriteTimesKeeping
    public var keptFilter: KeptFilter
    /// Where the editor's file is written (the data directory's private `editor` directory).
    public var editorDirectory: URL
    /// Runs the person's editor on a file; nil when there is no terminal to run it on.
    public var editorRunner: EditorSession.Runner?
    /// The editor the environment names.
    public var editor: Result<EditorCommand, EditorCommandProblem>
    /// Asks the person a question on the terminal and returns the line typed; nil when there is no terminal.
    public var prompt: ((String) -> String?)?
    public var say: (String) -> Void = { StandardOutput.writeLine($0) }
    public var complain: (String) -> Void = { StandardError.write("stackterm: \($0)") }
    public var now: @Sendable () -> Date = { Date() }
    /// Sends one request and waits for its answer (the account commands' way: no queue, no retry).
    var send: (any APIRequest, BackendConfiguration) -> Result<Page<WrittenPost>, APIError>

    public init(
        settings: StacktermSettings, signIn: SignIn, site: String, drafts: any EditorDraftKeeping, times: any WriteTimesKeeping,
        keptFilter: KeptFilter, editorDirectory: URL, editorRunner: EditorSession.Runner?,
        editor: Result<EditorCommand, EditorCommandProblem>, prompt: ((String) -> String?)?
    ) {
        self.settings = settings
        self.signIn = signIn
        self.site = site
        self.drafts = drafts
        self.times = times
        self.keptFilter = keptFilter
        self.editorDirectory = editorDirectory
        self.editorRunner = editorRunner
        self.editor = editor
        self.prompt = prompt
        self.send = { request, configuration in BlockingAPICall.send(request, as: WrittenPost.self, configuration: configuration) }
    }

    /// The configuration requests go out with: the sign-in's token, the site asked.
    var backend: BackendConfiguration {
        var configuration = settings.backendConfiguration
        configuration.accessToken = signIn.accessToken
        configuration.signedInFilter = nil
        configuration.site = site
        return configuration
    }

    /// A read, waited for.
    func read<Item: Decodable & Sendable>(_ request: any APIRequest, as item: Item.Type) -> Result<Page<Item>, APIError> {
        BlockingAPICall.send(request, as: item, configuration: backend)
    }

    func tell(_ line: String) { say(InvisibleCharacters.printableLine(line)) }
    func warn(_ line: String) { complain(InvisibleCharacters.printableLine(line)) }

    // MARK: The filter

    /// The filter writes and their checks are read with: `withbody` and the Markdown (`WrittenPostFilter`), made once
    /// per API and kept beside the cache.
    func writeFilter() -> Result<String, WriteFailure> {
        let host = settings.backendConfiguration.baseURL.host ?? "localhost"
        if let kept = keptFilter.name(host: host, base: "withbody", fields: WrittenPostFilter.fields) { return .success(kept) }
        switch read(CreateFilterRequest(base: "withbody", include: WrittenPostFilter.fields), as: CreatedFilter.self) {
        case .success(let page):
            guard let name = page.items.first?.filter else { return .failure(WriteFailure("/filters/create answered no filter")) }
            keptFilter.keep(name, host: host, base: "withbody", fields: WrittenPostFilter.fields)
            return .success(name)
        case .failure(let error):
            return .failure(WriteFailure("the filter for writing could not be made: \(error.message)", status: ShellExit.unavailable.rawValue))
        }
    }

    // MARK: Running a write

    /// What a write is about beyond its target: the question's title and link for the instructions, the text a fresh
    /// file starts with, and for an edit the revision it was based on.
    public struct Context {
        public var title: String?
        public var link: String?
        public var document: EditorDocument
        /// For an edit: the post's `last_edit_date` (or its creation) when it was read.
        public var revision: Date?

        public init(title: String?, link: String?, document: EditorDocument, revision: Date? = nil) {
            self.title = title
            self.link = link
            self.document = document
            self.revision = revision
        }
    }

    /// What the command line gave besides the text.
    public struct Choices {
        public var source: String?
        public var preview: Bool
        public var yes: Bool
        public var comment: String?
        /// For `ask`: a title and tags that replace the file's headers.
        public var title: String?
        public var tags: [String]?

        public init(bodyFile: String?, preview: Bool, yes: Bool, comment: String? = nil, title: String? = nil, tags: [String]? = nil) {
            self.source = bodyFile
            self.preview = preview
            self.yes = yes
            self.comment = comment
            self.title = title
            self.tags = tags
        }
    }

    /// Writes for `target`, from the text to the posted post; the exit status.
    public func write(_ target: WriteTarget, context: Context, choices: Choices) -> Int32 {
        switch run(target, context: context, choices: choices) {
        case .success: return 0
        case .failure(let failure):
            warn(failure.message)
            return failure.status
        }
    }

    func run(_ target: WriteTarget, context: Context, choices: Choices) -> Result<Void, WriteFailure> {
        let filter: String
        switch writeFilter() {
        case .success(let name): filter = name
        case .failure(let failure): return .failure(failure)
        }
        // A write of this target whose answer never came: looked for before anything else.
        if let pending = drafts.draft(site: site, target: target), let sentAt = pending.sentAt {
            switch verify(pending, sentAt: sentAt, filter: filter) {
            case .posted(let post):
                drafts.discard(site: site, target: target)
                tell("an earlier send of this \(target.summary) had no answer, but it was posted: " + link(of: post))
                return .success(())
            case .notPosted:
                var kept = pending
                kept.sentAt = nil
                _ = drafts.keep(kept)
                warn("an earlier send of this \(target.summary) was not posted: its draft is kept")
            case nil:
                return .failure(WriteFailure(
                    "an earlier send of this \(target.summary) had no answer and the site cannot be asked now: "
                        + "it is looked for again before anything is sent; the draft is kept",
                    status: ShellExit.unavailable.rawValue))
            }
        }
        var fromDraft = false
        var text: String
        switch TextSource(bodyFile: choices.source).read() {
        case .failure(let failure):
            return .failure(failure)
        case .success(let given?):
            var submission = EditorDocument.read(given, for: target)
            if let title = choices.title { submission.title = title }
            if let tags = choices.tags { submission.tags = tags }
            if target.hasHeaders {
                submission.title = submission.title ?? context.document.title
                submission.tags = submission.tags ?? context.document.tags
            }
            var document = context.document
            document.title = submission.title ?? ""
            document.tags = submission.tags ?? []
            document.body = submission.body
            text = document.text
            if let earlier = drafts.draft(site: site, target: target), earlier.text != text {
                warn("the draft of \(Self.age(earlier.updatedAt, now: now())) for this \(target.summary) is replaced by the text given")
            }
            if let note = drafts.keep(EditorDraft(site: site, target: target, text: text, updatedAt: now())) { warn(note) }
        case .success(nil):
            if let earlier = drafts.draft(site: site, target: target) {
                guard let prompt else {
                    return .failure(WriteFailure(
                        "a draft of \(Self.age(earlier.updatedAt, now: now())) is kept for this \(target.summary), and there is no terminal to ask on: "
                            + "give --body-file, or see `stackterm drafts`"))
                }
                let answer = prompt("a draft of \(Self.age(earlier.updatedAt, now: now())) is kept for this \(target.summary): e edit it, d discard it and start afresh, q quit [e] ")
                switch answer?.trimmingCharacters(in: .whitespaces).lowercased() {
                case "", "e":
                    text = earlier.text
                    fromDraft = true
                case "d":
                    drafts.discard(site: site, target: target)
                    text = context.document.text
                default:
                    return .failure(WriteFailure("nothing sent: the draft is kept"))
                }
            } else {
                text = context.document.text
            }
            switch edit(text, target: target, fromDraft: fromDraft) {
            case .failure(let failure): return .failure(failure)
            case .success(let written): text = written
            }
        }
        // From here on the text is the draft: every way out keeps it, unless it is posted or discarded.
        while true {
            var submission = EditorDocument.read(text, for: target)
            if target.hasHeaders {
                if let title = choices.title { submission.title = title }
                if let tags = choices.tags { submission.tags = tags }
            }
            switch check(submission, target: target, context: context, choices: choices, filter: filter) {
            case .success(.posted), .success(.stopped):
                return .success(())
            case .success(.editAgain):
                switch edit(text, target: target, fromDraft: true) {
                case .failure(let failure): return .failure(failure)
                case .success(let written): text = written
                }
            case .failure(let failure):
                return .failure(failure)
            }
        }
    }

    /// One round in the editor on `text`; the text written, kept as the draft.
    func edit(_ text: String, target: WriteTarget, fromDraft: Bool) -> Result<String, WriteFailure> {
        guard let editorRunner else {
            return .failure(WriteFailure("no terminal for the editor: give the text with --body-file FILE (or - for standard input)"))
        }
        let command: EditorCommand
        switch editor {
        case .success(let found): command = found
        case .failure(let problem): return .failure(WriteFailure(problem.message))
        }
        let session = EditorSession(site: site, target: target, directory: editorDirectory, command: command, drafts: drafts, now: now)
        switch session.run(text: text, fromDraft: fromDraft, runner: editorRunner) {
        case .written(_, let written, let note):
            if let note { warn(note) }
            return .success(written)
        case .cancelled(let why):
            return .failure(WriteFailure(why))
        case .failed(let why):
            return .failure(WriteFailure(why))
        }
    }

    /// How one pass over the text ended.
    enum Pass {
        case posted
        /// Stopped on purpose (a preview only): the draft is kept.
        case stopped
        case editAgain
    }

    /// The checks, the preview, the confirmation and the write, for one version of the text.
    func check(
        _ submission: EditorSubmission, target: WriteTarget, context: Context, choices: Choices, filter: String
    ) -> Result<Pass, WriteFailure> {
        let kept = "your draft is kept (stackterm drafts)"
        let problems = submission.problems(for: target)
        if !problems.isEmpty { return offerEdit(problems, choices: choices, kept: kept) }
        if case .question = target {
            let unknown = unknownTags(submission.tags ?? [])
            if !unknown.isEmpty { return offerEdit(unknown, choices: choices, kept: kept) }
            showSimilar(title: submission.title ?? "", tags: submission.tags ?? [])
        }
        if let refusal = limitRefusal(target) { return .failure(WriteFailure(refusal + ": " + kept, status: ShellExit.throttled.rawValue)) }
        if let revision = context.revision, case .failure(let changed) = unchanged(target, since: revision, filter: filter, choices: choices) {
            return .failure(changed)
        }
        let preview = send(submission.request(site: site, target: target, comment: choices.comment, preview: true, filter: filter), backend)
        switch preview {
        case .failure(let error):
            return offerEdit(["the site refused it: \(Self.siteMessage(error))"], choices: choices, kept: kept)
        case .success(let page):
            guard let post = page.items.first else { return .failure(WriteFailure("the preview came back empty: " + kept)) }
            showPreview(post, target: target, context: context)
        }
        if choices.preview {
            warn("preview only: nothing posted; " + kept)
            return .success(.stopped)
        }
        if !choices.yes {
            guard let prompt else {
                return .failure(WriteFailure("not posted: there is no terminal to confirm on; add --yes to post without asking; " + kept))
            }
            let question = "p post it, e edit again, k keep the draft and quit, d discard it [k] "
            switch prompt(question)?.trimmingCharacters(in: .whitespaces).lowercased() {
            case "p", "y", "yes", "post": break
            case "e":
                if editorRunner == nil || choices.source != nil { return .failure(WriteFailure("nothing posted: " + kept)) }
                return .success(.editAgain)
            case "d":
                drafts.discard(site: site, target: target)
                tell("discarded: nothing posted")
                return .success(.stopped)
            default:
                return .failure(WriteFailure("nothing posted: " + kept))
            }
        }
        return post(submission, target: target, choices: choices, filter: filter)
    }

    /// Problems that stop the write: said, then (on a terminal, with the editor) the choice to edit again.
    func offerEdit(_ problems: [String], choices: Choices, kept: String) -> Result<Pass, WriteFailure> {
        for problem in problems.dropLast() { warn(problem) }
        let last = problems.last ?? "stopped"
        if let prompt, editorRunner != nil, choices.source == nil {
            warn(last)
            let answer = prompt("e edit again, q quit (the draft is kept) [e] ")?.trimmingCharacters(in: .whitespaces).lowercased()
            if answer == "" || answer == "e" { return .success(.editAgain) }
            return .failure(WriteFailure("nothing posted: " + kept))
        }
        return .failure(WriteFailure(last + "; " + kept))
    }

    /// The one write: the draft marked as sent and the site's clock advanced before it goes; then posted (the draft
    /// discarded), refused (the draft kept, the site's message whole), or no answer (looked for on the site).
    func post(_ submission: EditorSubmission, target: WriteTarget, choices: Choices, filter: String) -> Result<Pass, WriteFailure> {
        let sentAt = now()
        guard var draft = drafts.draft(site: site, target: target) else {
            return .failure(WriteFailure("the draft could not be read back: nothing sent"))
        }
        draft.sentAt = sentAt
        if let note = drafts.keep(draft) { warn(note) }
        if let note = times.recordWrite(site: site, kind: target.writeKind.rawValue, at: sentAt) { warn(note) }
        let request = submission.request(site: site, target: target, comment: choices.comment, preview: false, filter: filter)
        switch send(request, backend) {
        case .success(let page):
            drafts.discard(site: site, target: target)
            guard let post = page.items.first else {
                tell("posted")
                return .success(.posted)
            }
            tell((target.postWrite.isEdit ? "edited: " : "posted: ") + link(of: post))
            return .success(.posted)
        case .failure(let error) where error.leavesWriteOutcomeUnknown:
            warn("no answer from the site (\(error.message)): looking whether it was posted")
            switch verify(draft, sentAt: sentAt, filter: filter) {
            case .posted(let post):
                drafts.discard(site: site, target: target)
                tell((target.postWrite.isEdit ? "edited: " : "posted: ") + link(of: post))
                return .success(.posted)
            case .notPosted:
                draft.sentAt = nil
                _ = drafts.keep(draft)
                return .failure(WriteFailure("not posted: your draft is kept (stackterm drafts)"))
            case nil:
                return .failure(WriteFailure(
                    "not known whether it was posted (the site cannot be asked now): it is looked for before it can be sent again; "
                        + "your draft is kept", status: ShellExit.unavailable.rawValue))
            }
        case .failure(let error):
            draft.sentAt = nil
            _ = drafts.keep(draft)
            let status = error.isThrottleViolation ? ShellExit.throttled.rawValue : 1
            return .failure(WriteFailure("the site refused it: \(Self.siteMessage(error)); your draft is kept (stackterm drafts)", status: status))
        }
    }

    /// Whether the draft's write landed: the verdict, or nil when the site could not be asked.
    func verify(_ draft: EditorDraft, sentAt: Date, filter: String) -> WriteVerdict? {
        let verification = WriteVerification(site: site, target: draft.target, submission: EditorDocument.read(draft.text, for: draft.target),
                                             sentAt: sentAt, userID: signIn.userID)
        switch read(verification.request(filter: filter), as: WrittenPost.self) {
        case .success(let page): return verification.verdict(found: page.items)
        case .failure: return nil
        }
    }

    // MARK: The checks

    /// The tags that do not exist on the site, each named with the nearest existing names, as lines.
    func unknownTags(_ tags: [String]) -> [String] {
        guard !tags.isEmpty else { return [] }
        guard case .success(let page) = read(TagsInfoRequest(site: site, tags: tags), as: TagInfo.self) else { return [] }
        let existing = Set(page.items.map(\.name))
        return tags.filter { !existing.contains($0) }.map { tag in
            var suggestions: [String] = []
            for piece in [tag, String(tag.prefix(3))] where suggestions.isEmpty && piece.count >= 2 {
                if case .success(let found) = read(TagSearchRequest(site: site, inName: piece), as: TagInfo.self) {
                    suggestions = found.items.map(\.name).filter { $0 != tag }
                }
            }
            let nearest = suggestions.isEmpty ? "no tag near it" : "did you mean " + suggestions.prefix(5).joined(separator: ", ") + "?"
            return "the tag '\(tag)' does not exist on \(site): \(nearest)"
        }
    }

    /// The questions like this one already on the site, up to 5: "maybe already asked".
    func showSimilar(title: String, tags: [String]) {
        guard case .success(let page) = read(SimilarRequest(site: site, title: title, tagged: tags), as: Question.self),
              !page.items.isEmpty else { return }
        tell("Maybe already asked:")
        for question in page.items.prefix(5) {
            let answers = "\(question.answerCount) answer" + (question.answerCount == 1 ? "" : "s")
            tell("  \(question.score) votes · \(answers) · \(question.plainTitle)")
            tell("    \(ShellLinks.question(question, site: site))")
        }
        tell("")
    }

    /// Why the site's limits refuse a write of `target`'s kind now, or nil.
    func limitRefusal(_ target: WriteTarget) -> String? {
        guard case .success(let page) = read(WritePermissionsRequest(site: site), as: WritePermission.self) else { return nil }
        let kind = target.writeKind
        if let permission = page.items.first(where: { $0.objectType == kind.rawValue }) {
            if !permission.canAdd { return "the site does not let this account write a \(kind.rawValue)" }
        }
        let clock = WriteClock(site: site, times: times, now: now())
        return clock.verdict(site: site, kind: kind, limit: WriteLimit.of(kind, in: page.items), now: now()).refusal(kind: kind, now: now())
    }

    /// For an edit: the post as the site has it, checked against the revision the text was based on.
    func unchanged(_ target: WriteTarget, since revision: Date, filter: String, choices: Choices) -> Result<Void, WriteFailure> {
        let request: PostMarkdownRequest
        switch target {
        case .editQuestion(let id): request = PostMarkdownRequest(site: site, postID: id, isQuestion: true, filter: filter)
        case .editAnswer(let id): request = PostMarkdownRequest(site: site, postID: id, isQuestion: false, filter: filter)
        default: return .success(())
        }
        guard case .success(let page) = read(request, as: WrittenPost.self), let post = page.items.first,
              let edited = post.lastEditDate, edited > revision else { return .success(()) }
        let said = "the post changed on the site since it was read (edited \(Self.utc(edited)))"
        if !choices.yes, let prompt {
            let answer = prompt(said + ": s send yours over it, q quit (the draft is kept; `stackterm edit` again opens the new version) [q] ")
            if answer?.trimmingCharacters(in: .whitespaces).lowercased() == "s" { return .success(()) }
        }
        return .failure(WriteFailure(said + ": nothing sent; `stackterm edit` again opens the new version; your draft is kept (stackterm drafts)"))
    }

    // MARK: Showing

    /// The site's rendering of the post, in `--print`'s layout.
    func showPreview(_ post: WrittenPost, target: WriteTarget, context: Context) {
        let width = isatty(STDOUT_FILENO) == 1 ? 100 : nil
        let text = AnswerText(width: width, colors: false)
        let question: Question
        var answers: [Answer] = []
        switch target {
        case .question, .editQuestion:
            question = post.asQuestion
        case .answer, .editAnswer:
            question = Question(questionID: post.questionID, title: context.title ?? "", link: context.link, answerCount: 1,
                                creationDate: post.creationDate ?? now())
            answers = [post.asAnswer]
        }
        say("Preview (as the site renders it; nothing is posted yet):")
        say("")
        StandardOutput.write(text.text([ShellEntry(site: site, question: question, answers: answers)]))
        say("")
    }

    /// The post's link: an answer's made from its id, a question's the site's own when clean.
    func link(of post: WrittenPost) -> String {
        post.isAnswer ? ShellLinks.answer(post.asAnswer, site: site) : ShellLinks.question(post.asQuestion, site: site)
    }

    /// The API's refusal whole: its `error_message` for a site's error, else what went wrong.
    static func siteMessage(_ error: APIError) -> String {
        if case .stackExchange(_, let name, let message) = error { return "\(message) (\(name))" }
        return error.message
    }

    /// "12 min ago", "3 h ago", "2 days ago".
    public static func age(_ date: Date, now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        if seconds < 60 { return "\(seconds) s ago" }
        if seconds < 3_600 { return "\(seconds / 60) min ago" }
        if seconds < 86_400 { return "\(seconds / 3_600) h ago" }
        let days = seconds / 86_400
        return "\(days) day\(days == 1 ? "" : "s") ago"
    }

    /// `2026-11-28 21:00 UTC`.
    static func utc(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date) + " UTC"
    }
}
