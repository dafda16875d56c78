import Foundation
@testable import StackExchangeReplica
import Testing

/// The replica is as strict as the live API where clients go wrong: form decoding, search tags, IP throttles,
/// the quota's daily reset and questions with more than a hundred answers.
struct FidelityReplicaTests {
    @Test func aPlusInTheQueryIsASpaceAndAnEncodedPlusIsAPlus() async throws {
        try await withReplica { _, client in
            let encoded = try await client.getRaw("/questions?tagged=c%2B%2B&pagesize=100&site=stackoverflow")
            #expect(!encoded.items.isEmpty)
            #expect(encoded.items.allSatisfy { ($0["tags"] as? [String])?.contains("c++") == true })
            // A bare `+` is a space: `c++` is the tag `c  `, which trims to `c`.
            let bare = try await client.getRaw("/questions?tagged=c++&pagesize=100&site=stackoverflow")
            #expect(!bare.items.isEmpty)
            #expect(bare.items.allSatisfy { ($0["tags"] as? [String])?.contains("c") == true })
            #expect(bare.items.allSatisfy { ($0["tags"] as? [String])?.contains("c++") != true })
            #expect(ReplicaHTTPHandler.split("/2.3/search/advanced?q=a+b%2Bc&site=x").1 == ["q": "a b+c", "site": "x"])
        }
    }

    @Test func searchTaggedIsAnyTagAndBracketTermsAreAllTags() async throws {
        try await withReplica { _, client in
            let any = try await client.get("/search/advanced", ["tagged": "c#;objective-c", "pagesize": "100"])
            let anyIDs = Set(any.items.compactMap { $0["question_id"] as? Int })
            #expect(anyIDs.isSuperset(of: [79_100_003, 79_100_006, 79_100_007]), "OR: a question with either tag counts")
            #expect(any.items.allSatisfy { item in
                let tags = item["tags"] as? [String] ?? []
                return tags.contains("c#") || tags.contains("objective-c")
            })
            let all = try await client.get("/search/advanced", ["q": "[c#] [.net]", "pagesize": "100"])
            #expect(all.items.compactMap { $0["question_id"] as? Int } == [79_100_003])
            let list = try await client.get("/questions", ["tagged": "c#;.net", "pagesize": "100"])
            #expect(list.items.compactMap { $0["question_id"] as? Int } == [79_100_003], "/questions is AND")
        }
    }

    @Test func anIPThrottleRefusesEveryMethodUntilItEnds() async throws {
        try await withReplica { server, client in
            server.injectFault(.ipThrottle(seconds: 40, path: "/2.3/questions"))
            let first = try await client.get("/questions", ["pagesize": "1"])
            #expect(first.status == 400 && first.errorID == 502)
            #expect((first.json["error_message"] as? String) == "too many requests from this IP, more requests available in 40 seconds")
            let other = try await client.get("/search/advanced", ["q": "swift"])
            #expect(other.errorName == "throttle_violation", "every method is throttled")
            server.advanceClock(by: 40)
            #expect(try await client.get("/search/advanced", ["q": "swift"]).status == 200)
        }
    }

    @Test func moreThanTheLimitInOneSecondThrottlesTheIP() {
        var options = ReplicaOptions()
        options.maxRequestsPerSecond = 30
        options.ipThrottleSeconds = 60
        let state = ReplicaState(options: options)
        let now = Date(timeIntervalSince1970: 1_000_000)
        for index in 0..<30 {
            guard case .admitted = state.admit(method: "/questions", now: now.addingTimeInterval(Double(index) * 0.01)) else {
                Issue.record("request \(index) refused")
                return
            }
        }
        #expect(state.admit(method: "/sites", now: now.addingTimeInterval(0.5)) == .ipThrottled(seconds: 60))
        #expect(state.admit(method: "/sites", now: now.addingTimeInterval(59)) == .ipThrottled(seconds: 2))
        guard case .admitted = state.admit(method: "/sites", now: now.addingTimeInterval(61)) else {
            Issue.record("still throttled after the throttle")
            return
        }
    }

    @Test func theQuotaComesBackAtMidnightUTC() {
        let state = ReplicaState(options: ReplicaOptions(quota: 1))
        let evening = Date(timeIntervalSince1970: 1_795_478_280)  // 23:58 UTC
        #expect(state.admit(method: "/questions", now: evening) == .admitted(quotaRemaining: 0, backoff: nil))
        #expect(state.admit(method: "/questions", now: evening.addingTimeInterval(60)) == .quotaExhausted(seconds: 60))
        #expect(state.admit(method: "/questions", now: evening.addingTimeInterval(121)) == .admitted(quotaRemaining: 0, backoff: nil))
        state.resetQuota()
        #expect(state.admit(method: "/questions", now: evening.addingTimeInterval(122)) == .admitted(quotaRemaining: 0, backoff: nil))
    }

    @Test func aQuestionHasMoreAnswersThanOnePage() async throws {
        try await withReplica { _, client in
            var seen: [Int] = []
            for page in 1...3 {
                let reply = try await client.get("/questions/79100100/answers", ["page": "\(page)", "pagesize": "100"])
                seen += reply.items.compactMap { $0["answer_id"] as? Int }
                #expect(reply.json["has_more"] as? Bool == (page < 3))
            }
            #expect(seen.count == 240 && Set(seen).count == 240)
            let question = try await client.get("/questions/79100100")
            #expect(question.items.first?["answer_count"] as? Int == 240)
        }
    }
}
