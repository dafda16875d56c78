public import ArgumentParser
public import Browser
import Foundation
public import StackExchange

/// stackterm's command-line options and their validation, kept out of the executable so tests can parse them.
///
/// A bad command line fails `validate()` with a one-line `ValidationError`, which ArgumentParser
/// prints and turns into exit status 64.
public struct StacktermOptions: ParsableArguments {
    @Option(help: "The Stack Exchange site's API name (stackoverflow, superuser, unix, ...).")
    public var site = "stackoverflow"

    @Option(help: "Show only questions with this tag.")
    public var tag: String?

    @Option(help: "The sort: \(QuestionSort.allCases.map(\.rawValue).joined(separator: ", ")).")
    public var sort = QuestionSort.activity.rawValue

    @Option(help: "Questions per page (1...100).")
    public var pageSize = 30

    @Option(help: "The API root to talk to, e.g. a stackterm-replica at http://127.0.0.1:PORT/2.3.")
    public var apiBase = BackendConfiguration.defaultBaseURL.absoluteString

    @Option(help: ArgumentHelp(
        "An app key, raising the daily quota. Prefer STACKEXCHANGE_KEY (or the config file): a --key shows in ps. Sent only over https or to loopback.",
        valueName: "key"))
    public var key: String?

    @Option(help: ArgumentHelp("Write one JSON object per line (keys, requests, responses, frames) to this file.", valueName: "file"))
    public var trace: String?

    @Flag(help: "Start without touching the network: lists, questions and bookmarks come from the local store.")
    public var offline = false

    @Flag(help: "Print where the cache and the bookmarks are, their sizes and counts, and exit.")
    public var cacheInfo = false

    @Flag(help: "Empty the cache (bookmarks and read marks are kept) and exit.")
    public var clearCache = false

    public init() {}

    public mutating func validate() throws {
        guard QuestionSort(rawValue: sort) != nil else {
            throw ValidationError("--sort must be one of \(QuestionSort.allCases.map(\.rawValue).joined(separator: ", ")), not '\(sort)'")
        }
        guard (1...100).contains(pageSize) else {
            throw ValidationError("--page-size must be between 1 and 100, not \(pageSize)")
        }
        while apiBase.count > 1, apiBase.hasSuffix("/") { apiBase.removeLast() }
        guard Self.httpURL(apiBase) != nil else {
            throw ValidationError("--api-base must be an http or https URL, not '\(apiBase)'")
        }
        if let tag {
            guard !tag.isEmpty, !tag.contains(where: \.isWhitespace) else {
                throw ValidationError("--tag must be a non-empty tag without spaces")
            }
        }
        guard !site.isEmpty, !site.contains(where: \.isWhitespace) else {
            throw ValidationError("--site must be a site's API name without spaces")
        }
        if let trace, trace.isEmpty {
            throw ValidationError("--trace needs a file name")
        }
        if cacheInfo, clearCache {
            throw ValidationError("--cache-info and --clear-cache cannot be used together")
        }
    }

    /// Refuses a key that would cross the network in clear text: with a key (`--key` or `STACKEXCHANGE_KEY`),
    /// the API base must be `https`, or `http` to a loopback address.
    public func validateKey(environment: [String: String]) throws {
        if let problem = backendConfiguration(environment: environment).keyTransportProblem {
            throw ValidationError(problem)
        }
    }

    /// What the browser shows first.
    public var browserConfiguration: BrowserConfiguration {
        BrowserConfiguration(
            site: site, tags: tag.map { [$0] } ?? [], sort: QuestionSort(rawValue: sort) ?? .activity, pageSize: pageSize
        )
    }

    /// How the client talks to the API; the key comes from `--key`, else `STACKEXCHANGE_KEY` in `environment`.
    public func backendConfiguration(environment: [String: String]) -> BackendConfiguration {
        BackendConfiguration(
            baseURL: Self.httpURL(apiBase) ?? BackendConfiguration.defaultBaseURL, site: site,
            key: resolvedKey(environment: environment)
        )
    }

    /// The app key to send, if any: `--key` wins over `STACKEXCHANGE_KEY`; an empty one counts as none.
    public func resolvedKey(environment: [String: String]) -> String? {
        if let key, !key.isEmpty { return key }
        if let key = environment["STACKEXCHANGE_KEY"], !key.isEmpty { return key }
        return nil
    }

    /// `text` as a URL when it is an absolute http(s) URL with a host.
    static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}
