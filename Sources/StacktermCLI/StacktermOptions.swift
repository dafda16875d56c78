public import ArgumentParser
public import Browser
import Foundation
public import StackExchange

/// stackterm's command-line options and their validation, kept out of the executable so tests can parse them.
///
/// A bad command line fails `validate()` with a one-line `ValidationError`, which ArgumentParser
/// prints and turns into exit status 64.
public struct StacktermOptions: ParsableArguments {
    /// The arguments that make a launch do something other than browse: ArgumentParser's own, the flags that print or
    /// change something and exit, the account commands, `watch` and `import`. (`EarlyStore` opens the store before parsing unless one
    /// is there; `StacktermOptionsTests` checks the list against the options.)
    public static let otherCommands = Set<String>([
        "-h", "--help", "help", "--version", "--cache-info", "--clear-cache", "--write-default-config", "--print-config",
        "--print", "--json", "--generate-completion-script",
    ]).union(AccountCommand.allCases.map(\.rawValue)).union(["watch", "import", "answer", "ask", "edit", "drafts"])

    /// What `stackterm login`, `logout` and `whoami` name (each a subcommand of its own).
    public enum AccountCommand: String, CaseIterable, Sendable {
        case login, logout, whoami
    }

    @Argument(help: ArgumentHelp(
        "A question to search for (the site's search syntax: [tag], \"exact phrase\", -word), or a question's link. Put -- first when it starts with login, logout, whoami, watch, import, answer, ask, edit or drafts.",
        valueName: "query"))
    public var words: [String] = []

    @Option(name: .customLong("site"), help: ArgumentHelp(
        "A Stack Exchange site's API name (stackoverflow, superuser, unix, ...; default stackoverflow). Repeat it to search several sites at once.",
        valueName: "site"))
    public var sites: [String] = []

    @Flag(help: "Print the best answer to the query (or the linked question) on stdout instead of browsing.")
    public var print = false

    @Flag(help: "Write the questions and answers found as one JSON document on stdout (schema 1, see docs/SHELL.md).")
    public var json = false

    @Option(name: [.customShort("n"), .customLong("count")], help: ArgumentHelp(
        "With --print or --json: how many questions to give in all, each with its best answer (1...30; default 1).", valueName: "N"))
    public var count: Int?

    @Flag(help: "With --print or --json: every answer of the first question, best first.")
    public var allAnswers = false

    @Option(help: "Show only questions with this tag.")
    public var tag: String?

    @Option(help: "The sort: \(QuestionSort.listNames) (default activity).")
    public var sort: String?

    @Option(help: "Questions per page (1...100; default 30).")
    public var pageSize: Int?

    @Option(help: "The API root to talk to, e.g. a stackterm-replica at http://127.0.0.1:PORT/2.3.")
    public var apiBase: String?

    @Option(help: ArgumentHelp(
        "An app key, raising the daily quota. Prefer STACKEXCHANGE_KEY (or the config file): a --key shows in ps. Sent only over https or to loopback.",
        valueName: "key"))
    public var key: String?

    @Option(help: ArgumentHelp("Write one JSON object per line (keys, requests, responses, frames) to this file.", valueName: "file"))
    public var trace: String?

    @Option(help: ArgumentHelp("Read the config file from here (default $XDG_CONFIG_HOME/stackterm/config.toml).", valueName: "path"))
    public var config: String?

    @Flag(help: "Print the effective configuration as TOML (the key hidden), then the pictures' form and the terminal's cell size in pixels, each with where it came from, and exit.")
    public var printConfig = false

    @Flag(help: "Write a commented default config file (never over an existing one) and exit.")
    public var writeDefaultConfig = false

    @Flag(help: "Start without touching the network: lists, questions and bookmarks come from the local store.")
    public var offline = false

    @Flag(help: "Print where the cache and the bookmarks are, their sizes and counts, and exit.")
    public var cacheInfo = false

    @Flag(help: "Empty the cache (bookmarks and read marks are kept) and exit.")
    public var clearCache = false

    public init() {}

