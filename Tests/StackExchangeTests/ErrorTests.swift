import Foundation
import Testing
@testable import StackExchange

/// Error bodies, decoding failures and status codes become `APIError`s with one-line messages.
struct ErrorTests {
    @Test func errorBodiesBecomeStackExchangeErrors() throws {
        let data = try Fixtures.body(named: "rso_error_no_method_http400")
        let result: Result<Page<Question>, APIError> = ResponseDecoder.page(status: 400, data: data)
        #expect(result == .failure(.stackExchange(id: 404, name: "no_method", message: "no method found with this name")))
        let throttle = ResponseDecoder.errorBody(try Fixtures.body(named: "quoted_error_throttle_violation_ip"))
        #expect(throttle?.isThrottleViolation == true)
        #expect(ThrottleMessage.wait(in: throttle?.message ?? "") == 17524)
    }

    @Test func anErrorBodyWithStatus200IsStillAnAPIError() {
        let body = Body.error(id: 500, name: "internal_error", message: "boom")
        let result: Result<Page<Question>, APIError> = ResponseDecoder.page(status: 200, data: body)
        #expect(result == .failure(.stackExchange(id: 500, name: "internal_error", message: "boom")))
    }

    @Test func throttleWaitDefaultsWhenUnsaid() {
        #expect(ThrottleMessage.wait(in: "Violation of backoff parameter") == ThrottleMessage.defaultWait)
        #expect(ThrottleMessage.wait(in: "more requests available in 3 seconds") == 3)
    }

    @Test func otherStatusesKeepASnippet() {
        let html = Data("<html>\n<body>Bad Gateway\u{1B}[2J</body>\n</html>".utf8)
        let result: Result<Page<Question>, APIError> = ResponseDecoder.page(status: 502, data: html)
        guard case .failure(.httpStatus(let code, let snippet)) = result else {
            Issue.record("expected httpStatus, got \(result)")
            return
        }
        #expect(code == 502)
        #expect(snippet.contains("Bad Gateway") && !snippet.contains("\n") && !snippet.contains("\u{1B}"))
    }

    @Test func decodingErrorsSayWhatFailed() {
        let missing = Data(#"{"items":[{"question_id":1,"title":"t","creation_date":1},{"title":"x"}]}"#.utf8)
        let result: Result<Page<Question>, APIError> = ResponseDecoder.page(status: 200, data: missing)
        guard case .failure(.decoding(let what)) = result else {
            Issue.record("expected decoding, got \(result)")
            return
        }
        #expect(what.contains("items.1.question_id"))
        let wrongType = Data(#"{"items":[{"question_id":"one","title":"t","creation_date":1}]}"#.utf8)
        let second: Result<Page<Question>, APIError> = ResponseDecoder.page(status: 200, data: wrongType)
        #expect(second.failureMessage?.contains("items.0.question_id") == true)
        let garbage: Result<Page<Question>, APIError> = ResponseDecoder.page(status: 200, data: Data("nope".utf8))
        #expect(garbage.failureMessage?.hasPrefix("unreadable response") == true)
    }

    @Test func tolerantDecoding() throws {
        let sparse = Data(#"{"items":[{"question_id":7,"title":"t","last_activity_date":5,"extra":{"x":1}}]}"#.utf8)
        let page = try ResponseDecoder.page(Question.self, status: 200, data: sparse).get()
        let question = try #require(page.items.first)
        #expect(question.tags == [] && question.score == 0 && question.owner == nil && question.link == nil)
        #expect(question.creationDate == Date(timeIntervalSince1970: 5))
        #expect(page.hasMore == false && page.quotaRemaining == nil)
    }

    @Test func everyMessageIsOneLine() {
        let errors: [APIError] = [
            .transport(URLError(.timedOut)), .httpStatus(code: 503, bodySnippet: "a\nb\r\nc"),
            .stackExchange(id: 502, name: "throttle_violation", message: "too\nmany"),
            .decoding("x\ny"), .missingData("q\t1"), .throttled(until: Date().addingTimeInterval(5)),
            .quotaExhausted(resetsAt: Date()), .cancelled,
            .stackExchange(id: 1, name: "n", message: String(repeating: "long ", count: 100)),
        ]
        for error in errors {
            #expect(!error.message.isEmpty)
            #expect(!error.message.contains { $0.isNewline || $0 == "\t" }, "\(error)")
            #expect(error.message.count <= 200)
        }
    }
}

extension Result where Failure == APIError {
    var failureMessage: String? {
        guard case .failure(let error) = self else { return nil }
        return error.message
    }
}
