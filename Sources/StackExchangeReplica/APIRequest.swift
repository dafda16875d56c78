/// A request's path and decoded query parameters, split from the raw request URI.
struct APIRequest: Sendable, Hashable {
    var path: String
    var query: [String: String]

    /// `+` is kept as a plus sign, not a space: clients send spaces as `%20`, and tags such as `c++` may arrive unencoded.
    init(uri: String) {
        let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = parts.first.map { String($0).removingPercentEncoding ?? String($0) } ?? "/"
        var query: [String: String] = [:]
        if parts.count > 1 {
            for pair in parts[1].split(separator: "&") {
                let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = String(keyValue[0]).removingPercentEncoding ?? String(keyValue[0])
                let value = keyValue.count > 1 ? (String(keyValue[1]).removingPercentEncoding ?? String(keyValue[1])) : ""
                query[key] = value
            }
        }
        self.query = query
    }

    init(path: String, query: [String: String]) {
        self.path = path
        self.query = query
    }
}
