public import Operations

/// The door the UI and the command line use for a signed-in person's requests; `AccountDataManager` is the real one.
///
/// `completion` runs on the main queue (main actor) exactly once, unless cancelled first. Writes are sent once:
/// never retried, never coalesced.
public protocol AccountDataManaging: Sendable {
    /// `/me` on `site`.
    @discardableResult
    func me(site: String, priority: RequestPriority, completion: @escaping @MainActor @Sendable (Result<AccountUser, APIError>) -> Void) -> any Cancellable

    /// The whole inbox (`/inbox`), or only its unread items (`/me/inbox/unread`).
    @discardableResult
    func inbox(unreadOnly: Bool, site: String, priority: RequestPriority,
               completion: @escaping @MainActor @Sendable (Result<[InboxItem], APIError>) -> Void) -> any Cancellable

    /// A vote or favourite (or its undo); answers the post's score and the caller's vote after it.
    @discardableResult
    func vote(_ request: VoteRequest, completion: @escaping @MainActor @Sendable (Result<PostVoteState, APIError>) -> Void) -> any Cancellable

    /// A comment, or with `preview` only its rendering.
    @discardableResult
    func addComment(_ request: AddCommentRequest, completion: @escaping @MainActor @Sendable (Result<PostComment, APIError>) -> Void) -> any Cancellable

    /// A post's score and the caller's vote and favourite on it now (after a vote whose answer never came).
    @discardableResult
    func postState(_ request: PostStateRequest, completion: @escaping @MainActor @Sendable (Result<PostVoteState, APIError>) -> Void) -> any Cancellable

    /// The caller's comments since a time, newest first (after a comment whose answer never came).
    @discardableResult
    func myComments(_ request: MyCommentsRequest, completion: @escaping @MainActor @Sendable (Result<[PostComment], APIError>) -> Void) -> any Cancellable
}
