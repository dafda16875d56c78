import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// The whole inbox (network-wide), or only its unread items (for the badge), asked on a site.
    struct Inbox: RequestKind {
        let unreadOnly: Bool
        let siteName: String

        var site: String? { siteName }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<[InboxItem]>
        ) -> any Cancellable {
            guard let account = ports.account else { return Self.unavailable(completion) }
            return account.requests.inbox(unreadOnly: unreadOnly, site: siteName, priority: lane) { completion($0) }
        }

        static func route(
            _ reply: Result<[InboxItem], APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard entry.purpose == .inbox || entry.purpose == .inboxBadge else { return [] }
            return model.withScreen(\.inbox) { $0.receive(reply, for: entry.request, in: &$1) }
        }
    }

    /// The whole inbox, or only its unread items (for the badge), asked on `site`.
    public static func inbox(unreadOnly: Bool, site: String) -> BrowserRequest {
        BrowserRequest(Inbox(unreadOnly: unreadOnly, siteName: site))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.inbox`.
    public static func inbox(_ result: Result<[InboxItem], APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.Inbox.self, result)
    }
}
