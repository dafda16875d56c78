import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// One request of the watches' poll schedule.
    struct Watch: RequestKind {
        let request: WatchRequest

        var site: String? { request.site }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<WatchAnswer>
        ) -> any Cancellable {
            guard let watching = ports.watching else { return Self.unavailable(completion) }
            return watching.requests.send(request, at: now) { completion($0) }
        }

        static func route(
            _ reply: Result<WatchAnswer, APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard entry.purpose == .watch else { return [] }
            return model.withScreen(\.watch) { $0.receiveWatch(reply, entry: entry, in: &$1) }
        }
    }

    /// One request of the watches' poll schedule.
    public static func watch(_ request: WatchRequest) -> BrowserRequest {
        BrowserRequest(Watch(request: request))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.watch`.
    public static func watch(_ result: Result<WatchAnswer, APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.Watch.self, result)
    }
}
