public import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix

/// A local server that speaks the Stack Exchange API 2.3 wire format over the bundled data set, on loopback.
public final class ReplicaServer: Sendable {
    public let port: Int
    private let channel: any Channel
    private let group: MultiThreadedEventLoopGroup
    private let state: ReplicaState
    private let log: RequestLog
    private let accounts: ReplicaAccounts
    /// Questions, answers and comments that arrive while it runs, and the data they join.
    let arrivals: ReplicaArrivals
    let repeats: RepeatedRequests

    /// The API root clients use: `http://127.0.0.1:PORT/2.3`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/2.3")! }

    private init(
        port: Int, channel: any Channel, group: MultiThreadedEventLoopGroup, state: ReplicaState, log: RequestLog,
        accounts: ReplicaAccounts, router: APIRouter
    ) {
        self.accounts = accounts
        self.arrivals = router.arrivals
        self.repeats = router.repeats
        self.port = port
        self.channel = channel
        self.group = group
        self.state = state
        self.log = log
    }

    /// Loads the data, binds `options.host:options.port` (0 picks a free port) and starts serving.
    public static func start(_ options: ReplicaOptions) async throws -> ReplicaServer {
        guard ["127.0.0.1", "::1", "localhost"].contains(options.host) else { throw ReplicaError.notLoopback(options.host) }
        let data = try ReplicaData.load(from: options.dataDirectory)
        let state = ReplicaState(options: options)
        let log = try RequestLog(path: options.logPath)
        let accounts = ReplicaAccounts(grants: options.grants, now: state.now())
        let router = APIRouter(data: data, state: state, accounts: accounts)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.configureHTTPServerPipeline()
                    try pipeline.addHandler(HTTPResponseCompressor(responseCompressionPredicate: APIResponse.compressionPredicate))
                    try pipeline.addHandler(ReplicaHTTPHandler(router: router, state: state, log: log))
                }
            }
        do {
            let channel = try await bootstrap.bind(host: options.host, port: options.port).get()
            let port = channel.localAddress?.port ?? options.port
            return ReplicaServer(port: port, channel: channel, group: group, state: state, log: log, accounts: accounts, router: router)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Every request that has ended so far, oldest first.
    public func logEntries() -> [ReplicaLogEntry] { log.all }

    /// Serves `fault` instead of the next `count` requests whose path starts with the fault's path, and with `site`
    /// only those about that site (their `site` parameter): one site of a search over several fails, the others not.
    public func injectFault(_ fault: ReplicaFault, count: Int = 1, site: String? = nil) {
        state.inject(fault, count: count, site: site)
    }

    /// Gives the quota back in full now, as midnight UTC does.
    public func resetQuota() { state.resetQuota() }

    /// Throttles the whole IP for `seconds` from now: every request gets a `throttle_violation` until then.
    public func throttleIP(seconds: Int) { state.throttleIP(seconds: seconds, now: state.now()) }

    /// Moves the replica's time on by `seconds`, so a test can pass a backoff or a throttle without waiting.
    public func advanceClock(by seconds: TimeInterval) { state.advanceClock(by: seconds) }

    /// The replica's clock: the wall clock moved on by `advanceClock`.
    func currentTime() -> Date { state.now() }

    /// Changes the delay before each response from now on.
    public func setLatency(milliseconds: Int) { state.latencyMilliseconds = milliseconds }

    /// Requests that arrived with a path starting with `pathPrefix`, faulted or not.
    public func requestCount(pathPrefix: String) -> Int { state.requestCount(pathPrefix: pathPrefix) }

    /// Requests that came to an API method before the `backoff` it sent was over (each answered with the API's
    /// `throttle_violation`): a client that obeys backoff makes none.
    public var backoffViolations: Int { state.backoffViolations }

    /// Issues `grant`'s token now, as `--grant` does at start.
    public func issue(_ grant: ReplicaGrant) { accounts.issue(grant, now: state.now()) }

    /// De-authorises `token`, as the person would on the site: its next use is `402 invalid_access_token`.
    public func revoke(token: String) { accounts.revoke(token) }

    /// The token's vote on a post of `site`: `"up"`, `"down"` or nil; for tests checking what a client did.
    public func vote(token: String, site: String, postID: Int) -> String? {
        switch accounts.vote(of: token, on: .init(site: site, id: postID)) {
        case .up: "up"
        case .down: "down"
        case nil: nil
        }
    }

    /// Whether the token's owner favourited question `questionID` of `site`.
    public func isFavorite(token: String, site: String, questionID: Int) -> Bool {
        accounts.isFavorite(of: token, .init(site: site, id: questionID))
    }

    /// The bodies (as rendered) of the comments added here on a post of `site`.
    public func addedComments(site: String, postID: Int) -> [String] {
        accounts.addedComments(on: .init(site: site, id: postID)).compactMap(\.body)
    }

    /// Makes a filter as `/filters/create` would and returns its name (tests prepare a sign-in with it).
    public func createFilter(withBody: Bool, include: [String]) -> String {
        accounts.createFilter(withBody: withBody, include: Set(include))
    }

    /// Stops listening, closes every connection and the log.
    public func shutdown() async throws {
        try? await channel.close()
        try await group.shutdownGracefully()
        log.close()
    }
}
