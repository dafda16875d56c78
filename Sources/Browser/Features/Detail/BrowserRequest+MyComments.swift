import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// The caller's comments since a time: whether a comment whose answer never came was posted.
    struct MyComments: RequestKind {
        let request: MyCommentsRequest

        var site: String? { request.site }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<[PostComment]>
        ) -> any Cancellable {
            guard let account = ports.account else { return Self.unavailable(completion) }
            return account.requests.myComments(request) { completion($0) }
        }

        static func route(
            _ reply: Result<[PostComment], APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard case .commentCheck(let comment, let sentAt) = entry.purpose else { return [] }
            return model.inDetailKeepingPost { $0.receiveCommentCheck(reply, comment: comment, sentAt: sentAt, in: &$1) }
        }
    }

    /// The caller's comments since a time.
    public static func myComments(_ request: MyCommentsRequest) -> BrowserRequest {
        BrowserRequest(MyComments(request: request))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.myComments`.
    public static func myComments(_ result: Result<[PostComment], APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.MyComments.self, result)
    }
}
