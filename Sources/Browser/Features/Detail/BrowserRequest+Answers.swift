import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// Answers page `page` (past the first hundred) of a question.
    struct Answers: RequestKind {
        let siteName: String
        let questionID: Int
        let page: Int

        var site: String? { siteName }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<Page<Answer>>
        ) -> any Cancellable {
            ports.details.answers(questionID: questionID, site: siteName, page: page, priority: lane) { completion($0) }
        }

        static func route(
            _ reply: Result<Page<Answer>, APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard case .answers = entry.purpose else { return [] }
            return model.inDetailKeepingPost { $0.receiveAnswers(reply, entry: entry, in: &$1) }
        }
    }

    /// Answers page `page` (past the first hundred) of a question.
    public static func answers(site: String, questionID: Int, page: Int) -> BrowserRequest {
        BrowserRequest(Answers(siteName: site, questionID: questionID, page: page))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.answers`.
    public static func answers(_ result: Result<Page<Answer>, APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.Answers.self, result)
    }
}
