public import Foundation
import GRDB
import StackExchange

/// A site imported from a data dump, read as the browser reads the API: pages of questions in every sort, a
/// question with its answers, comments, and the full-text search. Posts carry their attribution: the author's
/// name, the link to the original, and a closing line saying which dump the copy is from.
public final class ImportedSite: Sendable {
    let database: StoreDatabase
    /// The API name (`vi`).
    public let site: String
    /// The site's domain (`vi.stackexchange.com`), for the links to the originals.
    public let domain: String
    /// The dump's date: its newest activity, seconds since 1970.
    public let dumpDate: Date

    /// Opens the complete import at `file`; nil-free: throws when it is missing, damaged or not complete.
    public init(file: URL) throws(StoreProblem) {
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw .failed(path: file.path, reason: "no such imported site")
        }
        database = try StoreDatabase.open(file, schema: .importedSite)
        let meta = (try? database.pool.read { db in
            try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT key, value FROM meta").map {
                ($0["key"] as String, $0["value"] as String)
            })
        }) ?? [:]
        guard meta["state"] == "complete", let site = meta["site"] else {
            database.close()
            throw .failed(path: file.path, reason: "the import is not complete: run stackterm import again")
        }
        self.site = site
        domain = meta["domain"] ?? "\(site).stackexchange.com"
        dumpDate = Date(timeIntervalSince1970: meta["dump_date"].flatMap(Double.init) ?? 0)
    }

    /// "2024-04-01", the dump's date as the attribution says it.
    public var dumpDay: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: dumpDate)
    }

    /// How many questions and answers the site holds.
    public func counts() -> (questions: Int, answers: Int) {
        let row = try? database.pool.read { db in
            try Row.fetchOne(db, sql: "SELECT count(*) FILTER (WHERE type = 1) AS q, count(*) FILTER (WHERE type = 2) AS a FROM post")
        }
        return (row?["q"] ?? 0, row?["a"] ?? 0)
    }

    /// Runs a read; a failure (a damaged file) reads as nothing.
    func read<T>(_ body: (Database) throws -> T) -> T? {
        try? database.pool.read(body)
    }

    public func close() { database.close() }
}
