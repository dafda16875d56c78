public import Foundation
import StackExchange

/// The implicit flow's dialog address: the app's `client_id`, the scopes, the non-web redirect and a fresh `state`.
public struct OAuthDialog: Sendable {
    /// The dialog; the site asked does not matter, the account is network-wide.
    public static let dialogURL = "https://stackoverflow.com/oauth/dialog"
    /// Stack Exchange's own landing page for apps that are not web sites (the app must allow it on Stack Apps).
    public static let redirectURI = "https://stackexchange.com/oauth/login_success"
    /// `write_access` to vote, favourite and comment; `read_inbox` for the inbox; `no_expiry` so the token lasts
    /// until `stackterm logout` instead of a day.
    public static let scopes = ["write_access", "read_inbox", "no_expiry"]

    public var clientID: String
    /// Random, checked against the pasted address: an address from another login (or someone else's) is refused.
    public var state: String

    public init(clientID: String, state: String = OAuthDialog.freshState()) {
        self.clientID = clientID
        self.state = state
    }

    /// 128 random bits as hex.
    public static func freshState() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
    }

    public var url: String {
        let items = [
            URLQueryItem(name: "client_id", value: clientID),
            URLQueryItem(name: "scope", value: Self.scopes.joined(separator: ",")),
            URLQueryItem(name: "redirect_uri", value: Self.redirectURI),
            URLQueryItem(name: "state", value: state),
        ]
        return Self.dialogURL + "?" + QueryEncoding.encode(items)
    }
}
