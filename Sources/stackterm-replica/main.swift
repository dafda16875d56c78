import ArgumentParser
import Dispatch
import Foundation
import StackExchangeReplica

/// `stackterm-replica`: serves the bundled (or given) data set in the Stack Exchange API 2.3 wire format on loopback.
struct ReplicaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stackterm-replica",
        abstract: "A local Stack Exchange API 2.3 server on 127.0.0.1 for demos and tests.")

    @Option(help: "Port to listen on; 0 picks a free port.") var port = 0
    @Option(name: .customLong("latency-ms"), help: "Delay before every response, in milliseconds.") var latencyMilliseconds = 0
    @Option(help: "Directory with questions.json, answers.json and sites.json (default: the bundled data).") var data: String?
    @Option(name: .customLong("backoff-every"), help: "Every Nth response of an API method carries \"backoff\".") var backoffEvery: Int?
    @Option(name: .customLong("backoff-seconds"), help: "The backoff value sent.") var backoffSeconds = 10
    @Option(help: "quota_max; each served request uses one unit.") var quota = 300
    @Option(name: .customLong("fail-next"), help: "Answer the next N matching requests with --fail-status.") var failNext = 0
    @Option(name: .customLong("fail-status"), help: "HTTP status for --fail-next.") var failStatus = 503
    @Option(name: .customLong("fail-path"), help: "Only requests whose path starts with this prefix are faulted.") var failPath: String?
    @Option(name: .customLong("drop-next"), help: "Close the connection on the next N matching requests.") var dropNext = 0
    @Option(help: "Append a JSON-lines request log to this file.") var log: String?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535") }
        guard latencyMilliseconds >= 0 else { throw ValidationError("--latency-ms must not be negative") }
        if let backoffEvery, backoffEvery < 1 { throw ValidationError("--backoff-every must be at least 1") }
        guard backoffSeconds >= 0 else { throw ValidationError("--backoff-seconds must not be negative") }
        guard quota >= 0 else { throw ValidationError("--quota must not be negative") }
        guard failNext >= 0, dropNext >= 0 else { throw ValidationError("--fail-next and --drop-next must not be negative") }
        guard (100...599).contains(failStatus) else { throw ValidationError("--fail-status must be an HTTP status 100...599") }
    }

    var options: ReplicaOptions {
        var options = ReplicaOptions(
            port: port, latencyMilliseconds: latencyMilliseconds, dataDirectory: data.map { URL(fileURLWithPath: $0) },
            backoffEvery: backoffEvery, backoffSeconds: backoffSeconds, quota: quota, logPath: log)
        options.host = "127.0.0.1"
        return options
    }
}

/// Resumes once SIGINT or SIGTERM arrives; the sources stay alive as long as the waiter does.
func waitForTerminationSignal() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let queue = DispatchQueue(label: "stackterm-replica.signals")
        let once = DispatchSemaphore(value: 1)
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler {
                // The first signal wins; a second one while shutting down is ignored.
                if once.wait(timeout: .now()) == .success { continuation.resume() }
            }
            source.resume()
            sources.append(source)
        }
        signalSources = sources
    }
}

/// Kept global so the signal sources are not released while the process waits.
nonisolated(unsafe) var signalSources: [any DispatchSourceSignal] = []

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("stackterm-replica: \(message)\n".utf8))
    exit(code)
}

let command: ReplicaCommand
do {
    guard let parsed = try ReplicaCommand.parseAsRoot() as? ReplicaCommand else { fail("unexpected command", code: 64) }
    command = parsed
} catch {
    if ReplicaCommand.exitCode(for: error) == .success {
        print(ReplicaCommand.fullMessage(for: error))
        exit(0)
    }
    let message = ReplicaCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "bad arguments"
    fail(message, code: 64)
}

do {
    let server = try await ReplicaServer.start(command.options)
    if command.failNext > 0 {
        server.injectFault(.status(command.failStatus, path: command.failPath), count: command.failNext)
    }
    if command.dropNext > 0 {
        server.injectFault(.dropConnection(path: command.failPath), count: command.dropNext)
    }
    // Written straight to the file descriptor so a parent reading the pipe sees it at once.
    FileHandle.standardOutput.write(Data("stackterm-replica listening on \(server.baseURL.absoluteString)\n".utf8))
    await waitForTerminationSignal()
    try await server.shutdown()
} catch {
    fail("\(error)", code: 1)
}
