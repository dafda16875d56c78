import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StackExchangeReplica
import Testing

/// The replica's accounts: tokens it issued, scopes, POST-only writes, votes per token, comment throttles, the inbox.
struct AccountsWireTests {
    static let writer = ReplicaGrant(token: "w1", scopes: ["write_access", "read_inbox", "no_expiry"], reputation: 2_000)
    static let reader = ReplicaGrant(token: "r1", scopes: ["no_expiry"])
    /// The most active question, asked by the grants' default user (bob), and one he did not ask.
    static let ownQuestion = 79_000_006
    static let otherQuestion = 79_000_020

    static func options() -> ReplicaOptions {
        var options = ReplicaOptions()
        options.grants = [writer, reader]
        options.maxRequestsPerSecond = nil
        return options
    }

    /// POSTs `form` to `path` (under /2.3) as a form body; the status and the JSON object.
    static func post(_ server: ReplicaServer, _ path: String, _ form: [String: String]) async throws -> [String: Any] {
        var request = URLRequest(url: server.baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let allowed = CharacterSet.alphanumerics
        request.httpBody = Data(form.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed)!)" }
            .joined(separator: "&").utf8)
        let (data, _) = try await URLSession(configuration: .ephemeral).data(for: request)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func signed(_ token: String, _ extra: [String: String] = [:]) -> [String: String] {
        ["site": "stackoverflow", "key": "k", "access_token": token].merging(extra) { _, new in new }
    }

    @Test func meAnswersOnlyForATokenItIssuedWithAKey() async throws {
        try await ReplicaClient.with(Self.options()) { replica in
            let me = try await replica.get("/me", Self.signed("w1"))
            #expect(items(me.json).first?["display_name"] as? String == "bob")
            #expect(items(me.json).first?["reputation"] as? Int == 2_000)
            #expect(try await replica.get("/me", ["site": "stackoverflow"]).json["error_id"] as? Int == 401)
            #expect(try await replica.get("/me", ["site": "stackoverflow", "access_token": "w1"]).json["error_id"] as? Int == 405)
            #expect(try await replica.get("/me", Self.signed("forged")).json["error_id"] as? Int == 402)
        }
    }

    @Test func aTokenSentToAHostThatIsNotLoopbackIsCompromisedAndRevoked() async throws {
        try await ReplicaClient.with(Self.options()) { replica in
            let leaked = try await replica.get("/me", Self.signed("r1"), headers: ["Host": "api.example.com"])
            #expect(leaked.json["error_name"] as? String == "access_token_compromised")
            #expect(try await replica.get("/me", Self.signed("r1")).json["error_id"] as? Int == 402)
        }
    }

    @Test func writesArePostOnlyAndNeedWriteAccess() async throws {
        try await ReplicaClient.with(Self.options()) { replica in
            let viaGet = try await replica.get("/questions/\(Self.otherQuestion)/upvote", Self.signed("w1"))
            #expect(viaGet.json["error_name"] as? String == "no_method")
            let unscoped = try await Self.post(replica.server, "/questions/\(Self.otherQuestion)/upvote", Self.signed("r1"))
            #expect(unscoped["error_id"] as? Int == 403)
            #expect(replica.server.vote(token: "r1", site: "stackoverflow", postID: Self.otherQuestion) == nil)
        }
    }

    @Test func anUpvoteAndItsUndoMoveTheScoreAndTheTokensState() async throws {
        try await ReplicaClient.with(Self.options()) { replica in
            let before = try await replica.get("/questions/\(Self.otherQuestion)", ["site": "stackoverflow"])
            let score = try #require(items(before.json).first?["score"] as? Int)
            let up = try await Self.post(replica.server, "/questions/\(Self.otherQuestion)/upvote", Self.signed("w1"))
            #expect(items(up).first?["score"] as? Int == score + 1)
            #expect(replica.server.vote(token: "w1", site: "stackoverflow", postID: Self.otherQuestion) == "up")
            let again = try await Self.post(replica.server, "/questions/\(Self.otherQuestion)/upvote", Self.signed("w1"))
            #expect(again["error_name"] as? String == "duplicate_request")
            let undo = try await Self.post(replica.server, "/questions/\(Self.otherQuestion)/upvote/undo", Self.signed("w1"))
            #expect(items(undo).first?["score"] as? Int == score)
            #expect(replica.server.vote(token: "w1", site: "stackoverflow", postID: Self.otherQuestion) == nil)
        }
    }

