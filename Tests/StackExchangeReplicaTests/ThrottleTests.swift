import StackExchangeReplica
import Testing

/// Quota counting down to a throttle_violation, and backoff every Nth response per API method.
struct ThrottleTests {
    @Test func quotaRunsOutIntoThrottleViolation() async throws {
        try await withReplica(ReplicaOptions(quota: 3)) { _, client in
            var remaining: [Int] = []
            for _ in 0..<3 {
                let reply = try await client.get("/questions", ["pagesize": "1"])
                #expect(reply.json["quota_max"] as? Int == 3)
                remaining.append(try #require(reply.json["quota_remaining"] as? Int))
            }
            #expect(remaining == [2, 1, 0])
            let refused = try await client.get("/questions", ["pagesize": "1"])
            #expect(refused.status == 400)
            #expect(refused.errorID == 502)
            #expect(refused.errorName == "throttle_violation")
        }
    }

    @Test func backoffEveryNthResponseAndItsViolation() async throws {
        try await withReplica(ReplicaOptions(backoffEvery: 2, backoffSeconds: 30)) { replica, client in
            let first = try await client.get("/questions", ["pagesize": "1"])
            #expect(first.json["backoff"] == nil)
            let second = try await client.get("/questions", ["pagesize": "1"])
            #expect(second.json["backoff"] as? Int == 30)
            let violation = try await client.get("/questions", ["pagesize": "1"])
            #expect(violation.status == 400)
            #expect(violation.errorID == 502)
            #expect((violation.json["error_message"] as? String) == "Violation of backoff parameter", "the API's words")
            #expect(replica.backoffViolations == 1, "counted for tests of clients")
            // Backoff belongs to one method: another method is still served.
            let other = try await client.get("/questions/10468128")
            #expect(other.status == 200)
        }
    }
}
