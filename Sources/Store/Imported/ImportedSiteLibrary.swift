public import Foundation
public import StackExchange
import Synchronization

/// The imported sites under the data directory, opened on first use and kept open: what the data managers ask
/// whether a site can be read offline.
public final class ImportedSiteLibrary: Sendable {
    let paths: StorePaths
    private let opened = Mutex<[String: ImportedSite?]>([:])
    private let notices = Mutex<[String]>([])

    public init(paths: StorePaths) {
        self.paths = paths
    }

    /// True when at least one site is imported (complete).
    public var isEmpty: Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: paths.sitesDirectory.path)) ?? []
        return !names.contains { $0.hasSuffix(".sqlite") }
    }

    /// The names of the sites imported (complete), sorted.
    public var siteNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: paths.sitesDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".sqlite") }.map { String($0.dropLast(".sqlite".count)) }.sorted()
    }

    /// The imported sites as the site picker (and the status bar) name them: the dump's domain and "(dump)", so a
    /// person can tell the copy from the live site; its address as the URL;
    /// those that cannot be read are left out (and said as a notice).
    public func pickerSites() -> [Site] {
        siteNames.compactMap { name in
            site(name).map { Site(apiSiteParameter: name, name: "\($0.domain) (dump)", siteURL: "https://\($0.domain)") }
        }
    }

    /// The imported copy of `site`, or nil when it has none (or it cannot be read: said once as a notice).
    public func site(_ site: String) -> ImportedSite? {
        opened.withLock { sites -> ImportedSite? in
            if let known = sites[site] { return known }
            let file = paths.importedSiteFile(site)
            var found: ImportedSite?
            if FileManager.default.fileExists(atPath: file.path) {
                do { found = try ImportedSite(file: file) } catch {
                    notices.withLock { $0.append("imported \(site) cannot be read: \((error as? StoreProblem)?.reasonFirst ?? "\(error)")") }
                }
            }
            sites[site] = found
            return found
        }
    }

    /// Leaves a one-line notice for the status bar.
    func post(_ notice: String) {
        notices.withLock { $0.append(notice) }
    }

    /// The next notice (a sort the dump cannot give, a site that cannot be read), once each.
    public func takeNotice() -> String? {
        notices.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}
