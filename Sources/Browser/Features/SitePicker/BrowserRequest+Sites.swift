import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// The network's site list: for the site picker, or for the names the status bar shows.
    struct Sites: RequestKind {
        var site: String? { nil }
        /// The list may come from the store (under a day old).
        var successShowsNetwork: Bool { false }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<[Site]>
        ) -> any Cancellable {
            guard let siteList = ports.siteList else { return Self.unavailable(completion) }
            return siteList.sites(priority: lane) { completion($0) }
        }

        static func route(
            _ reply: Result<[Site], APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard entry.purpose == .sitePicker || entry.purpose == .siteNames else { return [] }
            return model.receiveSites(reply, for: entry.purpose)
        }
    }

    /// The network's site list.
    public static var sites: BrowserRequest { BrowserRequest(Sites()) }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.sites`.
    public static func sites(_ result: Result<[Site], APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.Sites.self, result)
    }
}
