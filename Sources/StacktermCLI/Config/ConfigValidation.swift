import Foundation
import StackExchange

/// The checks a value gets whether it comes from the command line or the config file.
enum ConfigValidation {
    static func site(_ text: String, at key: String, parser: ConfigFileParser) throws(ConfigError) -> String {
        guard isSiteName(text) else { throw parser.error(key, "site must be a site's API name without spaces, not \"\(text)\"") }
        return text
    }

    static func sort(_ text: String, at key: String, parser: ConfigFileParser) throws(ConfigError) -> QuestionSort {
        guard let sort = QuestionSort(rawValue: text) else {
            throw parser.error(key, "sort must be one of \(sortNames), not \"\(text)\"")
        }
        return sort
    }

    static func pageSize(_ number: Int, at key: String, parser: ConfigFileParser) throws(ConfigError) -> Int {
        try range(number, 1...100, at: key, parser: parser)
    }

    static func rateLimit(_ number: Int, at key: String, parser: ConfigFileParser) throws(ConfigError) -> Int {
        // The API counts more than 30 requests a second from one IP as abuse.
        try range(number, 1...30, at: key, parser: parser)
    }

    static func range(_ number: Int, _ range: ClosedRange<Int>, at key: String, parser: ConfigFileParser) throws(ConfigError) -> Int {
        guard range.contains(number) else {
            throw parser.error(key, "\(key) must be between \(range.lowerBound) and \(range.upperBound), not \(number)")
        }
        return number
    }

    static func apiBase(_ text: String, at key: String, parser: ConfigFileParser) throws(ConfigError) -> URL {
        var text = text
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        guard let url = httpURL(text) else { throw parser.error(key, "api_base must be an http or https URL, not \"\(text)\"") }
        return url
    }

    static var sortNames: String { QuestionSort.listNames }

    static func isSiteName(_ text: String) -> Bool { !text.isEmpty && !text.contains(where: \.isWhitespace) }

    /// `text` as a URL when it is an absolute http(s) URL with a host.
    static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}
