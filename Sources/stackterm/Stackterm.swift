import HTTPDriver
import Images
import ArgumentParser
import Browser
import Dispatch
import Foundation
import StackExchange
import StacktermCLI
import Store
import Terminal

/// The `stackterm` command: parses the command line, starts the app on the main queue and never returns.
///
/// Exit statuses: 0 after `q`; 64 for a bad command line; 1 when stdin or stdout is not a terminal,
/// `TERM` is unknown or the trace file cannot be created; 130, 143 and 129 after SIGINT, SIGTERM and
/// SIGHUP (the terminal restored first in every case); 78 (`EX_CONFIG`) for a bad config file; 73 when
/// `--write-default-config` finds a file already there. A launch that answers on stdout (`--print`, `--json`, or a
/// query into a pipe) exits as `ShellExit` says: 0 found, 1 nothing, 64, 69, 75 or 78. Any launch whose stdout reader
/// went away ends quietly with 141 (`StandardOutput`).
@main
struct Stackterm: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stackterm",
        abstract: "Ask Stack Overflow and the other Stack Exchange sites from the shell, and browse them in the terminal.",
        discussion: """
            stackterm QUERY… searches and opens the results; stackterm URL opens that question. With --print (or when \
            stdout is not a terminal) the best answer is printed instead, with --json a JSON document (schema 1). Exit \
            statuses: \(ExitStatusCatalog.summary).
            """,
        version: StacktermVersion.current,
        subcommands: [
            LoginCommand.self, LogoutCommand.self, WhoamiCommand.self, WatchCommand.self, ImportCommand.self, AnswerCommand.self,
            AskCommand.self, EditCommand.self, DraftsCommand.self,
        ]
    )

    @OptionGroup var options: StacktermOptions

    /// When the process started (see `ProcessStart`), set first thing in `main`.
    nonisolated(unsafe) private static var origin: ContinuousClock.Instant?
    /// The steps before the trace file exists, for its first lines: Swift's `main` and the command line parsed.
    nonisolated(unsafe) private static var startMarks: [(String, ContinuousClock.Instant)] = []
    /// The store, when it started opening before the command line was parsed (`EarlyStore`).
    nonisolated(unsafe) private static var early: EarlyStoreStart?
    /// The process's environment, as `main` read it.
    nonisolated(unsafe) private static var environment: [String: String]?
    // nonisolated(unsafe): written only in main(), on the main thread, before run() reads them; no other thread
    // touches them (the early store's threads get their own values).

    /// ArgumentParser's own entry point, except that a bad command line is reported on one line (exit 64).
    static func main() {
        // The trace's origin: the process start, estimated before argument parsing or any other work.
        origin = ProcessStart.estimate()
        startMarks.append(("swift-main", .now))
        // While this is still the only thread: curses' start sets LINES and COLUMNS for a moment, and must find them
        // (`reserveSizeEnvironment`).
        TerminalSession.reserveSizeEnvironment()
        // A query, a link, `--print` or `--json` needs libcurl first of all, and loads it beside the rest.
        NetworkWarmUp.startIfNeeded(arguments: CommandLine.arguments)
        if CommandLine.arguments.dropFirst().first == "import" { ImportCommand.runAndExit(Array(CommandLine.arguments.dropFirst(2))) }
        if CommandLine.arguments.dropFirst().first == "watch" { WatchCommand.runAndExit(Array(CommandLine.arguments.dropFirst(2))) }
        WriteSubcommands.runIfNamed(Array(CommandLine.arguments.dropFirst()))
        if case let arguments = Array(CommandLine.arguments.dropFirst()), let index = StacktermOptions.firstWordIndex(in: arguments),
           arguments[index] == "help" {
            HelpLaunch.runAndExit(Array(arguments[(index + 1)...]))
        }
        let environment = ProcessEnvironment.read()
        Self.environment = environment
        early = EarlyStore.startIfBrowsing(arguments: CommandLine.arguments, environment: environment)
        let command: Stackterm
        do {
            var stackterm: Stackterm
            if let options = BrowseCommandLine.options(Array(CommandLine.arguments.dropFirst())) {
                // A launch that only browses: read without ArgumentParser's reflection (see `BrowseCommandLine`).
                stackterm = Stackterm()
                stackterm.options = options
            } else if case let arguments = Array(CommandLine.arguments.dropFirst()),
                      let index = StacktermOptions.accountCommandIndex(in: arguments) {
                // An account command: the query's positional words would otherwise take its name as a word (ArgumentParser
                // reads the root's arguments before looking for a subcommand). `--` first reaches the query.
                let global = try StacktermOptions.parse(Array(arguments[..<index]))
                let subcommand = configuration.subcommands.first { $0._commandName == arguments[index] }!
                guard var parsed = try subcommand.parseAsRoot(Array(arguments[(index + 1)...])) as? any AccountSubcommand else {
                    // `--help` after the command's name: its help as `stackterm login` (not a bare `login`).
                    StandardOutput.writeLine(helpMessage(for: subcommand))
                    StandardOutput.end(.written)
                }
                parsed.options = parsed.options.merged(with: global)
                try parsed.run()
                exit()
            } else {
                var parsed = try parseAsRoot()
                guard let parsedStackterm = parsed as? Stackterm else {
                    // `--help` and `--version` parse into ArgumentParser's own commands; they print and finish.
                    try parsed.run()
                    exit()
                }
                stackterm = parsedStackterm
            }
            try stackterm.options.validateKey(environment: environment)
            command = stackterm
            startMarks.append(("parsed", .now))
        } catch {
            // `stackterm --help` ends with the keys that matter first; `--version` prints as it is.
            CommandLineEnd.end(
                Stackterm.self, error: error, arguments: Array(CommandLine.arguments.dropFirst()),
                appendingToHelp: ActionTable.usefulKeysText())
        }
        do {
            try command.run()
        } catch {
            CommandLineEnd.end(Stackterm.self, error: error, arguments: Array(CommandLine.arguments.dropFirst()))
        }
    }

    func run() throws {
        SignalWatcher.unblockWatchedSignals()
        SignalWatcher.ignoreBrokenPipes()
        let origin = Self.origin ?? ProcessStart.estimate()
        // Read once, in `main` (Foundation builds the dictionary anew at each read).
        let environment = Self.environment ?? ProcessEnvironment.read()
        if options.cacheInfo {
            let megabytes = loadSettings(environment: environment).cacheSizeMegabytes
            StandardOutput.writeLine(StoreCommands.cacheInfo(paths: StorePaths(environment: environment), sizeLimitMegabytes: megabytes))
            return
        }
        if options.clearCache {
            let outcome = StoreCommands.clearCache(paths: StorePaths(environment: environment))
            if outcome.ok { StandardOutput.writeLine(outcome.message) } else { StandardError.write("stackterm: \(outcome.message)") }
            Foundation.exit(outcome.ok ? 0 : 1)
        }
        let settings = loadSettings(environment: environment)
        // A single argument that is an address is a link: to a question of a site, or refused in one line.
        var link: (text: String, link: QuestionAddress)?
        if options.words.count == 1, QuestionAddress.looksLikeAddress(options.words[0]) {
            switch QuestionAddress.parse(options.words[0]) {
            case .success(let parsed): link = (options.words[0], parsed)
            case .failure(let refusal): Self.fail(refusal.message, status: ShellExit.usage.rawValue)
            }
        }
        let query = link == nil ? options.queryText : nil
        if options.print || options.json || (isatty(STDOUT_FILENO) != 1 && (link != nil || query != nil)) {
            let target: ShellCommand.Target
            if let link { target = .link(link.text, link.link) } else if let query { target = .query(query) } else {
                Self.fail("--print and --json need a query or a question's link", status: ShellExit.usage.rawValue)
            }
            let trace = shellTrace(origin: origin)
            let status = ShellLaunch.run(target, options: options, settings: settings, environment: environment, trace: trace)
            // Every request costs a few; a busy wait for an answer would cost thousands (`SocketWatch.c`).
            trace?.count("socket-actions", CurlLibrary.socketActions)
            trace?.mark("exit")
            if let problem = trace?.flush() { StandardError.write(problem) }
            // `_exit`, as the browser quits (`App.quit`): the answer and the store's write are done (both synchronous),
            // and `exit` would run libcurl's libraries' `atexit` handlers and destructors (OpenSSL's clean-up, GnuTLS's)
            // while Foundation's networking threads may still be using them.
            fflush(nil)
            _exit(status.rawValue)
        }
        var browser = settings.browserConfiguration
        // A search covers every site named (`--site` repeated, the config's `sites`): their results merge.
        browser.searchSites = settings.sites
        if var link {
            // The link's host read with the site list the picker keeps, when the store has one.
            let sites = LinkSites.directory(
                for: link.text, apiHost: settings.backendConfiguration.baseURL.host ?? "localhost", cache: Self.early?.store.cache)
            if case .success(let address) = QuestionAddress.parse(link.text, sites: sites) { link.link = address }
            if link.link.questionID == nil, options.offline {
                Self.fail("an answer's link (/a/ID) needs the network to find its question; use the question's link", status: ShellExit.usage.rawValue)
            }
            browser.site = link.link.site
            let questionID = link.link.questionID ?? ShellLaunch.questionID(
                ofAnswer: link.link.answerID ?? 0, site: link.link.site, backend: settings.backendConfiguration)
            browser.startQuestion = BrowserConfiguration.StartQuestion(
                site: link.link.site, questionID: questionID, answerID: link.link.answerID)
        } else if let query {
            browser.searchText = query
            if options.sort == nil { browser.sort = .relevance }
        }
        browser.watch.notify = settings.watch.notify.resolved(environment: environment)
        var backend = settings.backendConfiguration
        if let signIn = Self.signIn(for: settings, environment: environment) {
            backend.accessToken = signIn.accessToken
            backend.signedInFilter = signIn.filter
            browser.signedInAs = signIn.displayName
            browser.signedInUserID = signIn.userID
        }
        let tracePath = options.trace
        let offline = options.offline
        var look = App.Look(
            theme: settings.theme, copyCommand: settings.copyCommand, mouse: settings.mouse,
            osc52MaxBytes: settings.osc52MaxBytes ?? OSC52Clipboard.defaultMaxBytes
        )
        look.watchedTags = settings.watch.tagsBySite(defaultSite: settings.site)
        look.notifyCommand = settings.watch.notifyCommand
        look.imageMode = settings.images.mode
        look.imageBlocks = settings.images.blocks
        let openerEnvironment = settings.openerEnvironment(environment)
        MainActor.assumeIsolated {
            App.launch(
                browser: browser, backend: backend, tracePath: tracePath, offline: offline, environment: openerEnvironment,
                look: look, origin: origin, early: Self.early,
                // Inside tmux, the pictures' probe asks tmux whether it passes images through: once the first frame is
                // out, for a launch whose first screen is a list (a link's question shows pictures at once, and a thread
                // started beside a link's or a query's libcurl load would wait for the loader's lock: those ask before
                // curses starts).
                picturesAfterFirstFrame: Self.early != nil && !NetworkWarmUp.isStarted, startMarks: Self.startMarks
            )
        }
        dispatchMain()
    }

    /// The effective settings, or the config file's problem on one line and exit 78; handles the config flags.
    private func loadSettings(environment: [String: String]) -> StacktermSettings {
        let path = options.config ?? ConfigFile.defaultPath(environment: environment)
        if options.writeDefaultConfig {
            if let problem = DefaultConfigWriter.write(to: path) { Self.fail(problem, status: 73) }
            StandardOutput.writeLine("wrote \(path)")
            Foundation.exit(0)
        }
        let resolved: (settings: StacktermSettings, warnings: [String])
        do {
            resolved = try StacktermSettings.resolve(options: options, environment: environment)
        } catch {
            Self.fail(error.description, status: ConfigError.exitStatus)
        }
        // A key from the file with an api_base from anywhere must not cross the network in clear text either.
        if let problem = resolved.settings.backendConfiguration.keyTransportProblem {
            Self.fail("\(path): \(problem)", status: ConfigError.exitStatus)
        }
        var settings = resolved.settings
        for warning in resolved.warnings { StandardError.write("stackterm: \(warning)") }
        if options.printConfig {
            // Only the printed config says whether a sign-in is kept; a launch that browses reads it in `signIn(for:)`.
            settings.isSignedIn = (try? SignInFile(paths: StorePaths(environment: environment)).load()) != nil
            StandardOutput.write(ConfigPrinter.effective(settings))
            StandardOutput.write(Self.pictureFormLine(settings.images, environment: environment))
            Foundation.exit(0)
        }
        return settings
    }

    /// The kept sign-in when it belongs to the API `settings` talk to; a file that cannot be trusted is said once on
    /// stderr and the browser starts signed out.
    private static func signIn(for settings: StacktermSettings, environment: [String: String]) -> SignIn? {
        // Signed out, the usual case, is told by the file's absence, without the `URL`s the store's thread is making.
        guard SignInFile.isKept(environment: environment) else { return nil }
        do {
            guard let signIn = try SignInFile(paths: StorePaths(environment: environment)).load(),
                  signIn.apiBase == settings.apiBase.absoluteString
            else { return nil }
            return signIn
        } catch {
            StandardError.write("stackterm: \(error.description)")
            return nil
        }
    }

    /// The `--trace` file of a launch that answers on stdout, with the marks made before it existed; exits on failure.
    private func shellTrace(origin: ContinuousClock.Instant) -> TraceWriter? {
        guard let path = options.trace else { return nil }
        do {
            let trace = try TraceWriter(path: path, origin: origin)
            for (name, instant) in Self.startMarks { trace.mark(name, at: instant) }
            trace.mark("main")
            return trace
        } catch {
            Self.fail(error.description, status: 1)
        }
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        StandardError.write("stackterm: \(message)")
        endEarly(status)
    }

    /// Ends a launch refused before it did anything (a bad command line or config) with `_exit`: libcurl may be loading
    /// on `NetworkWarmUp`'s thread right now, and `exit` would run the destructors and `atexit` handlers of the libraries
    /// it has loaded (OpenSSL's clean-up) while that thread is still setting them up.
    private static func endEarly(_ status: Int32) -> Never {
        fflush(nil)
        _exit(status)
    }
}
