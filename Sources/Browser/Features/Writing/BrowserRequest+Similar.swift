import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// The questions like a new one (`/similar`, its title and tags): shown before it is asked, as "maybe already asked".
    struct Similar: RequestKind {
        let request: SimilarRequest

        var site: String? { request.site }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<[Question]>
        ) -> any Cancellable {
            guard let api = ports.api else { return Self.unavailable(completion) }
            return api.perform(request, as: Question.self, priority: lane) { result in
                completion(result.map { page in page.items })
            }
        }

        static func route(
            _ reply: Result<[Question], APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard let kind = entry.request.as(Similar.self) else { return [] }
            return model.inWriting { $0.receiveSimilar(reply, request: kind.request, in: &$1) }
        }
    }

    /// The questions like a new one.
    public static func similar(_ request: SimilarRequest) -> BrowserRequest {
        BrowserRequest(Similar(request: request))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.similar`.
    public static func similar(_ result: Result<[Question], APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.Similar.self, result)
    }
}
