import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StackExchangeReplica
import TestSupport
import Testing

/// Injected faults, latency with a client that gives up, request counts and the JSON-lines log.
struct FaultAndLogTests {
    @Test func statusFaultAppliesOnceToMatchingPath() async throws {
        try await withReplica { server, client in
            server.injectFault(.status(503, path: "/2.3/questions"))
            let sites = try await client.get("/sites", site: nil)
            #expect(sites.status == 200)
            let faulted = try await client.get("/questions")
            #expect(faulted.status == 503)
            #expect(faulted.errorID == nil)
            let next = try await client.get("/questions")
            #expect(next.status == 200)
            #expect(server.requestCount(pathPrefix: "/2.3/questions") == 2)
        }
    }

    @Test func seErrorFaultIsHTTP400WithErrorBody() async throws {
        try await withReplica { server, client in
            server.injectFault(.seError(id: 503, name: "temporarily_unavailable", path: nil), count: 2)
            for _ in 0..<2 {
                let reply = try await client.get("/questions")
                #expect(reply.status == 400)
                #expect(reply.errorID == 503)
                #expect(reply.errorName == "temporarily_unavailable")
            }
            let after = try await client.get("/questions")
            #expect(after.status == 200)
        }
    }

    @Test func dropConnectionAnswersNothing() async throws {
        try await withReplica { server, client in
            server.injectFault(.dropConnection(path: "/2.3/questions"))
            await #expect(throws: (any Error).self) { () async throws in _ = try await client.get("/questions") }
            #expect(server.logEntries().contains { $0.status == nil && $0.path == "/2.3/questions" })
            let after = try await client.get("/questions")
            #expect(after.status == 200)
        }
    }

    @Test func clientCancellingMidLatencyIsLoggedAsHangUp() async throws {
        // The response is held a minute: only the hang-up can end the request sooner, so a loaded machine
        // cannot make the test pass or fail by timing (the windows only matter when it fails).
        try await withReplica(ReplicaOptions(latencyMilliseconds: 60_000)) { server, client in
            let task = Task { try await client.get("/questions", ["pagesize": "1"]) }
            let arrived = await eventually { server.requestCount(pathPrefix: "/2.3/questions") == 1 }
            try #require(arrived)
            task.cancel()
            let logged = await eventually(within: 30) { server.logEntries().contains { $0.hungUp } }
            #expect(logged)
            let entry = try #require(server.logEntries().first)
            #expect(entry.status == nil)
            #expect(entry.milliseconds < 60_000)
        }
    }

    @Test func setLatencyDelaysResponses() async throws {
        try await withReplica { server, client in
            server.setLatency(milliseconds: 300)
            let start = ContinuousClock.now
            let reply = try await client.get("/questions")
            #expect(reply.status == 200)
            #expect(ContinuousClock.now - start >= .milliseconds(300))
            let entry = try #require(server.logEntries().last)
            #expect(entry.milliseconds >= 300)
        }
    }

    @Test func logFileHasOneJSONLinePerRequest() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("replica-log-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await withReplica(ReplicaOptions(logPath: path)) { _, client in
            _ = try await client.get("/questions", ["pagesize": "2"])
            _ = try await client.get("/questions", ["pagesize": "101"])
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["status"] as? Int } == [200, 400])
        #expect(objects.allSatisfy { $0["path"] as? String == "/2.3/questions" && $0["hung_up"] as? Bool == false && $0["ms"] is Int })
        #expect((objects.first?["query"] as? [String: String])?["pagesize"] == "2")
    }
}
