public import ArgumentParser
public import Browser
public import Foundation
public import StackExchange
public import Store
public import StorePorts

/// `stackterm answer URL|ID`: answers a question, in the editor or from a file, with the site's preview first.
public struct AnswerCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "answer", _superCommandName: "stackterm",
        abstract: "Answer a question: write it in $VISUAL/$EDITOR (or --body-file), see the site's preview, then post it.",
        discussion: "The text is kept as a draft from the moment the editor returns until it is posted or discarded (stackterm drafts). A write is never sent twice: one whose answer never came is looked for on the site first.")

    @Argument(help: ArgumentHelp("The question's link, or its id (with --site).", valueName: "url-or-id"))
    var question: String

    @OptionGroup var options: WriteOptions

    public init() {}

    /// Runs `stackterm answer` with the arguments after `answer`, and exits with its status.
    public static func runAndExit(_ arguments: [String], runnerMaker: WriteLaunch.RunnerMaker) -> Never {
        let command: AnswerCommand = WriteCommandLine.parse(arguments)
        let environment = ProcessInfo.processInfo.environment
        let address: QuestionAddress
        switch WriteLaunch.address(command.question, site: command.options.site) {
        case .success(let found): address = found
        case .failure(let failure): WriteLaunch.fail(failure)
        }
        let launch: WriteLaunch
        switch WriteLaunch.prepare(command.options, site: address.site.isEmpty ? nil : address.site, environment: environment,
                                   runnerMaker: runnerMaker) {
        case .success(let prepared): launch = prepared
        case .failure(let failure): WriteLaunch.fail(failure)
        }
        let writer = launch.writer(site: launch.settings.site)
        let filter: String
        switch writer.writeFilter() {
        case .success(let name): filter = name
        case .failure(let failure): WriteLaunch.fail(failure)
        }
        var questionID = address.questionID ?? 0
        if address.questionID == nil, let answerID = address.answerID {
            switch writer.read(PostMarkdownRequest(site: writer.site, postID: answerID, isQuestion: false, filter: filter), as: WrittenPost.self) {
            case .success(let page) where !page.items.isEmpty: questionID = page.items[0].questionID
            case .success: WriteLaunch.fail(WriteFailure("no answer \(answerID) on \(writer.site)"))
            case .failure(let error): WriteLaunch.fail(WriteFailure("the answer's question could not be read: \(error.message)", status: ShellExit.unavailable.rawValue))
            }
        }
        let post: WrittenPost
        switch writer.read(PostMarkdownRequest(site: writer.site, postID: questionID, isQuestion: true, filter: filter), as: WrittenPost.self) {
        case .success(let page) where !page.items.isEmpty: post = page.items[0]
        case .success: WriteLaunch.fail(WriteFailure("no question \(questionID) on \(writer.site)"))
        case .failure(let error): WriteLaunch.fail(WriteFailure("the question could not be read: \(error.message)", status: ShellExit.unavailable.rawValue))
        }
        let target = WriteTarget.answer(questionID: questionID)
        let title = post.plainTitle.map(InvisibleCharacters.printableLine)
        let link = ShellLinks.question(post.asQuestion, site: writer.site)
        let document = EditorDocument(target: target, instructions: EditorSession.instructions(
            for: target, site: writer.site, title: title, link: link, nextStep: WriteLaunch.nextStep))
        let context = ShellWriter.Context(title: post.title, link: link, document: document)
        Foundation.exit(writer.write(target, context: context, choices: ShellWriter.Choices(
            bodyFile: command.options.bodyFile, preview: command.options.preview, yes: command.options.yes)))
    }
}

/// `stackterm ask`: asks a question, with its title and tags checked and the similar questions shown first.
public struct AskCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "ask", _superCommandName: "stackterm",
        abstract: "Ask a question: Title: and Tags: lines above the body; the tags are checked and similar questions shown before the preview.",
        discussion: "A tag that does not exist on the site is named with the nearest existing ones. The text is kept as a draft until it is posted or discarded (stackterm drafts).")

    @Option(help: ArgumentHelp("The question's title (replaces the file's Title: line).", valueName: "title"))
    var title: String?

    @Option(help: ArgumentHelp("The question's tags, separated by spaces or commas (replaces the file's Tags: line).", valueName: "tags"))
    var tags: String?

    @OptionGroup var options: WriteOptions

    public init() {}

    public static func runAndExit(_ arguments: [String], runnerMaker: WriteLaunch.RunnerMaker) -> Never {
        let command: AskCommand = WriteCommandLine.parse(arguments)
        let launch: WriteLaunch
        switch WriteLaunch.prepare(command.options, site: nil, environment: ProcessInfo.processInfo.environment, runnerMaker: runnerMaker) {
        case .success(let prepared): launch = prepared
        case .failure(let failure): WriteLaunch.fail(failure)
        }
        let writer = launch.writer(site: launch.settings.site)
        let target = WriteTarget.question
        let tags = command.tags.map(EditorDocument.splitTags)
        let document = EditorDocument(
            target: target,
            instructions: EditorSession.instructions(for: target, site: writer.site, title: nil, link: nil, nextStep: WriteLaunch.nextStep),
            title: command.title ?? "", tags: tags ?? [])
        let context = ShellWriter.Context(title: nil, link: nil, document: document)
        Foundation.exit(writer.write(target, context: context, choices: ShellWriter.Choices(
            bodyFile: command.options.bodyFile, preview: command.options.preview, yes: command.options.yes,
            title: command.title, tags: tags)))
    }
}

