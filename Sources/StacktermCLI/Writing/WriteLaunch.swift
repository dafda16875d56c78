public import Browser
public import Foundation
public import StackExchange
public import Store
public import StorePorts

/// What `answer`, `ask` and `edit` need before the text: the settings, the sign-in, the data file's drafts and write
/// times, the editor, and a terminal to ask on. Made by `WriteLaunch.prepare`; a problem ends the command in one line.
public struct WriteLaunch {
    /// Runs the editor in the executable (where the terminal and the child's clean environment are): made from the
    /// environment, nil when there is no terminal for it.
    public typealias RunnerMaker = (_ environment: [String: String]) -> EditorSession.Runner?

    public var settings: StacktermSettings
    public var signIn: SignIn
    public var paths: StorePaths
    public var drafts: EditorDraftStore
    public var times: WriteTimesStore
    public var environment: [String: String]
    public var runner: EditorSession.Runner?

    /// The settings and the sign-in for `options`, or the line that says why not (and its status).
    static func prepare(_ options: WriteOptions, site: String?, environment: [String: String], runnerMaker: RunnerMaker)
        -> Result<WriteLaunch, WriteFailure>
    {
        var account = options.account
        account.site = site ?? options.site
        let settings: StacktermSettings
        do {
            let browseOptions = try account.stacktermOptions()
            try browseOptions.validateKey(environment: environment)
            let resolved = try StacktermSettings.resolve(options: browseOptions, environment: environment)
            for warning in resolved.warnings { StandardError.write("stackterm: \(warning)") }
            settings = resolved.settings
        } catch let error as ConfigError {
            return .failure(WriteFailure(error.description, status: ConfigError.exitStatus))
        } catch {
            let line = StacktermOptions.message(for: error).split(separator: "\n").first.map(String.init) ?? "bad command line"
            return .failure(WriteFailure(line, status: ShellExit.usage.rawValue))
        }
        let paths = StorePaths(environment: environment)
        let signIn: SignIn?
        do {
            signIn = try SignInFile(paths: paths).load()
        } catch {
            return .failure(WriteFailure(error.description))
        }
        guard let signIn else {
            return .failure(WriteFailure(
                "not signed in: writing needs a sign-in with the write_access scope; run `stackterm login` (it asks for write_access)"))
        }
        guard signIn.apiBase == settings.apiBase.absoluteString else {
            return .failure(WriteFailure(
                "signed in on \(signIn.apiBase), not \(settings.apiBase.absoluteString): run `stackterm login` for this API"))
        }
        if let problem = settings.backendConfiguration.keyTransportProblem { return .failure(WriteFailure(problem, status: ConfigError.exitStatus)) }
        let personal = PersonalDataOpening(paths: paths, queues: .shared)
        if let reason = personal.unavailableReason {
            StandardError.write("stackterm: no data file (\(reason)): drafts are kept for this run only")
        }
        return .success(WriteLaunch(
            settings: settings, signIn: signIn, paths: paths, drafts: EditorDraftStore(personal: personal),
            times: WriteTimesStore(personal: personal), environment: environment, runner: runnerMaker(environment)))
    }

    /// The private directory the editor's files are written in.
    public static func editorDirectory(_ paths: StorePaths) -> URL {
        paths.dataDirectory.appendingPathComponent("editor", isDirectory: true)
    }

    /// The writer for `site`, asking on the terminal when standard input and standard error are one.
    func writer(site: String) -> ShellWriter {
        let terminal = isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1
        return ShellWriter(
            settings: settings, signIn: signIn, site: site, drafts: drafts, times: times,
            keptFilter: KeptFilter(cacheDirectory: paths.cacheDirectory), editorDirectory: Self.editorDirectory(paths),
            editorRunner: terminal ? runner : nil, editor: EditorCommand.resolve(environment: environment),
            prompt: terminal ? { question in Self.ask(question) } : nil)
    }

    /// `question` on stderr, and the line typed on stdin (nil at its end).
    static func ask(_ question: String) -> String? {
        FileHandle.standardError.write(Data(question.utf8))
        return Swift.readLine(strippingNewline: true)
    }

    /// The line the shell's instructions end with: what happens after the editor.
    static let nextStep = "After you save and quit: the site's preview, then p post, e edit again, k keep the draft, d discard."

    /// Prints `failure` and exits with its status.
    static func fail(_ failure: WriteFailure) -> Never {
        StandardError.write("stackterm: \(InvisibleCharacters.printableLine(failure.message))")
        Foundation.exit(failure.status)
    }

    /// The question or answer a command's argument names: a link, or a bare id (a question's, or as `isAnswer` says).
    static func address(_ argument: String, site: String?) -> Result<QuestionAddress, WriteFailure> {
        if let id = Int(argument) {
            guard id > 0 else { return .failure(WriteFailure("\(argument): not a post's id", status: ShellExit.usage.rawValue)) }
            return .success(QuestionAddress(site: site ?? "", questionID: id, answerID: nil))
        }
        switch QuestionAddress.parse(argument) {
        case .success(let address): return .success(address)
        case .failure(let refusal): return .failure(WriteFailure(refusal.message, status: ShellExit.usage.rawValue))
        }
    }
}
