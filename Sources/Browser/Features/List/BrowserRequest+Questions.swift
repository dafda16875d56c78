import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// A page of questions of a query (its site travels in the query): the list's pages, the prefetch, and
    /// each site's first page of a search over several sites.
    struct Questions: RequestKind {
        let query: QuestionsQuery
        let page: Int

        var site: String? { query.site }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<Page<Question>>
        ) -> any Cancellable {
            ports.questions.questions(query, page: page, priority: lane) { completion($0) }
        }

        static func route(
            _ reply: Result<Page<Question>, APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            switch entry.purpose {
            case .listPage:
                model.withScreen(\.listScreen) { $0.receivePage(reply, entry: entry, in: &$1) } + model.askForSiteNames()
            case .mergedSearch(let site):
                model.withScreen(\.listScreen) { $0.receiveMergedPage(reply, site: site, entry: entry, in: &$1) }
                    + model.askForSiteNames()
            default:
                []
            }
        }
    }

    /// A page of questions of a query (its site travels in the query).
    public static func questions(_ query: QuestionsQuery, page: Int) -> BrowserRequest {
        BrowserRequest(Questions(query: query, page: page))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.questions`.
    public static func questions(_ result: Result<Page<Question>, APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.Questions.self, result)
    }
}
