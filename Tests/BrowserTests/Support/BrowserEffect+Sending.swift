@testable import Browser
import StackExchange

extension BrowserEffect {
    /// The token, request and lane when this effect sends a request.
    var sending: (token: RequestToken, request: BrowserRequest, lane: RequestPriority)? {
        if case .send(let token, let request, let lane) = self { (token, request, lane) } else { nil }
    }

    /// The token and request when this effect raises a request to the user lane.
    var raising: (token: RequestToken, request: BrowserRequest)? {
        if case .raise(let token, let request) = self { (token, request) } else { nil }
    }
}
