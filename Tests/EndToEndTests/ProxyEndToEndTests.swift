import Foundation
import StackExchange
import StackExchangeReplica
import Store
import TestSupport
import Testing

/// `stackterm --print` with proxies named in the environment: a request to a loopback `--api-base` goes straight to
/// it, its key with it, and nothing reaches the proxy, which would have read the key in clear text.
@Suite(.serialized)
struct ProxyEndToEndTests {
    @Test func aLoopbackAPIIsReachedWithoutTheProxyAndTheKeyNeverReachesIt() async throws {
        let replica = try await ReplicaServer.start(ReplicaOptions(quota: 10_000))
        let store = try StoreDirectory.make()
        // A stand-in proxy: it records what reaches it and answers every request with 502.
        let proxy = try HostileServer { connection in
            connection.write("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        }
        defer {
            proxy.stop()
            store.remove()
        }
        do {
            let address = "http://127.0.0.1:\(proxy.port)"
            let run = try ShellRun.run(
                ["--print", "-n", "1", "reflog"], replica: replica, store: store,
                environment: [
                    "STACKEXCHANGE_KEY": "secret-proxy-key", "http_proxy": address, "https_proxy": address,
                    "all_proxy": address, "ALL_PROXY": address, "HTTPS_PROXY": address,
                ],
                unsetting: ["no_proxy", "NO_PROXY"])
            #expect(run.status == 0, "\(run.errors)")
            #expect(proxy.heads.isEmpty, "\(proxy.heads)")
            // Every request reached the replica with its key (which the replica's log masks).
            let entries = replica.logEntries()
            #expect(!entries.isEmpty && entries.allSatisfy { $0.query["key"] == "***" }, "\(entries.map(\.query))")
        } catch {
            try await replica.shutdown()
            throw error
        }
        try await replica.shutdown()
    }

    /// The account commands' requests (`whoami` here) follow the same rule.
    @Test func anAccountCommandReachesALoopbackAPIWithoutTheProxy() async throws {
        let replica = try await ReplicaServer.start(ReplicaOptions(quota: 10_000))
        let store = try StoreDirectory.make()
        let proxy = try HostileServer { connection in
            connection.write("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        }
        defer {
            proxy.stop()
            store.remove()
        }
        do {
            replica.issue(SignInEndToEndTests.grant)
            try SignInEndToEndTests.keepSignIn(replica, store)
            let address = "http://127.0.0.1:\(proxy.port)"
            let run = try ShellRun.run(
                ["whoami"], replica: replica, store: store,
                environment: SignInEndToEndTests.environment.merging([
                    "http_proxy": address, "https_proxy": address, "all_proxy": address, "ALL_PROXY": address,
                    "HTTPS_PROXY": address,
                ]) { $1 },
                unsetting: ["no_proxy", "NO_PROXY"])
            #expect(run.status == 0, "\(run.errors)")
            #expect(proxy.heads.isEmpty, "\(proxy.heads)")
            #expect(!replica.logEntries().isEmpty)
        } catch {
            try await replica.shutdown()
            throw error
        }
        try await replica.shutdown()
    }
}
