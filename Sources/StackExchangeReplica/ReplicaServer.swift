public import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix

/// A local HTTP server that speaks the Stack Exchange API 2.3 wire format on loopback.
public final class ReplicaServer: Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let state: ReplicaState

    /// The port actually bound (useful when the options asked for port 0).
    public let port: Int
    private let host: String

    private init(group: MultiThreadedEventLoopGroup, channel: any Channel, state: ReplicaState, host: String, port: Int) {
        self.group = group
        self.channel = channel
        self.state = state
        self.host = host
        self.port = port
    }

    /// `http://127.0.0.1:PORT/2.3`, the base URL a client puts method paths under.
    public var baseURL: URL {
        // Built from a loopback address and an integer port, so it is always a valid URL.
        URL(string: "http://\(host):\(port)/2.3")!
    }

    /// Loads the data, binds the port and starts serving.
    public static func start(_ options: ReplicaOptions) async throws -> ReplicaServer {
        let data = try options.dataDirectory.map { directory throws(ReplicaError) in try ReplicaDataSet.load(from: directory) }
            ?? ReplicaDataSet.bundled()
        var logFile: FileHandle?
        if let path = options.logPath {
            guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
                throw ReplicaError.dataUnreadable(path: path, reason: "cannot create the log file")
            }
            logFile = handle
        }
        let api = ReplicaAPI(data: data.shifted(newestAge: 300), quotaMax: options.quota)
        let state = ReplicaState(api: api, options: options, logFile: logFile)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(HTTPResponseCompressor())
                    try channel.pipeline.syncOperations.addHandler(ReplicaHTTPHandler(state: state))
                }
            }
        do {
            let channel = try await bootstrap.bind(host: options.host, port: options.port).get()
            let port = channel.localAddress?.port ?? options.port
            return ReplicaServer(group: group, channel: channel, state: state, host: options.host, port: port)
        } catch {
            try? await group.shutdownGracefully()
            state.closeLog()
            throw ReplicaError.bindFailed(host: options.host, port: options.port, reason: "\(error)")
        }
    }

    /// Every request that has ended so far, in the order they ended.
    public func logEntries() -> [ReplicaLogEntry] {
        state.logEntries()
    }

    /// Applies `fault` to the next `count` requests whose path matches it.
    public func injectFault(_ fault: ReplicaFault, count: Int = 1) {
        state.addFault(fault, count: count)
    }

    public func setLatency(milliseconds: Int) {
        state.latencyMilliseconds = milliseconds
    }

    /// Requests whose path starts with `pathPrefix`, counted when their head arrived (faulted ones included).
    public func requestCount(pathPrefix: String) -> Int {
        state.requestCount(pathPrefix: pathPrefix)
    }

    /// Stops listening, closes the connections and the log.
    public func shutdown() async throws {
        try? await channel.close()
        try await group.shutdownGracefully()
        state.closeLog()
    }
}
