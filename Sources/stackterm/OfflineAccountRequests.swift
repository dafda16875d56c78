import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Operations
import StackExchange

/// The signed-in person's requests under `--offline`: each fails at once as "not connected", so the inbox kept in
/// the store still shows and a vote says why it cannot go.
final class OfflineAccountRequests: AccountDataManaging {
    private func fail<Value: Sendable>(_ completion: @escaping @MainActor @Sendable (Result<Value, APIError>) -> Void) -> any Cancellable {
        let delivery = PendingDelivery<Value>(completion)
        delivery.deliver(.failure(.transport(URLError(.notConnectedToInternet))))
        return delivery
    }

    func me(site: String, priority: RequestPriority, completion: @escaping @MainActor @Sendable (Result<AccountUser, APIError>) -> Void) -> any Cancellable {
        fail(completion)
    }

    func inbox(unreadOnly: Bool, site: String, priority: RequestPriority,
               completion: @escaping @MainActor @Sendable (Result<[InboxItem], APIError>) -> Void) -> any Cancellable {
        fail(completion)
    }

    func vote(_ request: VoteRequest, completion: @escaping @MainActor @Sendable (Result<PostVoteState, APIError>) -> Void) -> any Cancellable {
        fail(completion)
    }

    func addComment(_ request: AddCommentRequest, completion: @escaping @MainActor @Sendable (Result<PostComment, APIError>) -> Void) -> any Cancellable {
        fail(completion)
    }

    func postState(_ request: PostStateRequest, completion: @escaping @MainActor @Sendable (Result<PostVoteState, APIError>) -> Void) -> any Cancellable {
        fail(completion)
    }

    func myComments(_ request: MyCommentsRequest, completion: @escaping @MainActor @Sendable (Result<[PostComment], APIError>) -> Void) -> any Cancellable {
        fail(completion)
    }
}
