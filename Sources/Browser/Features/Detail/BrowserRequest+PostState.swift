import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// A post's score and the caller's vote on it now: whether a vote whose answer never came landed.
    struct PostState: RequestKind {
        let request: PostStateRequest

        var site: String? { request.site }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<PostVoteState>
        ) -> any Cancellable {
            guard let account = ports.account else { return Self.unavailable(completion) }
            return account.requests.postState(request) { completion($0) }
        }

        static func route(
            _ reply: Result<PostVoteState, APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard case .voteCheck(let vote) = entry.purpose else { return [] }
            return model.inDetailKeepingPost { $0.receiveVoteCheck(reply, vote: vote, in: &$1) }
        }
    }

    /// A post's score and the caller's vote on it now.
    public static func postState(_ request: PostStateRequest) -> BrowserRequest {
        BrowserRequest(PostState(request: request))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.postState`.
    public static func postState(_ result: Result<PostVoteState, APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.PostState.self, result)
    }
}
