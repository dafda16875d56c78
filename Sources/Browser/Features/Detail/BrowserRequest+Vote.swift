import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// A vote or favourite (or its undo) on a post of the open question: a write, sent once.
    struct Vote: RequestKind {
        let request: VoteRequest
        let questionID: Int

        var site: String? { request.site }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<PostVoteState>
        ) -> any Cancellable {
            guard let account = ports.account else { return Self.unavailable(completion) }
            return account.requests.vote(request) { completion($0) }
        }

        static func route(
            _ reply: Result<PostVoteState, APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard entry.purpose == .vote else { return [] }
            // A new score can reorder the answers: the post being read stays where it is.
            return model.inDetailKeepingPost { $0.receiveVote(reply, entry: entry, in: &$1) }
        }
    }

    /// A vote or favourite (or its undo) on a post of the open question.
    public static func vote(_ request: VoteRequest, questionID: Int) -> BrowserRequest {
        BrowserRequest(Vote(request: request, questionID: questionID))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.vote`.
    public static func vote(_ result: Result<PostVoteState, APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.Vote.self, result)
    }
}
