public import Operations

/// The door the UI uses to get the comments of a question and its answers; `CommentsDataManager` is the real one.
///
/// `completion` runs on the main queue (main actor) exactly once, unless the request was cancelled first, in
/// which case it never runs.
public protocol CommentsDataManaging: Sendable {
    /// Fetches every comment (with body, oldest first) on the posts `postIDs` of `site`, in batches of up to 100 ids.
    /// The page's items are all the comments; its `quotaRemaining` the lowest any request reported.
    @discardableResult
    func comments(
        postIDs: [Int], site: String, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<PostComment>, APIError>) -> Void
    ) -> any Cancellable
}
