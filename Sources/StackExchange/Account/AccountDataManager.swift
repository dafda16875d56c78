import Foundation
public import Operations

/// The signed-in person's requests through one client: reads on the lane asked for, writes on the user lane, sent once.
public final class AccountDataManager: AccountDataManaging {
    public let client: StackExchangeClient

    public init(client: StackExchangeClient) {
        self.client = client
    }

    @discardableResult
    public func me(site: String, priority: RequestPriority, completion: @escaping @MainActor @Sendable (Result<AccountUser, APIError>) -> Void) -> any Cancellable {
        send(MeRequest(site: site), as: AccountUser.self, priority: priority, name: "me") { page in
            guard let user = page.items.first else { return .failure(.missingData("/me answered no user")) }
            return .success(user)
        } completion: { completion($0) }
    }

    @discardableResult
    public func inbox(unreadOnly: Bool, site: String, priority: RequestPriority,
                      completion: @escaping @MainActor @Sendable (Result<[InboxItem], APIError>) -> Void) -> any Cancellable {
        send(InboxRequest(unreadOnly: unreadOnly, site: site), as: InboxItem.self, priority: priority, name: "inbox") { .success($0.items) }
            completion: { completion($0) }
    }

    @discardableResult
    public func vote(_ request: VoteRequest, completion: @escaping @MainActor @Sendable (Result<PostVoteState, APIError>) -> Void) -> any Cancellable {
        send(request, as: PostVoteState.self, priority: .user, name: "vote \(request.postID)") { page in
            guard let post = page.items.first else { return .failure(.missingData("the vote answered no post")) }
            return .success(post)
        } completion: { completion($0) }
    }

    @discardableResult
    public func addComment(_ request: AddCommentRequest, completion: @escaping @MainActor @Sendable (Result<PostComment, APIError>) -> Void) -> any Cancellable {
        send(request, as: PostComment.self, priority: .user, name: "comment \(request.postID)") { page in
            guard let comment = page.items.first else { return .failure(.missingData("the comment was not answered")) }
            return .success(comment)
        } completion: { completion($0) }
    }

    @discardableResult
    public func postState(_ request: PostStateRequest, completion: @escaping @MainActor @Sendable (Result<PostVoteState, APIError>) -> Void) -> any Cancellable {
        send(request, as: PostVoteState.self, priority: .user, name: "check votes \(request.postID)") { page in
            guard let post = page.items.first else { return .failure(.missingData("the post is gone")) }
            return .success(post)
        } completion: { completion($0) }
    }

    @discardableResult
    public func myComments(_ request: MyCommentsRequest, completion: @escaping @MainActor @Sendable (Result<[PostComment], APIError>) -> Void) -> any Cancellable {
        send(request, as: PostComment.self, priority: .user, name: "check comments") { .success($0.items) }
            completion: { completion($0) }
    }

    /// One request, its page turned into `Value` by `extract`, delivered once on the main queue.
    func send<Item: Decodable & Sendable, Value: Sendable>(
        _ request: any APIRequest, as item: Item.Type, priority: RequestPriority, name: String,
        extract: @escaping @Sendable (Page<Item>) -> Result<Value, APIError>,
        completion: @escaping @MainActor @Sendable (Result<Value, APIError>) -> Void
    ) -> any Cancellable {
        let delivery = PendingDelivery<Value>(completion)
        do {
            try request.validate()
        } catch {
            delivery.deliver(.failure(error.apiError))
            return delivery
        }
        let operation = APIRequestOperation<Item>(
            client: client, request: request, priority: priority, name: name, completionQueue: nil)
        operation.setCompletionHandler { result in
            delivery.deliver(result.mapError { $0 as? APIError ?? .decoding("\($0)") }.flatMap(extract))
        }
        operation.enqueue()
        return CancelAction {
            delivery.cancel()
            operation.cancel()
        }
    }
}
