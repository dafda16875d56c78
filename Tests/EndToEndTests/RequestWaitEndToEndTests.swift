import Foundation
import StackExchangeReplica
import Testing

/// Waiting for an answer costs the process nothing: the real binary against a replica that holds every answer.
///
/// The exchange thread (`HTTPExchange.c`) sleeps in `curl_multi_wait` until a socket or its wake-up pipe is ready; the
/// trace counts how often it woke to act on its transfers. A wait that polled (as Foundation's networking did, keeping a
/// write-readiness source on a connected socket) would count thousands.
struct RequestWaitEndToEndTests {
    @Test func waitingForAnAnswerIsNotABusyLoop() async throws {
        // 300 ms before each answer: two requests (the filter, then the search) wait 600 ms in all.
        let replica = try await ReplicaServer.start(ReplicaOptions(latencyMilliseconds: 300, quota: 10_000))
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let tracePath = store.root.appendingPathComponent("trace.jsonl").path
        let run = try ShellRun.run(["--trace", tracePath, "--print", "reflog"], replica: replica, store: store)
        try await replica.shutdown()
        #expect(run.status == 0, "\(run.errors)")
        #expect(replica.logEntries().count == 2)
        let events = try String(contentsOfFile: tracePath, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let counted = events.first { $0["ev"] as? String == "count" && $0["name"] as? String == "socket-actions" }
        let actions = try #require(counted?["value"] as? Int, "no socket-actions count in the trace: \(events)")
        // Connecting, sending and reading two requests: a few each. Busy, it was thousands.
        #expect(actions > 0, "libcurl's socket actions did not pass through stackterm's forwarding")
        #expect(actions < 40, "\(actions) socket actions for two requests: a busy wait")
    }
}
