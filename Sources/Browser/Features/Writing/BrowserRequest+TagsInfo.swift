import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// A new question's tags as the site knows them (`/tags/{tags}/info`): a tag missing from the reply does not exist.
    struct TagsInfo: RequestKind {
        let request: TagsInfoRequest

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
            guard let kind = entry.request.as(TagsInfo.self) else { return [] }
            return model.inWriting { $0.receiveTagsInfo(reply, request: kind.request, in: &$1) }
        }
    }

    /// A new question's tags as the site knows them.
    public static func tagsInfo(_ request: TagsInfoRequest) -> BrowserRequest {
        BrowserRequest(TagsInfo(request: request))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.tagsInfo`.
    public static func tagsInfo(_ result: Result<[TagInfo], APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.TagsInfo.self, result)
    }
}
