import Foundation
import Testing
@testable import StackExchange

/// Any JSON object, for the captures whose items are neither questions nor answers (comments, sites).
struct AnyItem: Decodable, Sendable {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
    let keyCount: Int
    init(from decoder: any Decoder) throws {
        keyCount = try decoder.container(keyedBy: Key.self).allKeys.count
    }
}

/// Every real capture decodes into the model its endpoint returns.
struct CaptureDecodingTests {
    /// What a capture holds, from its file name.
    enum Kind { case error, answers, questions, comments, sites, other }

    static func kind(of name: String) -> Kind {
        if name.hasPrefix("quoted_error") || name.contains("_error_") { return .error }
        if name.contains("comments") { return .comments }
        if name.contains("sites") { return .sites }
        if name.contains("answers") { return .answers }
        if name.contains("questions") || name.contains("search") { return .questions }
        return .other
    }

    @Test func theDirectoryHoldsTheCaptures() throws {
        let captures = try Fixtures.allCaptures()
        // 11 non-empty .json and 5 .body.gz today; fewer means the loop below silently tests less.
        #expect(captures.count >= 16)
        #expect(captures.contains { $0.isGzip })
    }

    @Test(arguments: try Fixtures.allCaptures())
    func everyCaptureDecodes(_ capture: Fixtures.Capture) throws {
        let data = try Fixtures.body(capture)
        switch Self.kind(of: capture.name) {
        case .error:
            let result: Result<Page<AnyItem>, APIError> = ResponseDecoder.page(status: 400, data: data)
            guard case .failure(.stackExchange(let id, let name, let message)) = result else {
                Issue.record("\(capture): expected a Stack Exchange error, got \(result)")
                return
            }
            #expect(id > 0 && !name.isEmpty && !message.isEmpty)
        case .answers:
            let page = try ResponseDecoder.page(Answer.self, status: 200, data: data).get()
            #expect(!page.items.isEmpty)
            #expect(page.items.allSatisfy { $0.answerID > 0 && $0.questionID > 0 })
            #expect(page.quotaRemaining != nil)
        case .questions:
            let page = try ResponseDecoder.page(Question.self, status: 200, data: data).get()
            #expect(page.items.allSatisfy { $0.questionID > 0 && !$0.title.isEmpty })
            #expect(page.quotaMax != nil)
        case .comments:
            let page = try ResponseDecoder.page(PostComment.self, status: 200, data: data).get()
            #expect(!page.items.isEmpty)
            #expect(page.items.allSatisfy { $0.commentID > 0 && $0.postID > 0 })
        case .sites:
            let page = try ResponseDecoder.page(Site.self, status: 200, data: data).get()
            #expect(!page.items.isEmpty)
            #expect(page.items.allSatisfy { !$0.apiSiteParameter.isEmpty && !$0.name.isEmpty })
        case .other:
            let page = try ResponseDecoder.page(AnyItem.self, status: 200, data: data).get()
            #expect(page.items.allSatisfy { $0.keyCount > 0 })
        }
    }

    @Test func gzipBodiesMatchTheirJSON() throws {
        for capture in try Fixtures.allCaptures() where capture.isGzip {
            let json = Fixtures.directory.appendingPathComponent(capture.name + ".json")
            guard let plain = FileManager.default.contents(atPath: json.path), !plain.isEmpty else { continue }
            #expect(try Fixtures.body(capture) == plain, "\(capture)")
        }
    }

    @Test func questionsByIDsWithBody() throws {
        let data = try Fixtures.body(named: "goso_questions_by_ids_withbody.v2.3")
        let page = try ResponseDecoder.page(Question.self, status: 200, data: data).get()
        #expect(page.items.count == 10)
        #expect(page.hasMore == false)
        #expect(page.quotaRemaining == 292)
        #expect(page.items.allSatisfy { $0.body != nil })
        let quoted = try #require(page.items.first { $0.title.contains("&quot;") })
        #expect(quoted.plainTitle == "How to create array of fixed-length \"strings\" in C?")
        let deleted = try #require(page.items.compactMap(\.owner).first { $0.isDeleted })
        #expect(deleted.displayName != nil)
        #expect(deleted.userID == nil && deleted.reputation == nil)
        let closed = try #require(page.items.first { $0.closedDate != nil })
        #expect(closed.closedReason != nil)
    }

    @Test func wrapperFieldsAreRead() throws {
        let search = try ResponseDecoder.page(
            Question.self, status: 200, data: try Fixtures.body(named: "so-hs_search_advanced_p1_total.v2.2")
        ).get()
        #expect(search.page == 1 && search.pageSize == 30 && search.total == 6451 && search.hasMore)
        #expect(search.items.allSatisfy { $0.bodyMarkdown != nil })
        let comments = try ResponseDecoder.page(
            AnyItem.self, status: 200, data: try Fixtures.body(named: "rso_comments_with_backoff.v2.1")
        ).get()
        #expect(comments.backoff == 10)
        let empty = try ResponseDecoder.page(
            Question.self, status: 200, data: try Fixtures.body(named: "rso_linked_questions_empty.v2.1")
        ).get()
        #expect(empty.items.isEmpty && !empty.hasMore && empty.quotaRemaining == 9964)
    }

    @Test func markdownBodiesBecomePlainMultilineText() throws {
        let page = try ResponseDecoder.page(
            Question.self, status: 200, data: try Fixtures.body(named: "so-hs_search_advanced_p1_total.v2.2")
        ).get()
        let markdown = try #require(page.items.compactMap(\.plainBodyMarkdown).first { $0.contains("\n") })
        #expect(!markdown.contains("\r"))
        let escaped = try #require(page.items.first { $0.bodyMarkdown?.contains("&#39;") == true })
        #expect(escaped.plainBodyMarkdown?.contains("&#39;") == false)
    }

    /// A search whose filter embeds the answers (`question.answers`, as `--print` asks): each answer decodes with its
    /// question's id and its Markdown, though that filter left out `question_id` and the dates.
    @Test func answersEmbeddedInQuestionsDecode() throws {
        let page = try ResponseDecoder.page(
            Question.self, status: 200, data: try Fixtures.body(named: "so-hs_search_advanced_p1_total.v2.2")
        ).get()
        let answered = page.items.filter { $0.answers != nil }
        #expect(answered.count > 10)
        for question in answered {
            let answers = try #require(question.answers)
            #expect(!answers.isEmpty)
            #expect(answers.allSatisfy { $0.questionID == question.questionID && $0.bodyMarkdown != nil })
        }
    }
}
