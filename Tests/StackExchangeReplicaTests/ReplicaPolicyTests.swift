import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StackExchangeReplica
import TestSupport
import Testing

/// Quota, backoff, faults and the request log.
struct ReplicaPolicyTests {
    @Test func theQuotaCountsDownToAThrottleViolation() async throws {
        try await ReplicaClient.with(ReplicaOptions(quota: 2)) { replica in
            let first = try await replica.questions()
            #expect(first.json["quota_max"] as? Int == 2)
            #expect(first.json["quota_remaining"] as? Int == 1)
            #expect(try await replica.questions().json["quota_remaining"] as? Int == 0)
            let refused = try await replica.questions()
            #expect(refused.status == 400)
            #expect(refused.json["error_id"] as? Int == 502)
            #expect(refused.json["error_name"] as? String == "throttle_violation")
        }
    }

    @Test func backoffIsSentEveryNthResponseAndEnforcedPerMethod() async throws {
        try await ReplicaClient.with(ReplicaOptions(backoffEvery: 2, backoffSeconds: 30)) { replica in
            #expect(try await replica.questions().json["backoff"] == nil)
            #expect(try await replica.questions().json["backoff"] as? Int == 30)
            let violation = try await replica.questions()
            #expect(violation.json["error_id"] as? Int == 502)
            #expect((violation.json["error_message"] as? String)?.contains("backoff") == true)
            let otherMethod = try await replica.get("/search/advanced", ["site": "stackoverflow", "q": "git"])
            #expect(otherMethod.status == 200, "backoff applies to one method only")
        }
    }

    @Test func injectedFaultsApplyOnceToMatchingPaths() async throws {
        try await ReplicaClient.with { replica in
            replica.server.injectFault(.seError(id: 503, name: "temporarily_unavailable", path: "/2.3/questions"), count: 1)
            let search = try await replica.get("/search/advanced", ["site": "stackoverflow", "q": "git"])
            #expect(search.status == 200, "another path is not affected")
            let faulted = try await replica.questions()
            #expect(faulted.status == 400)
            #expect(faulted.json["error_id"] as? Int == 503)
            #expect(try await replica.questions().status == 200, "once only")
            #expect(replica.server.requestCount(pathPrefix: "/2.3/questions") == 2)

            replica.server.injectFault(.status(500, path: nil))
            var request = URLRequest(url: replica.server.baseURL.appendingPathComponent("questions"))
            request.url = URL(string: request.url!.absoluteString + "?site=stackoverflow")
            let (_, plain) = try await URLSession.shared.data(for: request)
            #expect((plain as? HTTPURLResponse)?.statusCode == 500)

            // URLSession silently retries a GET whose reused connection closed, so drop more than one.
            replica.server.injectFault(.dropConnection(path: nil), count: 5)
            await #expect(throws: (any Error).self) { try await URLSession.shared.data(for: request) }
        }
    }

    @Test func aClientHangingUpDuringTheLatencyIsLoggedAtOnce() async throws {
        let logPath = FileManager.default.temporaryDirectory.appendingPathComponent("replica-\(UUID().uuidString).jsonl").path
        try await ReplicaClient.with(ReplicaOptions(latencyMilliseconds: 30_000, logPath: logPath)) { replica in
            let url = URL(string: replica.server.baseURL.absoluteString + "/questions?site=stackoverflow")!
            let task = URLSession.shared.dataTask(with: url)
            task.resume()
            #expect(await eventually { replica.server.requestCount(pathPrefix: "/2.3/questions") == 1 })
            task.cancel()

            #expect(await eventually { replica.server.logEntries().contains { $0.hungUp } }, "logged long before the 30 s latency")
            let entry = try #require(replica.server.logEntries().first)
            #expect(entry.status == nil)
            #expect(entry.milliseconds < 30_000)
            let line = try #require(String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n").first)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(json["hung_up"] as? Bool == true)
            #expect(json["path"] as? String == "/2.3/questions")
        }
    }

    @Test func latencyDelaysResponses() async throws {
        try await ReplicaClient.with { replica in
            replica.server.setLatency(milliseconds: 300)
            _ = try await replica.questions()
            let entry = try #require(replica.server.logEntries().last)
            #expect(entry.milliseconds >= 300)
            #expect(entry.status == 200)
        }
    }
}
