public import Foundation
import GRDB
public import StorePorts

/// The moments of the person's own writes in the data file (`write_clock`), per site and kind.
///
/// Read and written at once on the caller's thread; rows older than two days are dropped as new ones come (the
/// site's day is one UTC day). Without a data file nothing is kept, and the caller's own clock holds for the run.
public final class WriteTimesStore: WriteTimesKeeping {
    private let personal: PersonalDataOpening

    public init(personal: PersonalDataOpening) {
        self.personal = personal
    }

    public func writeTimes(site: String, kind: String, since: Date) -> [Date] {
        guard let pool = personal.manager.database?.pool else { return [] }
        let seconds = try? pool.read { db in
            try Double.fetchAll(
                db, sql: "SELECT sent_at FROM write_clock WHERE site = ? AND kind = ? AND sent_at >= ? ORDER BY sent_at",
                arguments: [site, kind, since.timeIntervalSince1970])
        }
        return (seconds ?? []).map { Date(timeIntervalSince1970: $0) }
    }

    public func recordWrite(site: String, kind: String, at date: Date) -> String? {
        guard let database = personal.manager.database else { return "no data file: the write's time is kept for this run only" }
        do {
            try database.pool.write { db in
                try db.execute(sql: "INSERT OR IGNORE INTO write_clock (site, kind, sent_at) VALUES (?, ?, ?)",
                               arguments: [site, kind, date.timeIntervalSince1970])
                try db.execute(sql: "DELETE FROM write_clock WHERE sent_at < ?",
                               arguments: [date.timeIntervalSince1970 - 2 * 86_400])
            }
            return nil
        } catch {
            return "the write's time was not saved: \(StoreDatabase.classify(error, path: personal.manager.file.path).reasonFirst)"
        }
    }
}
