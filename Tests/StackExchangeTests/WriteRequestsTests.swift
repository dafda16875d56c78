import Foundation
@testable import StackExchange
import Testing

/// The post writes and the reads of asking: their paths, parameters and checks, and their answers decoded.
struct WriteRequestsTests {
    func value(_ request: some APIRequest, _ name: String) -> String? {
        request.parameters.first { $0.name == name }?.value
    }

    @Test func aQuestionCarriesTitleBodyTagsAndPreview() throws {
        let request = PostWriteRequest(site: "unix", write: .addQuestion, body: String(repeating: "b", count: 40),
                                       title: "How do I list hidden files?", tags: ["ls", "c++"], preview: true, filter: "!f")
        #expect(request.endpoint == "/questions/add" && request.methodKey == "/questions/add" && request.isWrite && request.method == "POST")
        #expect(value(request, "title") == "How do I list hidden files?")
        #expect(value(request, "tags") == "ls;c++")
        #expect(value(request, "preview") == "true" && value(request, "filter") == "!f" && value(request, "comment") == nil)
        try request.validate()
    }

    @Test func answersAndEditsHaveTheirPathsAndAnEditItsSummary() throws {
        let body = String(repeating: "a", count: 30)
        let answer = PostWriteRequest(site: "unix", write: .addAnswer(questionID: 42), body: body, comment: "ignored", preview: false)
        #expect(answer.endpoint == "/questions/42/answers/add" && answer.methodKey == "/questions/{id}/answers/add")
        #expect(value(answer, "title") == nil && value(answer, "tags") == nil && value(answer, "comment") == nil && value(answer, "preview") == nil)
        let edit = PostWriteRequest(site: "unix", write: .editAnswer(answerID: 9), body: body, comment: "typo", preview: false)
        #expect(edit.endpoint == "/answers/9/edit" && value(edit, "comment") == "typo")
        let editQuestion = PostWriteRequest(site: "unix", write: .editQuestion(questionID: 5), body: body, title: "A title of some length",
                                            tags: ["ls"], preview: false)
        #expect(editQuestion.endpoint == "/questions/5/edit" && value(editQuestion, "tags") == "ls")
        try answer.validate()
    }

    @Test func theLengthsAndTagCountAreCheckedBeforeSending() {
        #expect(throws: RequestValidationError(parameter: "body", reason: "a body is 30 to 30,000 characters, not 29")) {
            try PostWriteRequest(site: "unix", write: .addAnswer(questionID: 42), body: String(repeating: "a", count: 29), preview: true).validate()
        }
        #expect(throws: RequestValidationError(parameter: "title", reason: "a title is 15 to 150 characters, not 151")) {
            try PostWriteRequest(site: "unix", write: .addQuestion, body: String(repeating: "a", count: 30),
                                 title: String(repeating: "t", count: 151), tags: ["ls"], preview: true).validate()
        }
        #expect(throws: RequestValidationError(parameter: "tags", reason: "a question has 1 to 5 tags, not 0")) {
            try PostWriteRequest(site: "unix", write: .addQuestion, body: String(repeating: "a", count: 30),
                                 title: "A title long enough", tags: [], preview: true).validate()
        }
    }

    @Test func theReadsOfAskingHaveTheirPathsAndParameters() throws {
        let similar = SimilarRequest(site: "unix", title: "list hidden files", tagged: ["ls", "bash"])
        #expect(similar.endpoint == "/similar" && value(similar, "tagged") == "ls;bash" && value(similar, "pagesize") == "5")
        let info = TagsInfoRequest(site: "unix", tags: ["c#", "ls"])
        #expect(info.endpoint == "/tags/c%23;ls/info" && info.methodKey == "/tags/{tags}/info")
        #expect(throws: RequestValidationError.self) { try TagsInfoRequest(site: "unix", tags: []).validate() }
        let search = TagSearchRequest(site: "unix", inName: "lss")
        #expect(search.endpoint == "/tags" && value(search, "inname") == "lss" && value(search, "sort") == "popular")
        #expect(WritePermissionsRequest(site: "unix").endpoint == "/me/write-permissions")
    }

    @Test func theAnswersDecode() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let post = try decoder.decode(WrittenPost.self, from: Data("""
            {"owner":{"user_id":7,"display_name":"me"},"score":0,"last_edit_date":1795435300,"creation_date":1795435200,
             "answer_id":900,"question_id":42,"body":"<p>hi</p>","body_markdown":"hi &amp; bye","link":"https://x/a/900"}
            """.utf8))
        #expect(post.isAnswer && post.postID == 900 && post.plainBodyMarkdown == "hi & bye" && post.owner?.userID == 7)
        #expect(post.lastEditDate == Date(timeIntervalSince1970: 1_795_435_300))
        let permission = try decoder.decode(WritePermission.self, from: Data("""
            {"user_id":7,"object_type":"answer","can_add":true,"can_edit":true,"can_delete":true,
             "max_daily_actions":200,"min_seconds_between_actions":30}
            """.utf8))
        #expect(permission == WritePermission(userID: 7, objectType: "answer", maxDailyActions: 200, minSecondsBetweenActions: 30))
        let tag = try decoder.decode(TagInfo.self, from: Data(#"{"has_synonyms":false,"is_moderator_only":false,"is_required":false,"count":12,"name":"ls"}"#.utf8))
        #expect(tag == TagInfo(name: "ls", count: 12))
    }
}
