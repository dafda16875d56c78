public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Something read from the local store, with when it was fetched from the API.
public struct Cached<Value: Sendable>: Sendable {
    public var value: Value
    public var fetchedAt: Date

    public init(value: Value, fetchedAt: Date) {
        self.value = value
        self.fetchedAt = fetchedAt
    }
}

/// A questions data manager that also keeps what it fetched, so a list can be drawn before the network answers.
public protocol CachedQuestionsDataManaging: QuestionsDataManaging {
    /// The last copy of `page` of `query` in the store, read at once (measured well under 2 ms), or nil.
    func cachedQuestions(_ query: QuestionsQuery, page: Int) -> Cached<Page<Question>>?
    /// A one-line note about the store (a damaged cache moved aside, no cache), handed out once.
    func takeStoreNotice() -> String?
}

/// A detail data manager that also keeps what it fetched, so a question seen before opens at once and offline.
public protocol CachedQuestionDetailDataManaging: QuestionDetailDataManaging {
    /// The last copy of the question's detail in the store, or nil.
    func cachedDetail(questionID: Int, site: String) -> Cached<QuestionDetail>?
}

/// A bookmarked question, with its site and when it was bookmarked.
public struct Bookmark: Sendable, Hashable {
    public var site: String
    public var question: Question
    public var createdAt: Date

    public init(site: String, question: Question, createdAt: Date) {
        self.site = site
        self.question = question
        self.createdAt = createdAt
    }
}

/// The door to the person's own data: read marks and bookmarks, kept across runs.
///
/// Every call answers at once from memory; writes go to the store in the background.
public protocol PersonalDataManaging: Sendable {
    func isRead(site: String, questionID: Int) -> Bool
    func setRead(_ read: Bool, site: String, questionID: Int)
    func isBookmarked(site: String, questionID: Int) -> Bool
    /// Bookmarks `question` on `site`, or removes the bookmark.
    func setBookmarked(_ bookmarked: Bool, question: Question, site: String)
    /// Every bookmark, of all sites, newest first.
    func bookmarks() -> [Bookmark]
    /// Why bookmarks and read marks are not kept this run (a damaged or newer data file), if they are not.
    var unavailableReason: String? { get }
    /// The last change that could not be written (a full or read-only disk), in one line, or nil.
    var lastWriteProblem: String? { get }
    /// A one-line note about a change that could not be written, handed out once.
    func takeWriteNotice() -> String?
}

extension PersonalDataManaging {
    public var lastWriteProblem: String? { nil }
    public func takeWriteNotice() -> String? { nil }
}

extension APIError {
    /// True when the network could not be reached at all (connection refused, host not found, timeout, no
    /// network): the browser then says `offline` and goes on showing what the store has.
    public var isOffline: Bool {
        guard case .transport(let error) = self else { return false }
        switch error.code {
        case .cannotConnectToHost, .cannotFindHost, .timedOut, .notConnectedToInternet, .networkConnectionLost,
             .dnsLookupFailed, .cannotLoadFromNetwork:
            return true
        default:
            return false
        }
    }
}