/// `stackterm edit URL`: edits one's own question or answer, from its current Markdown.
public struct EditCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "edit", _superCommandName: "stackterm",
        abstract: "Edit your own question or answer from its current Markdown (a question with its Title: and Tags: lines).",
        discussion: "A post that changed on the site since it was read is said before anything is sent. The text is kept as a draft until it is posted or discarded (stackterm drafts).")

    @Argument(help: ArgumentHelp("The post's link: a question's, or an answer's (/a/ID or #answer-ID).", valueName: "url"))
    var post: String

    @Option(help: ArgumentHelp("The edit summary the site shows in the post's history.", valueName: "text"))
    var comment: String?

    @Flag(help: "Take the link's id as an answer's (with a bare id).")
    var answer = false

    @OptionGroup var options: WriteOptions

    public init() {}

    /// The revision an edit's text is based on, in its instructions block: `based on the revision of … (SECONDS)`.
    static func revisionLine(_ date: Date) -> String {
        "Based on the revision of \(ShellWriter.utc(date)) (\(Int(date.timeIntervalSince1970)))."
    }

    /// The revision `text`'s instructions name, if any.
    static func revisionDate(in text: String) -> Date? {
        guard let range = text.range(of: #"Based on the revision of [^(\n]*\((\d+)\)"#, options: .regularExpression) else { return nil }
        let digits = text[range].split(separator: "(").last?.dropLast() ?? ""
        return Int(digits).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    public static func runAndExit(_ arguments: [String], runnerMaker: WriteLaunch.RunnerMaker) -> Never {
        let command: EditCommand = WriteCommandLine.parse(arguments)
        var address: QuestionAddress
        switch WriteLaunch.address(command.post, site: command.options.site) {
        case .success(let found): address = found
        case .failure(let failure): WriteLaunch.fail(failure)
        }
        if command.answer, address.answerID == nil { address = QuestionAddress(site: address.site, questionID: nil, answerID: address.questionID) }
        let launch: WriteLaunch
        switch WriteLaunch.prepare(command.options, site: address.site.isEmpty ? nil : address.site,
                                   environment: ProcessInfo.processInfo.environment, runnerMaker: runnerMaker) {
        case .success(let prepared): launch = prepared
        case .failure(let failure): WriteLaunch.fail(failure)
        }
        let writer = launch.writer(site: launch.settings.site)
        let filter: String
        switch writer.writeFilter() {
        case .success(let name): filter = name
        case .failure(let failure): WriteLaunch.fail(failure)
        }
        let isQuestion = address.answerID == nil
        let id = address.answerID ?? address.questionID ?? 0
        let post: WrittenPost
        switch writer.read(PostMarkdownRequest(site: writer.site, postID: id, isQuestion: isQuestion, filter: filter), as: WrittenPost.self) {
        case .success(let page) where !page.items.isEmpty: post = page.items[0]
        case .success: WriteLaunch.fail(WriteFailure("no \(isQuestion ? "question" : "answer") \(id) on \(writer.site)"))
        case .failure(let error): WriteLaunch.fail(WriteFailure("the post could not be read: \(error.message)", status: ShellExit.unavailable.rawValue))
        }
        guard post.owner?.userID == launch.signIn.userID else {
            WriteLaunch.fail(WriteFailure("this \(isQuestion ? "question" : "answer") is not yours: stackterm edits only your own posts"))
        }
        let target: WriteTarget = isQuestion ? .editQuestion(questionID: id) : .editAnswer(answerID: id)
        var title = post.plainTitle
        var link = ShellLinks.question(post.asQuestion, site: writer.site)
        if !isQuestion {
            link = ShellLinks.answer(post.asAnswer, site: writer.site)
            if case .success(let page) = writer.read(PostMarkdownRequest(site: writer.site, postID: post.questionID, isQuestion: true, filter: filter), as: WrittenPost.self) {
                title = page.items.first?.plainTitle
            }
        }
        let read = post.lastEditDate ?? post.creationDate ?? Date()
        // A draft taken back is based on the revision its own file names, not on the one read now.
        let revision = launch.drafts.draft(site: writer.site, target: target).flatMap { revisionDate(in: $0.text) } ?? read
        let document = EditorDocument(
            target: target,
            instructions: EditorSession.instructions(
                for: target, site: writer.site, title: title.map(InvisibleCharacters.printableLine), link: link,
                nextStep: WriteLaunch.nextStep) + [revisionLine(read)],
            title: post.plainTitle ?? "", tags: post.tags, body: post.plainBodyMarkdown ?? "")
        let context = ShellWriter.Context(title: title, link: link, document: document, revision: revision)
        Foundation.exit(writer.write(target, context: context, choices: ShellWriter.Choices(
            bodyFile: command.options.bodyFile, preview: command.options.preview, yes: command.options.yes, comment: command.comment)))
    }
}

/// `stackterm drafts`: the texts written and not yet posted or discarded, newest first; `--show N` prints one,
/// `--discard N` forgets one.
public struct DraftsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "drafts", _superCommandName: "stackterm",
        abstract: "List the drafts kept (site, what for, age, first line); --show N prints one, --discard N forgets one.")

    @Option(help: ArgumentHelp("Print draft N's whole text.", valueName: "n"))
    var show: Int?

    @Option(help: ArgumentHelp("Forget draft N.", valueName: "n"))
    var discard: Int?

    public init() {}

    public func validate() throws {
        if show != nil, discard != nil { throw ValidationError("--show and --discard go one at a time") }
    }

    public static func runAndExit(_ arguments: [String]) -> Never {
        let command: DraftsCommand = WriteCommandLine.parse(arguments)
        let environment = ProcessInfo.processInfo.environment
        let paths = StorePaths(environment: environment)
        let personal = PersonalDataOpening(paths: paths, queues: .shared)
        if let reason = personal.unavailableReason { WriteLaunch.fail(WriteFailure("no data file: \(reason)")) }
        let drafts = EditorDraftStore(personal: personal)
        let now = Date()
        EditorSession.recoverLeftovers(in: WriteLaunch.editorDirectory(paths), drafts: drafts, now: now)
        let all = drafts.allDrafts()
        func pick(_ number: Int) -> EditorDraft {
            guard (1...max(1, all.count)).contains(number), number <= all.count else {
                WriteLaunch.fail(WriteFailure("no draft \(number): there \(all.count == 1 ? "is 1" : "are \(all.count)") (stackterm drafts)",
                                              status: ShellExit.usage.rawValue))
            }
            return all[number - 1]
        }
        if let number = command.show {
            StandardOutput.write(pick(number).text)
            Foundation.exit(0)
        }
        if let number = command.discard {
            let draft = pick(number)
            drafts.discard(site: draft.site, target: draft.target)
            StandardOutput.writeLine("discarded the draft of \(draft.target.summary) on \(draft.site)")
            Foundation.exit(0)
        }
        guard !all.isEmpty else {
            StandardOutput.writeLine("no drafts")
            Foundation.exit(1)
        }
        for line in DraftList.lines(all, now: now) { StandardOutput.writeLine(line) }
        Foundation.exit(0)
    }
}

