public import StackExchange

/// The port through which the browser reads the store's copy of a list page, so a list can be drawn before
/// the network answers. The browser owns the need; the store (`Store.CachingQuestionsDataManager`) fills it.
public protocol QuestionListCaching: Sendable {
    /// The last copy of `page` of `query` in the store, read at once, or nil: each question as a list row shows it
    /// (no body, no answers; its detail is read when it is opened).
    func cachedQuestions(_ query: QuestionsQuery, page: Int) -> Cached<Page<Question>>?
    /// Starts reading `page` of `query` in the background, for the next `cachedQuestions` of it to take.
    func readAhead(_ query: QuestionsQuery, page: Int)
    /// A one-line note about the store (a damaged cache moved aside, no cache), handed out once.
    func takeStoreNotice() -> String?
}

extension QuestionListCaching {
    /// A store read at once has nothing to gain from reading ahead.
    public func readAhead(_ query: QuestionsQuery, page: Int) {}
}

/// The port through which the browser reads the store's copy of a question, so a question seen before opens
/// at once and offline.
public protocol QuestionDetailCaching: Sendable {
    /// The last copy of the question's detail in the store, or nil.
    func cachedDetail(questionID: Int, site: String) -> Cached<QuestionDetail>?
}
