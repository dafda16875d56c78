import Foundation
import Synchronization

/// Every data set a replica serves: the main one, and the sites that have one of their own.
///
/// A site with a directory under `sites/` (the bundled data has `superuser` and `unix`) serves its own
/// questions, answers and comments; every other site of `ReplicaSites` serves the main set.
struct ReplicaData: Sendable {
    let main: DataSet
    let bySite: [String: DataSet]

    /// The data set `site` serves.
    func dataSet(for site: String) -> DataSet {
        bySite[site] ?? main
    }

    /// Loads the main set from `directory` (the bundled data when nil) and each `sites/NAME/` below it.
    static func load(from directory: URL?, now: Date = Date()) throws -> ReplicaData {
        let main = try DataSet.load(from: directory, now: now)
        let base = try directory ?? DataSet.bundledDirectory()
        let sitesDirectory = base.appendingPathComponent("sites")
        var bySite: [String: DataSet] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sitesDirectory.path)) ?? []
        for name in names.sorted() where ReplicaSites.all.contains(where: { $0.apiSiteParameter == name }) {
            bySite[name] = try bundledOrRead(sitesDirectory.appendingPathComponent(name), isBundled: directory == nil, now: now)
        }
        return ReplicaData(main: main, bySite: bySite)
    }

    /// The bundled site sets are decoded once per process, like the main set.
    private static let bundledSites = Mutex<[String: ([WireQuestion], [WireAnswer], [WireComment])]>([:])

    private static func bundledOrRead(_ directory: URL, isBundled: Bool, now: Date) throws -> DataSet {
        let key = directory.lastPathComponent
        if isBundled, let cached = bundledSites.withLock({ $0[key] }) {
            return DataSet(questions: cached.0, answers: cached.1, comments: cached.2, now: now)
        }
        let decoded = try DataSet.decode(from: directory)
        if isBundled { bundledSites.withLock { $0[key] = decoded } }
        return DataSet(questions: decoded.0, answers: decoded.1, comments: decoded.2, now: now)
    }
}
