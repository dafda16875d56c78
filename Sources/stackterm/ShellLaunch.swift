import HTTPDriver
import Foundation
import Operations
import StackExchange
import StacktermCLI
import Store

/// Runs a launch that answers on stdout (`ShellCommand`) with this process's terminal, environment and store.
enum ShellLaunch {
    static func run(_ target: ShellCommand.Target, options: StacktermOptions, settings: StacktermSettings,
                    environment: [String: String], trace: TraceWriter? = nil) -> ShellExit {
        // A reader that goes away (`| head -3`) is seen as EPIPE by `write`, not as a signal that kills mid-line.
        StandardOutput.ignoreBrokenPipeSignal()
        let terminal = isatty(STDOUT_FILENO) == 1
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let width = terminal ? columns(environment: environment) : nil
        // The network is needed at once: without libcurl the launch ends with one line and status 69, from whichever
        // thread first needs it (the session's, made below), before anything is written to stdout.
        CurlLibrary.onFailure(networkUnavailable)
        var backend = settings.backendConfiguration
        backend.accessToken = nil
        let queues = QueueManager()
        // The same policy as the browser's (quota, backoff, the IP throttle, the requests-a-second cap) but for the
        // spacing between two sends of one method: that is the browser's debounce (a held `r`), and here it would
        // send the sites' searches 100 ms apart instead of together.
        let rateLimit = RateLimit(requestsPerSecond: backend.effectiveRateLimit.requestsPerSecond, methodSpacing: 0)
        // Retries are the shell's own (`ShellSend`): a retry a pause holds ends with what the site answered.
        let client = options.offline ? nil : StackExchangeClient(
            configuration: backend, queues: queues, observer: trace, retryPolicy: RetryPolicy(maxAttempts: 1), rateLimit: rateLimit)
        // libcurl and the exchange thread are being made ready by `NetworkWarmUp`, beside the rest: nothing here starts
        // a thread before the first request (a thread started while libcurl loads waits for the loader's lock).
        if let trace, client != nil { NetworkWarmUp.whenLoaded { trace.mark("libcurl", at: $0) } }
        let paths = StorePaths(environment: environment)
        // Opening on its own thread while the requests are out: `--offline` reads it, a launch online files what came.
        _ = PrivateDirectory.prepare(paths.cacheDirectory)
        let cache = QuestionCache(paths: paths, queues: queues, checkDelay: 3)
        let apiHost = backend.baseURL.host ?? "localhost"
        var target = target
        if case .link(let text, _) = target {
            // The link's host read with the network's site list, as the picker knows it (built-in names offline).
            let fetch = client.map { client in { ShellFetcher(client: client).sites() } }
            let sites = LinkSites.directory(for: text, apiHost: apiHost, cache: cache, fetch: fetch)
            if case .success(let address) = QuestionAddress.parse(text, sites: sites) { target = .link(text, address) }
        }
        let command = ShellCommand(
            target: target, sites: settings.sites, json: options.json, count: options.count ?? 1, allAnswers: options.allAnswers,
            offline: options.offline, sort: options.sort.flatMap(QuestionSort.init(rawValue:)) ?? .relevance,
            text: AnswerText(width: width, colors: terminal && !noColor), write: writeOut,
            complain: { StandardError.write("stackterm: \($0)") })
        var kept = command
        kept.keptFilter = KeptFilter(cacheDirectory: paths.cacheDirectory)
        kept.mark = { trace?.mark($0) }
        kept.pauses = options.offline ? nil : PauseStore(paths: paths)
        kept.imported = options.offline ? ImportedSiteLibrary(paths: paths) : nil
        kept.spinner = WaitSpinner.onStandardError(for: target, sites: settings.sites, offline: options.offline, environment: environment)
        return kept.run(client: client, cache: cache, host: apiHost)
    }

    /// libcurl could not be loaded when the network needed it: the line on stderr and status 69 (`EX_UNAVAILABLE`),
    /// with `_exit`, since the thread that needed it is one of Foundation's (as the browser does, `App`).
    private static let networkUnavailable: CurlLibrary.FailureHandler = { message in
        let line = message.map { String(cString: $0) } ?? "stackterm: libcurl could not be loaded"
        FileHandle.standardError.write(Data((line + "\n").utf8))
        _exit(ShellExit.unavailable.rawValue)
    }

    /// The question an answer belongs to, asked before the browser opens on a `/a/ID` link; exits on failure.
    static func questionID(ofAnswer id: Int, site: String, backend: BackendConfiguration) -> Int {
        let client = StackExchangeClient(configuration: backend, queues: QueueManager(), rateLimit: backend.effectiveRateLimit)
        switch ShellFetcher(client: client).questionID(ofAnswer: id, site: site) {
        case .success(let questionID?): return questionID
        case .success(nil):
            StandardError.write("stackterm: \(site): no answer \(id): nothing found")
            Foundation.exit(ShellExit.nothing.rawValue)
        case .failure(let error):
            let outcome = ShellExit.SiteOutcome(error)
            let status = ShellExit.status(found: false, outcomes: [outcome])
            StandardError.write("stackterm: \(site): \(error.message)")
            Foundation.exit(status == .nothing ? ShellExit.unavailable.rawValue : status.rawValue)
        }
    }

    /// `$COLUMNS`, else the terminal's width, else 80.
    static func columns(environment: [String: String]) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// Writes all of `text` to stdout; false when the reader has gone (EPIPE). Any other failure ends the launch
    /// (`StandardOutput.end`).
    static func writeOut(_ text: String) -> Bool {
        switch StandardOutput.attempt(text) {
        case .written: return true
        case .readerGone: return false
        case let failure: StandardOutput.end(failure)
        }
    }
}