    public mutating func validate() throws {
        if let sort, QuestionSort(rawValue: sort) == nil {
            throw ValidationError("--sort must be one of \(QuestionSort.listNames), not '\(sort)'")
        }
        if let pageSize, !(1...100).contains(pageSize) {
            throw ValidationError("--page-size must be between 1 and 100, not \(pageSize)")
        }
        if var apiBase {
            while apiBase.count > 1, apiBase.hasSuffix("/") { apiBase.removeLast() }
            self.apiBase = apiBase
            guard Self.httpURL(apiBase) != nil else {
                throw ValidationError("--api-base must be an http or https URL, not '\(apiBase)'")
            }
        }
        if let tag {
            guard !tag.isEmpty, !tag.contains(where: \.isWhitespace) else {
                throw ValidationError("--tag must be a non-empty tag without spaces")
            }
        }
        for site in sites where site.isEmpty || site.contains(where: \.isWhitespace) {
            throw ValidationError("--site must be a site's API name without spaces")
        }
        if let count, !(1...30).contains(count) {
            throw ValidationError("-n must be between 1 and 30, not \(count)")
        }
        if print, json {
            throw ValidationError("--print and --json cannot be used together")
        }
        if (count != nil || allAnswers), !print, !json, isatty(STDOUT_FILENO) == 1 {
            throw ValidationError("\(count != nil ? "-n" : "--all-answers") needs --print or --json")
        }
        if let config, config.isEmpty {
            throw ValidationError("--config needs a file name")
        }
        if let trace, trace.isEmpty {
            throw ValidationError("--trace needs a file name")
        }
        if cacheInfo, clearCache {
            throw ValidationError("--cache-info and --clear-cache cannot be used together")
        }
    }

    /// The options that take a value (the next argument, unless written `--name=value`).
    static let valueOptions: Set<String> = [
        "--site", "--tag", "--sort", "--page-size", "--api-base", "--key", "--trace", "--config", "-n", "--count",
    ]

    /// Where an account command (`login`, `logout`, `whoami`) is named in `arguments` (without the program's name): the
    /// first word that is no option nor an option's value, before any `--`. The options before it are the browser's
    /// (`stackterm --api-base URL login`); `stackterm -- login …` searches for the words instead.
    public static func accountCommandIndex(in arguments: [String]) -> Int? {
        guard let index = firstWordIndex(in: arguments), AccountCommand(rawValue: arguments[index]) != nil else { return nil }
        return index
    }

    /// Where the first word that is no option nor an option's value stands in `arguments` (without the program's
    /// name), before any `--`: a command's name (`help`, `login`) when it is one.
    public static func firstWordIndex(in arguments: [String]) -> Int? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return nil }
            if argument.hasPrefix("-") {
                index += valueOptions.contains(argument) ? 2 : 1
                continue
            }
            return index
        }
        return nil
    }

    /// The first site named (`--site`), if any.
    public var site: String? { sites.first }

    /// The words of the query as one search text, nil without any.
    public var queryText: String? {
        // No words, no query: and a plain launch does not pay for Foundation's first `CharacterSet`.
        guard !words.isEmpty else { return nil }
        let text = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    /// Refuses a key that would cross the network in clear text: with a key (`--key` or `STACKEXCHANGE_KEY`),
    /// the API base must be `https`, or `http` to a loopback address.
    public func validateKey(environment: [String: String]) throws {
        if let problem = backendConfiguration(environment: environment).keyTransportProblem {
            throw ValidationError(problem)
        }
    }

    /// What the browser shows first, with no config file.
    public var browserConfiguration: BrowserConfiguration {
        StacktermSettings(options: self, environment: [:], file: nil).browserConfiguration
    }

    /// How the client talks to the API with no config file; the key comes from `--key`, else `STACKEXCHANGE_KEY`.
    public func backendConfiguration(environment: [String: String]) -> BackendConfiguration {
        StacktermSettings(options: self, environment: environment, file: nil).backendConfiguration
    }

    /// The app key to send, if any: `--key` wins over `STACKEXCHANGE_KEY`; an empty one counts as none.
    public func resolvedKey(environment: [String: String]) -> String? {
        if let key, !key.isEmpty { return key }
        if let key = environment["STACKEXCHANGE_KEY"], !key.isEmpty { return key }
        return nil
    }

    /// `text` as a URL when it is an absolute http(s) URL with a host.
    static func httpURL(_ text: String) -> URL? { ConfigValidation.httpURL(text) }
}
