import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// A post written in the editor, sent to the site: with `preview` only checked and rendered (nothing is kept),
    /// else posted. A write: on the user lane, never retried.
    struct PostWrite: RequestKind {
        let request: PostWriteRequest

        var site: String? { request.site }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<WrittenPost>
        ) -> any Cancellable {
            guard let api = ports.api, ports.account != nil else { return Self.unavailable(completion) }
            return api.perform(request, as: WrittenPost.self, priority: lane) { result in
                completion(result.flatMap { page in
                    page.items.first.map { .success($0) } ?? .failure(.missingData("the site's answer held no post"))
                })
            }
        }

        static func route(
            _ reply: Result<WrittenPost, APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard let kind = entry.request.as(PostWrite.self) else { return [] }
            return model.inWriting { $0.receiveWrite(reply, request: kind.request, in: &$1) }
        }
    }

    /// A text written in the editor, previewed or posted.
    public static func postWrite(_ request: PostWriteRequest) -> BrowserRequest {
        BrowserRequest(PostWrite(request: request))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.postWrite`.
    public static func postWrite(_ result: Result<WrittenPost, APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.PostWrite.self, result)
    }
}
