public import Foundation

/// The address the OAuth dialog ends on, as the person pastes it: `…/oauth/login_success#access_token=…&state=…`,
/// or `…#error=access_denied&error_description=…` when they said no.
public struct RedirectAddress: Sendable, Equatable {
    public var accessToken: String?
    public var state: String?
    public var error: String?
    public var errorDescription: String?

    /// Reads the fragment (and the query, where some flows put an error) of `text`; nil when it is no address.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed), url.scheme != nil else { return nil }
        var fields: [String: String] = [:]
        for part in [url.query, url.fragment].compactMap({ $0 }) {
            for pair in part.split(separator: "&") {
                let pieces = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(pieces[0])
                let value = pieces.count > 1 ? String(pieces[1]).replacingOccurrences(of: "+", with: " ") : ""
                fields[name] = value.removingPercentEncoding ?? value
            }
        }
        accessToken = fields["access_token"].flatMap { $0.isEmpty ? nil : $0 }
        state = fields["state"]
        error = fields["error"]
        errorDescription = fields["error_description"]
        guard accessToken != nil || error != nil else { return nil }
    }
}
