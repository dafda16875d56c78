import Browser
import Foundation

/// A link to a question or an answer on a Stack Exchange site, read from the command line (`stackterm URL`).
///
/// Reads `https://HOST/questions/ID[/slug[/ANSWER]]`, `/q/ID`, `/a/ID` (an answer: its question is asked of the API),
/// with an `#answer-ID` or `#ID` fragment naming an answer, on `stackoverflow.com`, `*.stackexchange.com`,
/// `superuser.com`, `serverfault.com`, `askubuntu.com`, `mathoverflow.net`, `stackapps.com` and their `meta.` hosts
/// (`www.` allowed, `http` or `https`, the scheme optional).
///
/// The site's API name is not always its host's first word (`mathoverflow.net` is `mathoverflow.net`,
/// `pt.stackoverflow.com` is `pt`): the network's site list decides (`SiteDirectory`), and without it the names
/// built in (`siteName(host:)`).
public struct QuestionAddress: Hashable, Sendable {
    /// The site's API name (`stackoverflow`, `unix`, `meta.superuser`).
    public var site: String
    /// The question, unless the link names only an answer (`/a/ID`).
    public var questionID: Int?
    /// The answer the link points at, if any.
    public var answerID: Int?

    public init(site: String, questionID: Int?, answerID: Int?) {
        self.site = site
        self.questionID = questionID
        self.answerID = answerID
    }

    /// Why an argument that looks like an address is no link to a question.
    public struct Refusal: Error, Equatable, Sendable {
        public var message: String
    }

    /// True when `argument` is meant as an address (a scheme, or a host with a path) rather than words of a query.
    public static func looksLikeAddress(_ argument: String) -> Bool {
        if argument.contains("://") { return true }
        guard !argument.contains(where: \.isWhitespace), let slash = argument.firstIndex(of: "/") else { return false }
        let host = argument[..<slash]
        return host.contains(".") && host.contains(where: \.isLetter) && host.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
    }

    /// The host `text` names, lower-case and without `www.`, with its parts; nil when it is no http(s) address.
    static func components(_ text: String) -> (components: URLComponents, rawHost: String, host: String)? {
        let withScheme = text.contains("://") ? text : "https://" + text
        guard let components = URLComponents(string: withScheme), let scheme = components.scheme?.lowercased(),
              scheme == "https" || scheme == "http", let rawHost = components.host, !rawHost.isEmpty
        else { return nil }
        var host = rawHost.lowercased()
        if host.hasPrefix("www.") { host.removeFirst(4) }
        return (components, rawHost, host)
    }

    /// The host of the link `text` (lower-case, without `www.`), nil for no address.
    public static func host(of text: String) -> String? {
        components(text)?.host
    }

    /// Reads `text` as a question's link, its site named by `sites` (the network's list) when it knows the host, else
    /// by the names built in; a refusal says in one line why it is not one.
    public static func parse(_ text: String, sites: SiteDirectory? = nil) -> Result<QuestionAddress, Refusal> {
        guard let (components, rawHost, host) = components(text) else {
            return .failure(Refusal(message: "not a link to a question: \(text)"))
        }
        guard let site = sites?.name(host: host) ?? siteName(host: host) else {
            return .failure(Refusal(message: "\(rawHost) is not a Stack Exchange site"))
        }
        let parts = components.path.split(separator: "/").map(String.init)
        var link = QuestionAddress(site: site, questionID: nil, answerID: nil)
        switch parts.first {
        case "questions" where parts.count >= 2:
            link.questionID = Int(parts[1])
            if parts.count >= 4 { link.answerID = Int(parts[3]) }
        case "q" where parts.count >= 2:
            link.questionID = Int(parts[1])
        case "a" where parts.count >= 2:
            link.answerID = Int(parts[1])
        default:
            break
        }
        if let fragment = components.fragment {
            let number = fragment.hasPrefix("answer-") ? String(fragment.dropFirst(7)) : fragment
            if let id = Int(number), id > 0 { link.answerID = id }
        }
        guard link.questionID.map({ $0 > 0 }) ?? (link.answerID != nil) else {
            return .failure(Refusal(message: "not a link to a question on \(rawHost): \(text)"))
        }
        return .success(link)
    }

    /// The sites with a domain of their own, by host: the browser's table of hosts (`QuestionLink.knownHost`) read
    /// the other way, so one table says both.
    static let ownDomains: [String: String] = {
        let names = ["stackoverflow", "serverfault", "superuser", "askubuntu", "stackapps", "mathoverflow.net", "meta",
                     "pt", "ru", "es", "ja"]
        return Dictionary(uniqueKeysWithValues: names.map { (QuestionLink.knownHost(site: $0), $0) })
    }()

    /// True when the names built in know `host` for certain (a site with a domain of its own, or its meta); the API
    /// name of another `*.stackexchange.com` host is the site list's to say.
    public static func isSettled(host: String) -> Bool {
        ownDomains[host] != nil || (host.hasPrefix("meta.") && ownDomains[String(host.dropFirst(5))] != nil)
    }

    /// The API name of the site at `host` (without `www.`) as the names built in have it, nil for a host of no site.
    static func siteName(host: String) -> String? {
        if let name = ownDomains[host] { return name }
        if host.hasPrefix("meta."), let name = ownDomains[String(host.dropFirst(5))], !name.contains(".") { return "meta." + name }
        guard host.hasSuffix(".stackexchange.com") else { return nil }
        let labels = host.dropLast(".stackexchange.com".count).split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(labels.count), labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } })
        else { return nil }
        // `unix.meta.stackexchange.com` (today's form) and `meta.unix.stackexchange.com` (the old one) are both `unix.meta`.
        if labels.count == 2 {
            if labels[1] == "meta" { return "\(labels[0]).meta" }
            if labels[0] == "meta" { return "\(labels[1]).meta" }
            return nil
        }
        return String(labels[0])
    }
}