/// The drafts as `stackterm drafts` lists them.
public enum DraftList {
    /// One line a draft: its number, site, what it is for, its age, and its first line of text (a question's title).
    public static func lines(_ drafts: [EditorDraft], now: Date) -> [String] {
        drafts.enumerated().map { index, draft in
            let submission = EditorDocument.read(draft.text, for: draft.target)
            let first = (submission.title.flatMap { $0.isEmpty ? nil : $0 }
                ?? submission.body.split(separator: "\n").first.map(String.init) ?? "")
            let clipped = first.count > 60 ? String(first.prefix(59)) + "…" : first
            let pending = draft.sentAt == nil ? "" : " (sent, not confirmed)"
            return InvisibleCharacters.printableLine(
                "\(index + 1)  \(draft.site)  \(draft.target.summary)  \(ShellWriter.age(draft.updatedAt, now: now))\(pending)  \(clipped)")
        }
    }
}

/// Parsing a writing command's arguments, with the command line's one-line errors.
enum WriteCommandLine {
    static func parse<Command: ParsableCommand>(_ arguments: [String]) -> Command {
        do {
            let parsed = try Command.parseAsRoot(arguments)
            guard let command = parsed as? Command else {
                var other = parsed
                try other.run()
                Foundation.exit(0)
            }
            return command
        } catch {
            CommandLineEnd.end(Command.self, error: error, arguments: arguments)
        }
    }
}
