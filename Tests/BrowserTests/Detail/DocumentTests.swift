import Foundation
import Testing
import StackExchange
@testable import Browser

/// The document as a whole: title, metadata, answer order and headers, and the real captures.
struct DocumentTests {
    typealias S = DetailTestSupport

    @Test func titleAndMetadataComeFirst() {
        let document = S.layout(body: "<p>Body</p>", width: 80, title: "Why &quot;this&quot;?")
        let text = document.lines.map(\.text)
        #expect(text[0] == "Why \"this\"?")
        #expect(document.lines[0].spans.allSatisfy { $0.style.attributes.contains(.bold) })
        #expect(text[1] == "5 votes · 0 answers · 12k views · asked 3d · by alice [swift]")
        #expect(text.contains("Body"))
        #expect(text.last == "No answers yet.")
    }

    @Test func answersAreSortedByScoreStablyAndHeadersIndexed() throws {
        let answers = [S.answer(1, score: 2), S.answer(2, score: 10), S.answer(3, score: 2, accepted: true), S.answer(4, score: -1)]
        let detail = QuestionDetail(question: S.question(body: "<p>Q</p>"), answers: answers)
        let document = DetailLayout.layout(detail, width: 70, now: S.now)
        let headers = document.answerLineIndices.map { document.lines[$0].text }
        #expect(document.answerLineIndices.count == 4)
        #expect(headers.map { $0.contains("user2") } == [true, false, false, false])
        #expect(headers.map { $0.contains("user1") } == [false, true, false, false])
        #expect(headers.map { $0.contains("user3") } == [false, false, true, false])
        #expect(headers.map { $0.contains("user4") } == [false, false, false, true])
        #expect(headers[2] == "── Answer 3 of 4 · ✓ accepted · score 2 · user3 · 1h " + String(repeating: "─", count: 17))
        #expect(headers.filter { $0.contains("accepted") }.count == 1)
        for header in headers { #expect(DisplayWidth.of(header) == 70) }
        #expect(document.answerLineIndices == document.answerLineIndices.sorted())
    }

    @Test func aHeaderWiderThanTheScreenIsCut() {
        let detail = QuestionDetail(question: S.question(body: ""), answers: [S.answer(1, score: 12_345, accepted: true)])
        let document = DetailLayout.layout(detail, width: 20, now: S.now)
        let header = document.lines[document.answerLineIndices[0]].text
        #expect(header == "── Answer 1 of 1 · …")
    }

    @Test(arguments: [40, 80, 120])
    func bothRealCapturesLayOut(_ width: Int) throws {
        let question = try #require(try Self.decode(Question.self, "goso_questions_by_ids_withbody.v2.3.json").first)
        let answers = try Self.decode(Answer.self, "goso_question_answers_withbody.v2.3.json")
        #expect(!answers.isEmpty)
        let document = DetailLayout.layout(QuestionDetail(question: question, answers: answers), width: width, now: S.now)
        #expect(document.answerLineIndices.count == answers.count)
        for index in document.answerLineIndices { #expect(document.lines[index].text.hasPrefix("── Answer ")) }
        #expect(document.lines.contains { $0.spans.contains { $0.style == BlockRenderer.codeStyle } }, "the captures contain code")
        for line in S.nonCodeLines(document) { #expect(DisplayWidth.of(line.text) <= width, "\(line.text)") }
        for line in document.lines { #expect(S.controls(in: line.text).isEmpty) }
        let text = document.lines.map(\.text).joined(separator: "\n")
        #expect(!text.contains("<p>") && !text.contains("&amp;") && !text.contains("</code>"))
    }

    static func decode<T: Decodable & Sendable>(_ type: T.Type, _ name: String) throws -> [T] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/stackexchange-captures/\(name)")
        let data = try Data(contentsOf: url)
        switch ResponseDecoder.page(T.self, status: 200, data: data) {
        case .success(let page): return page.items
        case .failure(let error): throw error
        }
    }
}
