import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// A question with its body and first page of answers (first load or revalidation).
    struct Detail: RequestKind {
        let siteName: String
        let questionID: Int

        var site: String? { siteName }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<QuestionDetail>
        ) -> any Cancellable {
            ports.details.detail(questionID: questionID, site: siteName, priority: lane) { completion($0) }
        }

        static func route(
            _ reply: Result<QuestionDetail, APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard entry.purpose == .detail else { return [] }
            // A stored copy refreshed (new scores reorder the answers): the post being read stays where it is.
            return model.inDetailKeepingPost { $0.receiveDetail(reply, entry: entry, in: &$1) }
        }
    }

    /// A question with its body and first page of answers.
    public static func detail(site: String, questionID: Int) -> BrowserRequest {
        BrowserRequest(Detail(siteName: site, questionID: questionID))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.detail`.
    public static func detail(_ result: Result<QuestionDetail, APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.Detail.self, result)
    }
}
