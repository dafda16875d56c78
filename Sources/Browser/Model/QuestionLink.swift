import Foundation

/// The link of a question as it may reach the clipboard or a web browser: made from the site and the id, never
/// taken from the network as it came.
///
/// The API's `link` is only text from a server: a link holding a newline, a command, an escape sequence or
/// bidi characters, copied as it came, runs when pasted into a shell. So the link used is the API's only when it
/// is a plain `http(s)` URL of the site's own host naming this very question (`/questions/ID` or `/q/ID`, then
/// a slug or an anchor) written in characters a shell takes as part of a word (no whitespace, control, bidi or
/// zero-width character is one); else it is rebuilt as `https://HOST/q/ID`. Hand-written rather than through `URLComponents`, which
/// accepts characters a shell would act on.
public enum QuestionLink {
    /// The link for question `questionID` of `site` (an API site name), whose host is `siteHost` when the site
    /// list gave one.
    public static func link(_ apiLink: String?, site: String, questionID: Int, siteHost: String?) -> String {
        let host = siteHost ?? knownHost(site: site)
        if let apiLink, isClean(apiLink, host: host, questionID: questionID) { return apiLink }
        return "https://\(host)/q/\(questionID)"
    }

    /// The host of a site list's `site_url` (`https://superuser.com`), when it is a plain http(s) URL of a host
    /// name and nothing else; nil otherwise.
    public static func host(ofSiteURL siteURL: String?) -> String? {
        guard let siteURL else { return nil }
        for scheme in ["https://", "http://"] where siteURL.lowercased().hasPrefix(scheme) {
            var host = siteURL.dropFirst(scheme.count)
            if host.hasSuffix("/") { host = host.dropLast() }
            return isHostName(host) ? host.lowercased() : nil
        }
        return nil
    }

    /// The host of a site by its API name: the few with their own domain, else `NAME.stackexchange.com`
    /// (`meta.NAME` is the site's meta: `NAME.meta.stackexchange.com`).
    public static func knownHost(site: String) -> String {
        let name = site.lowercased()
        guard isHostName(Substring(name)) else { return "stackexchange.com" }
        if let host = ownDomains[name] { return host }
        if name.hasPrefix("meta.") {
            let parent = String(name.dropFirst(5))
            if ["pt", "ru", "es", "ja"].contains(parent) { return "\(parent).meta.stackoverflow.com" }
            if let host = ownDomains[parent] { return "meta.\(host)" }
            return "\(parent).meta.stackexchange.com"
        }
        // A name that is a domain already (`mathoverflow.net`) is its own host.
        if name.contains(".") { return name }
        return "\(name).stackexchange.com"
    }

    /// The sites whose host is not `NAME.stackexchange.com`.
    private static let ownDomains: [String: String] = [
        "stackoverflow": "stackoverflow.com", "serverfault": "serverfault.com", "superuser": "superuser.com",
        "askubuntu": "askubuntu.com", "stackapps": "stackapps.com", "mathoverflow.net": "mathoverflow.net",
        "meta": "meta.stackexchange.com", "pt": "pt.stackoverflow.com", "ru": "ru.stackoverflow.com",
        "es": "es.stackoverflow.com", "ja": "ja.stackoverflow.com",
    ]

    /// True when `link` is `http(s)://HOST/questions/ID` or `…/q/ID`, optionally followed by `/slug…`, `?…` or `#…`,
    /// in URL characters only.
    public static func isClean(_ link: String, host: String, questionID: Int) -> Bool {
        isClean(link, host: host, paths: ["/questions/\(questionID)", "/q/\(questionID)"])
    }

    /// True when `link` is `http(s)://HOST` and one of `paths` (`/users/7`), optionally followed by `/…`, `?…` or `#…`,
    /// in URL characters only: the test every link from the network passes before it is printed or opened.
    public static func isClean(_ link: String, host: String, paths: [String]) -> Bool {
        guard link.utf8.count <= 2_048, link.unicodeScalars.allSatisfy(isURLCharacter) else { return false }
        for scheme in ["https://", "http://"] {
            for path in paths {
                let prefix = scheme + host + path
                guard link.lowercased().hasPrefix(prefix.lowercased()) else { continue }
                let rest = link.dropFirst(prefix.count)
                if rest.isEmpty || ["/", "?", "#"].contains(rest.first) { return true }
            }
        }
        return false
    }

    /// The URL characters a shell does nothing with inside a word: letters, digits and `-._~/?#=%:` (a slug is
    /// letters, digits and hyphens). `$`, `;`, `&`, `(`, quotes and the rest of RFC 3986's set are left out: pasted
    /// unquoted, `…/1/$(reboot)` would run.
    private static func isURLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        default: "-._~/?#=%:".unicodeScalars.contains(scalar)
        }
    }

    /// Letters, digits, dots and hyphens, as a host name is written.
    private static func isHostName(_ host: Substring) -> Bool {
        !host.isEmpty && host.utf8.count <= 253 && !host.hasPrefix(".") && !host.hasPrefix("-")
            && host.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" }
    }
}