    @Test func votingOnYourOwnPostIsAWriteFailure() async throws {
        try await ReplicaClient.with(Self.options()) { replica in
            let own = try await Self.post(replica.server, "/questions/\(Self.ownQuestion)/upvote", Self.signed("w1"))
            #expect(own["error_id"] as? Int == 407)
            #expect(own["error_message"] as? String == "You can't vote for your own post.")
        }
    }

    @Test func theCallersVotesShowOnlyThroughACreatedFilter() async throws {
        try await ReplicaClient.with(Self.options()) { replica in
            let created = try await replica.get("/filters/create", ["base": "withbody", "include": "question.upvoted;question.favorited"])
            let filter = try #require(items(created.json).first?["filter"] as? String)
            _ = try await Self.post(replica.server, "/questions/\(Self.otherQuestion)/favorite", Self.signed("w1"))
            let plain = try await replica.get("/questions/\(Self.otherQuestion)", Self.signed("w1"))
            #expect(items(plain.json).first?["favorited"] == nil)
            let filtered = try await replica.get("/questions/\(Self.otherQuestion)", Self.signed("w1", ["filter": filter]))
            #expect(items(filtered.json).first?["favorited"] as? Bool == true)
            #expect(items(filtered.json).first?["body"] is String)
        }
    }

    @Test func commentsPreviewWithoutPostingThenWaitFiveSeconds() async throws {
        try await ReplicaClient.with(Self.options()) { replica in
            let path = "/posts/\(Self.otherQuestion)/comments/add"
            let body = "A comment that is long enough"
            let short = try await Self.post(replica.server, path, Self.signed("w1", ["body": "too short"]))
            #expect(short["error_name"] as? String == "bad_parameter")
            let preview = try await Self.post(replica.server, path, Self.signed("w1", ["body": body, "preview": "true"]))
            #expect(items(preview).first?["body"] as? String == body)
            #expect(replica.server.addedComments(site: "stackoverflow", postID: Self.otherQuestion).isEmpty)
            _ = try await Self.post(replica.server, path, Self.signed("w1", ["body": body]))
            #expect(replica.server.addedComments(site: "stackoverflow", postID: Self.otherQuestion) == [body])
            let soon = try await Self.post(replica.server, path, Self.signed("w1", ["body": body + " again"]))
            #expect(soon["error_message"] as? String == "You can only comment once every 5 seconds.")
            replica.server.advanceClock(by: 5)
            let later = try await Self.post(replica.server, path, Self.signed("w1", ["body": body + " again"]))
            #expect(items(later).count == 1)
        }
    }

    @Test func fiftyReputationIsNeededToCommentOnOthersPosts() async throws {
        var options = Self.options()
        options.grants.append(ReplicaGrant(token: "new", scopes: ["write_access", "no_expiry"], reputation: 11))
        try await ReplicaClient.with(options) { replica in
            let refused = try await Self.post(replica.server, "/posts/\(Self.otherQuestion)/comments/add",
                                              Self.signed("new", ["body": "A comment that is long enough"]))
            #expect(refused["error_id"] as? Int == 407)
        }
    }

    @Test func theInboxIsNetworkWideAndNeedsReadInbox() async throws {
        try await ReplicaClient.with(Self.options()) { replica in
            let inbox = try await replica.get("/inbox", ["key": "k", "access_token": "w1"])
            #expect(Set(items(inbox.json).compactMap { ($0["site"] as? [String: Any])?["api_site_parameter"] as? String }).count == 3)
            let unread = try await replica.get("/me/inbox/unread", Self.signed("w1"))
            #expect(items(unread.json).count == 2)
            #expect(try await replica.get("/inbox", ["key": "k", "access_token": "r1"]).json["error_id"] as? Int == 403)
        }
    }

    @Test func aDeauthenticatedTokenIsInvalid() async throws {
        try await ReplicaClient.with(Self.options()) { replica in
            let gone = try await replica.get("/apps/w1/de-authenticate")
            #expect(items(gone.json).first?["access_token"] as? String == "w1")
            #expect(try await replica.get("/me", Self.signed("w1")).json["error_id"] as? Int == 402)
            #expect(replica.server.logEntries().allSatisfy { !$0.path.contains("w1") && $0.query["access_token"] != "w1" })
        }
    }

    @Test func grantsAreReadFromTheCommandLineForm() {
        let grant = try? ReplicaGrant.parse("demo:write_access,read_inbox:42:3000").get()
        #expect(grant?.scopes == ["write_access", "read_inbox"])
        #expect(grant?.userID == 42)
        #expect(grant?.reputation == 3_000)
        #expect((try? ReplicaGrant.parse("demo:fly").get()) == nil)
    }
}
