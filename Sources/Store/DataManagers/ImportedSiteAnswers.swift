import Foundation
import Operations
import StackExchange

/// Answers from an imported site, delivered as the network's are (on the main queue, once, unless cancelled).
enum ImportedSiteAnswers {
    /// Page `page` of `query` from the imported copy of its site, or nil when the site has none. A sort the
    /// dump cannot give (hot, week, month) falls back to votes, with a notice.
    static func questions(
        _ query: QuestionsQuery, page: Int, library: ImportedSiteLibrary,
        completion: @escaping @MainActor @Sendable (Result<Page<Question>, APIError>) -> Void
    ) -> (any Cancellable)? {
        guard let site = library.site(query.site) else { return nil }
        if query.searchText == nil, !ImportedSite.hasSort(query.sort), page == 1 {
            library.post("the \(query.site) dump has no \(query.sort.rawValue) sort: sorted by votes")
        }
        let delivery = PendingDelivery<Page<Question>>(completion)
        delivery.deliver(.success(site.questions(query, page: page)))
        return delivery
    }

    /// The question from the imported copy of `site`, or nil when it has no such question.
    static func detail(
        questionID: Int, site: String, library: ImportedSiteLibrary,
        completion: @escaping @MainActor @Sendable (Result<QuestionDetail, APIError>) -> Void
    ) -> (any Cancellable)? {
        guard let detail = library.site(site)?.detail(questionID: questionID) else { return nil }
        let delivery = PendingDelivery<QuestionDetail>(completion)
        delivery.deliver(.success(detail))
        return delivery
    }
}
