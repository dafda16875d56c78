public import ArgumentParser
import Foundation
import Operations
import StackExchange
import Store
import StorePorts

/// `stackterm watch [--once] [--peek] [--json]`: checks every watch, prints what is new (a line per item, or one
/// JSON document), marks it seen unless `--peek`; with `--once` that is all, without it the check is made again
/// every `[watch] interval_minutes` until interrupted, printing what is new as it comes.
///
/// The watches are the config's `[watch] tags` and those added here (`--follow ID`, `--search TEXT`), kept in the
/// data file with the times they are polled up to, so a running stackterm and this command share them. A request
/// made less than a minute before (by either) is answered from the data file instead of being sent again.
///
/// Exit statuses: 0 something is new; 1 nothing is; 2 a watch could not be checked and nothing is new (one line
/// each on stderr), or nothing is watched; 64 a bad command line; 78 a bad config file.
public struct WatchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "watch", _superCommandName: "stackterm",
        abstract: "Check the watched tags, searches and questions and print what is new, again every interval until interrupted; --once checks once (exit 0 new, 1 nothing new).",
        discussion: "The command for cron, status bars and scripts; the running browser watches too (w, W, the banner) and shares the watches and their poll times through the data file."
    )

    @Flag(help: "Check every watch once and exit (without it: check again every [watch] interval_minutes until interrupted).")
    var once = false

    @Flag(help: "Print what is new without marking it seen.")
    var peek = false

    @Flag(help: "Print what earlier checks found and left unseen, without touching the network.")
    var offline = false

    @Flag(help: "Write one JSON document (schema 1: docs/WATCHING.md) instead of a line per item.")
    var json = false

    @Option(help: ArgumentHelp("Follow a question: its new answers and comments are reported.", valueName: "id"))
    var follow: [Int] = []

    @Option(help: ArgumentHelp("Watch a search for new questions.", valueName: "text"))
    var search: [String] = []

    @Option(help: "The site of --follow and --search, and of tags without a site prefix (default: the config's site).")
    var site: String?

    @Option(help: "The API root to talk to, e.g. a stackterm-replica at http://127.0.0.1:PORT/2.3.")
    var apiBase: String?

    @Option(help: ArgumentHelp("Read the config file from here (default $XDG_CONFIG_HOME/stackterm/config.toml).", valueName: "path"))
    var config: String?

    /// The time the pass acts at, in Unix seconds: for tests and replays, as the rest of the program takes an
    /// injected clock.
    @Option(name: .customLong("at"), help: .hidden)
    var at: Int?

    public init() {}

    /// Runs `stackterm watch` with the arguments after `watch`, and exits with its status.
    public static func runAndExit(_ arguments: [String]) -> Never {
        do {
            let command = try parseAsRoot(arguments)
            guard let watch = command as? WatchCommand else {
                var other = command
                try other.run()
                Foundation.exit(0)
            }
            Foundation.exit(watch.check(environment: ProcessInfo.processInfo.environment))
        } catch {
            CommandLineEnd.end(Self.self, error: error, arguments: arguments)
        }
    }

    public func validate() throws {
        if !once, json { throw ValidationError("--json needs --once (one document a check)") }
        if let bad = follow.first(where: { $0 <= 0 }) { throw ValidationError("--follow takes a question id, not \(bad)") }
        if search.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw ValidationError("--search text must not be empty")
        }
    }

    /// Checks every watch once; returns the exit status.
    func check(environment: [String: String]) -> Int32 {
        let settings: StacktermSettings
        let file: ConfigFile?
        do {
            var arguments: [String] = []
            if let site { arguments += ["--site", site] }
            if let apiBase { arguments += ["--api-base", apiBase] }
            if let config { arguments += ["--config", config] }
            let options: StacktermOptions
            do {
                options = try StacktermOptions.parse(arguments)
            } catch {
                let line = StacktermOptions.message(for: error).split(separator: "\n").first.map(String.init) ?? "bad command line"
                StandardError.write("stackterm: \(line)")
                return ExitCode.validationFailure.rawValue
            }
            (settings, _) = try StacktermSettings.resolve(options: options, environment: environment)
            file = try ConfigFile.load(path: config ?? ConfigFile.defaultPath(environment: environment))
        } catch {
            StandardError.write("stackterm: \(error)")
            return ConfigError.exitStatus
        }
        let now = at.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? Date()
        let watchConfig = file?.watch ?? WatchConfig()
        let paths = StorePaths(environment: environment)
        let personal = PersonalDataOpening(paths: paths, queues: .shared)
        if let reason = personal.unavailableReason {
            StandardError.write("stackterm: watching needs the data file: \(reason)")
            return 2
        }
        let store = WatchStore(personal: personal)
        for (watchedSite, tags) in watchConfig.tagsBySite(defaultSite: settings.site) {
            for tag in tags { store.addWatch(WatchEntry(site: watchedSite, kind: .tag, subject: tag, since: now)) }
        }
        for id in follow { store.addWatch(WatchEntry(site: settings.site, kind: .question, subject: String(id), since: now)) }
        for text in search { store.addWatch(WatchEntry(site: settings.site, kind: .search, subject: text, since: now)) }
        guard !store.watches().isEmpty else {
            StandardError.write("stackterm: nothing is watched: add [watch] tags to the config, or --follow ID or --search TEXT")
            return 2
        }
        let backend = settings.backendConfiguration
        let client = offline ? nil
            : StackExchangeClient(configuration: backend, queues: .shared, rateLimit: backend.effectiveRateLimit)
        var printed: Set<WatchedItem> = []
        guard !once else {
            return checkOnce(store: store, client: client, site: settings.site, watchConfig: watchConfig, now: now, printed: &printed)
        }
        let minutes = watchConfig.settings.intervalMinutes
        FileHandle.standardError.write(Data(
            "stackterm: watching every \(minutes) minute\(minutes == 1 ? "" : "s"); Ctrl-C stops\n".utf8))
        // Interrupted or terminated, it ends at once: nothing is half-written between two checks.
        // Ctrl-C, SIGTERM and SIGHUP end the loop: their default actions, and unblocked (a parent may have started
        // this process with them blocked, and a blocked SIGINT would never reach it).
        var endingSignals = sigset_t()
        sigemptyset(&endingSignals)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_DFL)
            sigaddset(&endingSignals, signalNumber)
        }
        pthread_sigmask(SIG_UNBLOCK, &endingSignals, nil)
        var next = now
        while true {
            _ = checkOnce(store: store, client: client, site: settings.site, watchConfig: watchConfig, now: next, printed: &printed)
            fflush(nil)
            // The next check an interval after this one began: never sooner, so no request repeats within the minute.
            next = max(Date(), next.addingTimeInterval(watchConfig.settings.interval))
            Thread.sleep(until: next)
        }
    }

    /// One check of every watch at `now` (through `client`; without one, `--offline`): what is new and not in
    /// `printed` yet is printed (and marked seen unless `--peek`), each problem on stderr; returns the exit status of
    /// `--once`.
    private func checkOnce(
        store: WatchStore, client: StackExchangeClient?, site: String, watchConfig: WatchConfig, now: Date,
        printed: inout Set<WatchedItem>
    ) -> Int32 {
        var outcome = WatchPass.Outcome()
        if let client {
            outcome = WatchPass(client: client, store: store, settings: watchConfig.settings, now: now).run()
        }
        var problems = outcome.problems
        if outcome.held > 0 {
            let reason = outcome.pause?.message ?? "watching paused"
            problems.append("\(reason); \(outcome.held) request\(outcome.held == 1 ? "" : "s") left for the next check")
        }
        for problem in problems { StandardError.write("stackterm: watch: \(problem)") }
        // Kept unseen by `--peek`, an item is still printed once only by a command that goes on checking.
        let new = store.unseenItems().filter { !printed.contains($0) }
        printed.formUnion(new)
        if json {
            StandardOutput.write(WatchJSON.text(new, problems: problems))
        } else {
            // One write: a reader that goes away (`| head -1`) ends the command before anything is marked seen.
            let lines = WatchReport.lines(new, defaultSite: site)
            if !lines.isEmpty { StandardOutput.write(lines.map { $0 + "\n" }.joined()) }
        }
        if !peek { store.markSeen(new) }
        if !new.isEmpty { return 0 }
        return problems.isEmpty ? 1 : 2
    }
}
