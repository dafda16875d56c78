import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// The site's tags whose names hold a word (`/tags?inname=`): the nearest names to a tag the site does not know.
    struct TagSearch: RequestKind {
        let request: TagSearchRequest

        var site: String? { request.site }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<[TagInfo]>
        ) -> any Cancellable {
            guard let api = ports.api else { return Self.unavailable(completion) }
            return api.perform(request, as: TagInfo.self, priority: lane) { result in
                completion(result.map { page in page.items })
            }
        }

        static func route(
            _ reply: Result<[TagInfo], APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard let kind = entry.request.as(TagSearch.self) else { return [] }
            return model.inWriting { $0.receiveTagSearch(reply, request: kind.request, in: &$1) }
        }
    }

    /// The site's tags whose names hold a word.
    public static func tagSearch(_ request: TagSearchRequest) -> BrowserRequest {
        BrowserRequest(TagSearch(request: request))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.tagSearch`.
    public static func tagSearch(_ result: Result<[TagInfo], APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.TagSearch.self, result)
    }
}
