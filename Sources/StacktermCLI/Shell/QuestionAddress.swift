import Foundation

/// A link to a question or an answer on a Stack Exchange site, read from the command line (`stackterm URL`).
///
/// Reads `https://HOST/questions/ID[/slug[/ANSWER]]`, `/q/ID`, `/a/ID` (an answer: its question is asked of the API),
/// with an `#answer-ID` or `#ID` fragment naming an answer, on `stackoverflow.com`, `*.stackexchange.com`,
/// `superuser.com`, `serverfault.com`, `askubuntu.com`, `mathoverflow.net`, `stackapps.com` and their `meta.` hosts
/// (`www.` allowed, `http` or `https`, the scheme optional).
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

    /// Reads `text` as a question's link; a refusal says in one line why it is not one.
    public static func parse(_ text: String) -> Result<QuestionAddress, Refusal> {
        let withScheme = text.contains("://") ? text : "https://" + text
        guard let components = URLComponents(string: withScheme), let scheme = components.scheme?.lowercased(),
              scheme == "https" || scheme == "http", let rawHost = components.host, !rawHost.isEmpty
        else { return .failure(Refusal(message: "not a link to a question: \(text)")) }
        var host = rawHost.lowercased()
        if host.hasPrefix("www.") { host.removeFirst(4) }
        guard let site = siteName(host: host) else {
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

    /// The API name of the site at `host` (without `www.`), nil for a host of no site.
    static func siteName(host: String) -> String? {
        let named = ["stackoverflow.com": "stackoverflow", "superuser.com": "superuser", "serverfault.com": "serverfault",
                     "askubuntu.com": "askubuntu", "mathoverflow.net": "mathoverflow", "stackapps.com": "stackapps"]
        if let name = named[host] { return name }
        if host.hasPrefix("meta."), let name = named[String(host.dropFirst(5))] { return "meta." + name }
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
