/// The site a dump is of, from its file or folder name: `vi.stackexchange.com.7z` → `vi`,
/// `stackoverflow.com-Posts.7z` → `stackoverflow`, `meta.vi.stackexchange.com.7z` → `vi.meta`,
/// `mathoverflow.net.7z` → `mathoverflow.net`; and the domain its posts link to.
public struct DumpSiteName: Sendable, Hashable {
    public var site: String
    public var domain: String

    /// Nil when the name does not look like a site's (`dump.7z`, `export`): `--site` must say.
    public init?(fileName: String) {
        var name = fileName.lowercased()
        for suffix in [".7z", ".zip", ".tar"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        if let dash = name.firstIndex(of: "-") { name = String(name[..<dash]) }
        guard name.contains("."), !name.hasPrefix("."), !name.hasSuffix(".") else { return nil }
        domain = name
        if name.hasSuffix(".stackexchange.com") {
            let stem = String(name.dropLast(".stackexchange.com".count))
            site = stem.hasPrefix("meta.") ? String(stem.dropFirst(5)) + ".meta" : stem
        } else if name.hasSuffix(".com") {
            site = String(name.dropLast(4))
        } else {
            site = name
        }
        guard !site.isEmpty else { return nil }
    }

    /// A site named by `--site` alone: its domain guessed (the big ones are `.com`, the others under stackexchange).
    public init(site: String) {
        self.site = site
        let dotCom = ["stackoverflow", "superuser", "serverfault", "askubuntu", "stackapps", "meta.stackoverflow"]
        domain = dotCom.contains(site) ? "\(site).com" : (site.contains(".") && !site.hasSuffix(".meta") ? site
            : site.hasSuffix(".meta") ? "meta.\(site.dropLast(5)).stackexchange.com" : "\(site).stackexchange.com")
    }
}
