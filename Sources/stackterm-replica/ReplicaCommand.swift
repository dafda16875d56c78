import ArgumentParser
import Dispatch
import Foundation
import StackExchangeReplica

/// `stackterm-replica`: serves the Stack Exchange API 2.3 wire format on loopback over a data set.
@main
struct ReplicaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stackterm-replica",
        abstract: "A local server that speaks the Stack Exchange API 2.3 wire format over a bundled data set.",
        discussion: "Prints `stackterm-replica listening on http://127.0.0.1:<port>/2.3` once it serves; stops on SIGINT or SIGTERM."
    )

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 0

    @Option(name: .customLong("latency-ms"), help: "Delay before each response, in milliseconds.")
    var latencyMilliseconds = 0

    @Option(help: "A directory with questions.json, answers.json, optional comments.json and sites/NAME/ sets (default: the bundled data set).")
    var data: String?

    @Option(name: .customLong("backoff-every"), help: "Every Nth response of an API method carries `backoff`.")
    var backoffEvery: Int?

    @Option(name: .customLong("backoff-seconds"), help: "The `backoff` value sent.")
    var backoffSeconds = 10

    @Option(help: "quota_max: requests served before every request is a throttle_violation.")
    var quota = 300

    @Option(name: .customLong("fail-next"), help: "Fail the next N requests (with --fail-status).")
    var failNext = 0

    @Option(name: .customLong("fail-status"), help: "The HTTP status the failed requests get.")
    var failStatus = 503

    @Option(name: .customLong("fail-path"), help: "Only requests whose path starts with this fail (e.g. /2.3/questions).")
    var failPath: String?

    @Option(name: .customLong("drop-next"), help: "Close the connection of the next N requests without answering.")
    var dropNext = 0

    @Option(name: .customLong("max-per-second"), help: "More requests than this in one second throttle the IP (0: no limit).")
    var maxPerSecond = 30

    @Option(name: .customLong("ip-throttle-seconds"), help: "How long an IP throttle lasts.")
    var ipThrottleSeconds = 60

    @Option(name: .customLong("throttle-ip"), help: "The next request throttles the whole IP for this many seconds.")
    var throttleIP: Int?

    @Option(name: .customLong("activity-drift"), help: "Pages after the first of sort=activity repeat this many questions of the page before.")
    var activityDrift = 0

    @Option(name: .customLong("grant"), help: ArgumentHelp(
        "Issue an access token: TOKEN:SCOPES[:USER_ID[:REPUTATION]], scopes comma-separated (write_access, read_inbox, no_expiry, private_info). Repeatable.",
        valueName: "grant"))
    var grants: [String] = []

    @Option(help: "Questions, answers and comments arriving a minute while it runs (watching).")
    var arrivals: Double?

    @Option(help: "Write a JSON-lines request log here (path, query, status, hung_up, ms).")
    var log: String?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0…65535") }
        guard latencyMilliseconds >= 0 else { throw ValidationError("--latency-ms must not be negative") }
        if let backoffEvery, backoffEvery < 1 { throw ValidationError("--backoff-every must be at least 1") }
        guard backoffSeconds >= 1 else { throw ValidationError("--backoff-seconds must be at least 1") }
        guard quota >= 0 else { throw ValidationError("--quota must not be negative") }
        guard failNext >= 0, dropNext >= 0 else { throw ValidationError("--fail-next and --drop-next must not be negative") }
        guard (100...599).contains(failStatus) else { throw ValidationError("--fail-status must be an HTTP status") }
        guard maxPerSecond >= 0 else { throw ValidationError("--max-per-second must not be negative") }
        guard ipThrottleSeconds >= 1 else { throw ValidationError("--ip-throttle-seconds must be at least 1") }
        if let throttleIP, throttleIP < 1 { throw ValidationError("--throttle-ip must be at least 1") }
        if let arrivals, !(arrivals > 0 && arrivals <= 600) { throw ValidationError("--arrivals must be more than 0 and at most 600 a minute") }
        guard activityDrift >= 0 else { throw ValidationError("--activity-drift must not be negative") }
        for grant in grants {
            if case .failure(let problem) = ReplicaGrant.parse(grant) { throw ValidationError("--grant: \(problem)") }
        }
    }

    /// ArgumentParser's own entry point, except that a bad flag is reported on one line (exit 64): scripts that
    /// start the replica show its stderr, and a usage block there buries the one line that matters.
    static func main() async {
        let command: ReplicaCommand
        do {
            var parsed = try parseAsRoot()
            guard let replica = parsed as? ReplicaCommand else {
                // `--help` and friends parse into ArgumentParser's own commands; they print and finish.
                try parsed.run()
                exit()
            }
            command = replica
        } catch {
            guard exitCode(for: error) != .success else { exit(withError: error) }
            let firstLine = message(for: error).split(separator: "\n").first.map(String.init) ?? "bad arguments"
            FileHandle.standardError.write(Data("stackterm-replica: \(firstLine)\n".utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        do {
            try await command.run()
        } catch {
            exit(withError: error)
        }
    }

    func run() async throws {
        // Signals are caught before the listening line goes out: a script that stops the replica the moment
        // it reads that line must get a clean exit, not SIGTERM's default action.
        let termination = TerminationSignals()
        var options = ReplicaOptions(port: port, latencyMilliseconds: latencyMilliseconds,
                                     backoffEvery: backoffEvery, backoffSeconds: backoffSeconds, quota: quota, logPath: log)
        options.dataDirectory = data.map { URL(fileURLWithPath: $0, isDirectory: true) }
        options.maxRequestsPerSecond = maxPerSecond > 0 ? maxPerSecond : nil
        options.ipThrottleSeconds = ipThrottleSeconds
        options.activityDrift = activityDrift
        options.grants = grants.compactMap { try? ReplicaGrant.parse($0).get() }
        let server: ReplicaServer
        do {
            server = try await ReplicaServer.start(options)
        } catch {
            FileHandle.standardError.write(Data("stackterm-replica: \(error)\n".utf8))
            throw ExitCode(1)
        }
        if failNext > 0 { server.injectFault(.status(failStatus, path: failPath), count: failNext) }
        if let throttleIP { server.injectFault(.ipThrottle(seconds: throttleIP, path: failPath)) }
        if dropNext > 0 { server.injectFault(.dropConnection(path: failPath), count: dropNext) }
        // Unbuffered, so a script reading the first line sees it at once.
        FileHandle.standardOutput.write(Data("stackterm-replica listening on \(server.baseURL.absoluteString)\n".utf8))
        let arriving = arrivals.map { rate in
            Task {
                var schedule = ArrivalSchedule(ratePerMinute: rate)
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(schedule.spacing))
                    schedule.arriveNext(on: server)
                }
            }
        }
        await termination.wait()
        arriving?.cancel()
        try await server.shutdown()
    }
}

/// SIGINT and SIGTERM turned into an awaitable event, so the server can close its socket and log before exiting.
struct TerminationSignals {
    private let signals: AsyncStream<Int32>
    private let sources: [any DispatchSourceSignal]

    init() {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let (signals, continuation) = AsyncStream<Int32>.makeStream()
        self.signals = signals
        sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
    }

    /// Returns when the first signal arrives.
    func wait() async {
        for await _ in signals { break }
        sources.forEach { $0.cancel() }
    }
}
