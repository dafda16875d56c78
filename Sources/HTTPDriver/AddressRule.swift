public import Foundation

/// Which addresses a request's credentials (the app key, an access token) may travel to: https anywhere, plain http
/// only on loopback, where nothing crosses a network.
public enum AddressRule {
    /// True for an `https` address, or an `http` one on loopback.
    public static func mayCarryKey(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": return true
        case "http": return isLoopback(url)
        default: return false
        }
    }

    /// True when `url`'s host is 127.0.0.0/8, `::1` or `localhost`.
    public static func isLoopback(_ url: URL) -> Bool {
        let host = (url.host ?? "").lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        let isLoopbackIPv4 = octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
        return host == "localhost" || host == "::1" || isLoopbackIPv4
    }
}
