public import Operations

/// The door the UI uses to get question lists; `QuestionsDataManager` is the real one.
///
/// `completion` runs on the main queue (main actor) exactly once, unless the request was
/// cancelled first, in which case it never runs.
public protocol QuestionsDataManaging: Sendable {
    /// Fetches one page (1-based) of `query`; a query with `searchText` uses `/search/advanced`.
    @discardableResult
    func questions(
        _ query: QuestionsQuery, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Question>, APIError>) -> Void
    ) -> any Cancellable
}

/// The door the UI uses to get one question with its body and answers; `AnswersDataManager` is the real one.
public protocol QuestionDetailDataManaging: Sendable {
    /// Fetches the question (with body) and its answers (with bodies, sorted by votes) on `site`.
    @discardableResult
    func detail(
        questionID: Int, site: String, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<QuestionDetail, APIError>) -> Void
    ) -> any Cancellable

    /// Fetches answers page `page` (1-based, 100 a page, by votes) of `questionID` on `site`: the answers past
    /// the first hundred, as the person scrolls to them.
    @discardableResult
    func answers(
        questionID: Int, site: String, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Answer>, APIError>) -> Void
    ) -> any Cancellable
}
