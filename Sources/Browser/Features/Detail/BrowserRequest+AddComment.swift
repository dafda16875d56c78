import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// A comment on a post of the open question, or with `preview` only its rendering: a write, sent once.
    struct AddComment: RequestKind {
        let request: AddCommentRequest
        let questionID: Int

        var site: String? { request.site }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<PostComment>
        ) -> any Cancellable {
            guard let account = ports.account else { return Self.unavailable(completion) }
            return account.requests.addComment(request) { completion($0) }
        }

        static func route(
            _ reply: Result<PostComment, APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard entry.purpose == .commentPreview || entry.purpose == .commentPost else { return [] }
            return model.inDetailKeepingPost { $0.receiveComment(reply, entry: entry, in: &$1) }
        }
    }

    /// A comment (or its preview) on a post of the open question.
    public static func addComment(_ request: AddCommentRequest, questionID: Int) -> BrowserRequest {
        BrowserRequest(AddComment(request: request, questionID: questionID))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.addComment`.
    public static func comment(_ result: Result<PostComment, APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.AddComment.self, result)
    }
}
