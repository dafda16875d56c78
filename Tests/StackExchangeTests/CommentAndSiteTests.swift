import Foundation
import Testing
@testable import StackExchange

/// Comments and sites: decoding the captures, the requests, and how long a site list stays fresh.
struct CommentAndSiteTests {
    @Test func theCommentsCaptureDecodesWithoutBodies() throws {
        let page = try ResponseDecoder.page(
            PostComment.self, status: 200, data: try Fixtures.body(named: "rso_comments_with_backoff.v2.1")
        ).get()
        #expect(page.backoff == 10)
        #expect(!page.items.isEmpty)
        #expect(page.items.allSatisfy { $0.commentID > 0 && $0.postID > 0 && $0.body == nil })
        let first = try #require(page.items.first)
        #expect(first.commentID == 188189 && first.postID == 356342 && first.score == 10)
        #expect(first.owner?.displayName == "August")
        #expect(first.creationDate == Date(timeIntervalSince1970: 1_228_929_239))
    }

    @Test func theSitesCaptureDecodes() throws {
        let page = try ResponseDecoder.page(
            Site.self, status: 200, data: try Fixtures.body(named: "stackapi_sites_trimmed.v2.x")
        ).get()
        #expect(page.items.count == 5)
        #expect(page.items.contains { $0.apiSiteParameter == "stackoverflow" && $0.plainName == "Stack Overflow" })
        #expect(page.items.allSatisfy { $0.siteURL?.hasPrefix("http") == true })
    }

    @Test func aCommentWithABodyAndAReply() throws {
        let json = """
            {"items":[{"owner":{"display_name":"Zo&#235;"},"reply_to_user":{"display_name":"bob"},"edited":true,
            "score":2,"creation_date":1700000000,"post_id":7,"comment_id":9,"body":"Use <code>a &amp; b</code>"}],
            "has_more":false,"quota_max":300,"quota_remaining":299}
            """
        let comment = try #require(try ResponseDecoder.page(PostComment.self, status: 200, data: Data(json.utf8)).get().items.first)
        #expect(comment.edited && comment.score == 2 && comment.postID == 7)
        #expect(comment.owner?.plainDisplayName == "Zoë")
        #expect(comment.replyToUser?.displayName == "bob")
        #expect(comment.body == "Use <code>a &amp; b</code>")
    }

    @Test func aCommentWithoutItsIDsIsADecodingError() {
        let json = #"{"items":[{"post_id":1,"creation_date":1}],"has_more":false}"#
        let result = ResponseDecoder.page(PostComment.self, status: 200, data: Data(json.utf8))
        guard case .failure(.decoding(let message)) = result else {
            Issue.record("expected a decoding error, got \(result)")
            return
        }
        #expect(message.contains("comment_id"))
    }

    @Test func commentsRequestNamesThePostsAndAsksForBodies() throws {
        let url = try CommentsRequest(postIDs: [3, 1, 2], site: "unix").url(configuration: BackendConfiguration())
        #expect(url.path.hasSuffix("/posts/3;1;2/comments"))
        let items = Dictionary(uniqueKeysWithValues: (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [])
            .map { ($0.name, $0.value ?? "") })
        #expect(items["site"] == "unix")
        #expect(items["filter"] == "withbody")
        #expect(items["sort"] == "creation" && items["order"] == "asc")
        #expect(items["pagesize"] == "100" && items["page"] == "1")
        #expect(throws: RequestValidationError.self) {
            try CommentsRequest(postIDs: Array(1...101)).url(configuration: BackendConfiguration())
        }
        #expect(throws: RequestValidationError.self) { try CommentsRequest(postIDs: []).url(configuration: BackendConfiguration()) }
    }

    @Test func postIDsAreCutIntoBatchesOfAHundred() {
        let batches = CommentsRequest.batches(Array(1...250) + [5, 7])
        #expect(batches.map(\.count) == [100, 100, 50])
        #expect(batches.flatMap { $0 } == Array(1...250), "in order, duplicates dropped")
        #expect(CommentsRequest.batches([]).isEmpty)
    }

    @Test func sitesRequestTakesNoSite() throws {
        let url = try SitesRequest(page: 2).url(configuration: BackendConfiguration())
        let names = (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map(\.name)
        #expect(url.path.hasSuffix("/sites"))
        #expect(!names.contains("site"))
        #expect(url.query?.contains("pagesize=100") == true && url.query?.contains("page=2") == true)
    }

    @Test func aSiteListStaysFreshForADay() {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var freshness = SiteListFreshness()
        #expect(freshness.freshSites(now: start) == nil)
        let sites = [Site(apiSiteParameter: "unix", name: "Unix &amp; Linux")]
        freshness.store(sites, at: start)
        #expect(freshness.freshSites(now: start.addingTimeInterval(3600)) == sites)
        #expect(freshness.freshSites(now: start.addingTimeInterval(86_399)) == sites)
        #expect(freshness.freshSites(now: start.addingTimeInterval(86_400)) == nil)
        #expect(freshness.freshSites(now: start.addingTimeInterval(-60)) == nil, "a clock set back does not keep it forever")
        #expect(sites[0].plainName == "Unix & Linux")
    }
}
