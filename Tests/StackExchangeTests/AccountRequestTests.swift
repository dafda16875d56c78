import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing
@testable import StackExchange

/// Signed-in requests: the token beside the key, only where it may travel; writes as POST forms; errors decoded.
struct AccountRequestTests {
    func signedIn(_ base: String = "https://api.stackexchange.com/2.3") -> BackendConfiguration {
        var configuration = BackendConfiguration(baseURL: URL(string: base)!, key: "appkey")
        configuration.accessToken = "secret-token"
        configuration.signedInFilter = "!signedin"
        return configuration
    }

    func form(_ request: URLRequest) -> [String: String] {
        let text = String(decoding: request.httpBody ?? Data(), as: UTF8.self)
        return Dictionary(text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }, uniquingKeysWith: { $1 })
    }

    @Test func aVoteIsAPostFormCarryingSiteKeyAndTokenWithNothingInTheURL() throws {
        let request = try VoteRequest(site: "superuser", postID: 42, isQuestion: false, vote: .upvote, undo: true)
            .urlRequest(configuration: signedIn())
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "https://api.stackexchange.com/2.3/answers/42/upvote/undo")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        let fields = form(request)
        #expect(fields["site"] == "superuser")
        #expect(fields["key"] == "appkey")
        #expect(fields["access_token"] == "secret-token")
        #expect(fields["filter"] == "!signedin")
    }

    @Test func aCommentPreviewSaysSoAndItsBodyTravelsAsTyped() throws {
        let request = try AddCommentRequest(site: "stackoverflow", postID: 7, body: "a + b & c = `d`, long enough", preview: true)
            .urlRequest(configuration: signedIn())
        #expect(form(request)["preview"] == "true")
        #expect(form(request)["body"] == "a + b & c = `d`, long enough")
        #expect(throws: RequestValidationError.self) {
            try AddCommentRequest(site: "stackoverflow", postID: 7, body: "short", preview: false).validate()
        }
    }

    @Test func theTokenNeverTravelsOverPlainHTTPToAnotherHostNorWithoutAKey() throws {
        let plain = try MeRequest(site: "stackoverflow").url(configuration: signedIn("http://api.example.com/2.3"))
        #expect(!plain.absoluteString.contains("secret-token"))
        var keyless = signedIn("http://127.0.0.1:8080/2.3")
        #expect(try MeRequest(site: "stackoverflow").url(configuration: keyless).absoluteString.contains("access_token=secret-token"))
        keyless.key = nil
        #expect(!(try MeRequest(site: "stackoverflow").url(configuration: keyless).absoluteString.contains("secret-token")))
        #expect(!signedIn().description.contains("secret-token"))
    }

    @Test func signedInReadsUseTheSignInFilterInPlaceOfWithbody() throws {
        let url = try QuestionsByIDsRequest(ids: [1]).url(configuration: signedIn())
        #expect(url.absoluteString.contains("filter=%21signedin"))
        var signedOut = signedIn()
        signedOut.accessToken = nil
        #expect(try QuestionsByIDsRequest(ids: [1]).url(configuration: signedOut).absoluteString.contains("filter=withbody"))
    }

    @Test func theDeauthenticateTraceHidesTheToken() {
        let request = DeauthenticateRequest(token: "secret-token")
        #expect(request.endpoint.contains("secret-token"))
        #expect(!request.tracedPath.contains("secret-token"))
    }

    @Test func accountErrorsDecodeAsTheSiteSaysThem() {
        let body = Data(#"{"error_id":407,"error_name":"write_failed","error_message":"You can't vote for your own post."}"#.utf8)
        let result: Result<Page<PostVoteState>, APIError> = ResponseDecoder.page(status: 400, data: body)
        guard case .failure(let error) = result else { Issue.record("decoded an error body as a page"); return }
        #expect(error.siteMessage == "write_failed: You can't vote for your own post.")
        #expect(!error.endsSignIn)
        #expect(APIError.stackExchange(id: 402, name: "invalid_access_token", message: "x").endsSignIn)
        #expect(APIError.stackExchange(id: 406, name: "access_token_compromised", message: "x").endsSignIn)
        #expect(!APIError.stackExchange(id: 403, name: "access_denied", message: "x").endsSignIn)
    }

    @Test func aVotedPostDecodesItsScoreAndTheCallersVote() throws {
        let body = Data(#"{"items":[{"question_id":5,"answer_id":9,"score":13,"upvoted":true}],"has_more":false}"#.utf8)
        let page = try ResponseDecoder.page(PostVoteState.self, status: 200, data: body).get()
        #expect(page.items == [PostVoteState(postID: 9, score: 13, upvoted: true)])
        let inbox = Data(#"{"items":[{"item_type":"new_answer","question_id":3,"title":"A &amp; B","creation_date":1,"is_unread":true,"site":{"api_site_parameter":"superuser","name":"Super User"}}]}"#.utf8)
        let item = try #require(try ResponseDecoder.page(InboxItem.self, status: 200, data: inbox).get().items.first)
        #expect(item.plainTitle == "A & B")
        #expect(item.typeName == "new answer")
        #expect(item.site.apiSiteParameter == "superuser")
    }
}

/// Writes are not idempotent: a 503 on a vote is reported, never sent again.
struct WriteRetryTests {
    @Test func aVoteThatMeetsAServerErrorIsSentOnce() async {
        let server = StubServer { _, _ in .respond(status: 503, body: Data("busy".utf8)) }
        let manager = AccountDataManager(client: makeClient(server))
        let recorder = Recorder<PostVoteState>()
        manager.vote(VoteRequest(site: "stackoverflow", postID: 1, isQuestion: true, vote: .upvote, undo: false),
                     completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        #expect(recorder.error() != nil)
        #expect(server.requestCount == 1)
    }
}
