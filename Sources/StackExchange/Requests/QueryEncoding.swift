public import Foundation

/// Builds a query string the way the API's form decoding reads it back exactly.
///
/// `URLComponents.queryItems` leaves `+`, `;` and a few others as they are, and the server reads a bare `+`
/// as a space: `tagged=c++` arrived as `c  `. Here every byte of a name or value outside the unreserved set
/// (`A-Z a-z 0-9 - . _ ~`) is percent-encoded as UTF-8: `+ & = ; # %`, spaces and non-ASCII included.
public enum QueryEncoding {
    /// RFC 3986's unreserved characters, the only ones sent as they are.
    static let unreserved: CharacterSet = {
        var set = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        set.insert(charactersIn: "-._~")
        return set
    }()

    /// `name=value&…`, every name and value percent-encoded.
    public static func encode(_ items: [URLQueryItem]) -> String {
        items.map { item in
            escape(item.name) + "=" + escape(item.value ?? "")
        }.joined(separator: "&")
    }

    /// `text` with everything outside the unreserved set percent-encoded.
    public static func escape(_ text: String) -> String {
        // Only fails for unpaired surrogates, which a Swift String cannot hold.
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
