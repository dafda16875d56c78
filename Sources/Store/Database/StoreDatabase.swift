import Foundation
import GRDB

/// One SQLite file opened through GRDB in WAL mode, migrated to this build's schema.
///
/// Opening classifies every failure as a `StoreProblem`: a file that is not a database (or is damaged),
/// one written by a newer stackterm (a higher `user_version`), or a place that cannot be written.
/// Several processes may open the same file: writers wait for each other (busy timeout) instead of
/// failing with "database is locked".
final class StoreDatabase: Sendable {
    let pool: DatabasePool
    /// The file's path, as it was opened.
    let path: String

    private init(pool: DatabasePool, path: String) {
        self.pool = pool
        self.path = path
    }

    /// The file, as a URL.
    var url: URL { URL(fileURLWithPath: path, isDirectory: false) }

    /// How long a write waits for a lock another program holds before it fails as `.busy`.
    static let busyTimeoutSeconds = 10

    /// Opens (creating when missing) the database at `url` and migrates it to `schema`.
    ///
    /// Another stackterm creating or migrating the same file at the same moment can make SQLite answer "busy"
    /// without calling the busy handler (switching to WAL, avoiding a deadlock); opening then tries again,
    /// for up to about five seconds, instead of running without the file.
    static func open(_ url: URL, schema: StoreSchema) throws(StoreProblem) -> StoreDatabase {
        try open(path: url.path, schema: schema)
    }

    /// `open` of the file at `path`. The launch opens its files by path: a `URL`'s `path`, asked first in a process,
    /// costs about half a million instructions of Foundation's start (its type lookups), on the way to the first frame.
    static func open(path: String, schema: StoreSchema) throws(StoreProblem) -> StoreDatabase {
        var attempt = 0
        while true {
            do {
                return try openOnce(path: path, schema: schema)
            } catch .busy where attempt < 50 {
                attempt += 1
                usleep(100_000)
            } catch .busy {
                throw .failed(path: path, reason: "database is locked by another program")
            } catch {
                throw error
            }
        }
    }

    private static func openOnce(path: String, schema: StoreSchema) throws(StoreProblem) -> StoreDatabase {
        let directory = PrivateDirectory.parent(of: path)
        if let problem = PrivateDirectory.prepare(path: directory) {
            throw .unwritable(path: directory, reason: problem)
        }
        PrivateDirectory.prepareFile(path: path)
        var configuration = Configuration()
        // Another stackterm writing the same file holds the lock for milliseconds: wait, never fail.
        configuration.busyMode = .timeout(TimeInterval(busyTimeoutSeconds))
        configuration.journalMode = .wal
        // SQLite's page cache is per connection (2 MB each by default, and a pool has a writer and up to five
        // readers): bounded to 1 MB each, and two readers are plenty for one person's browser.
        configuration.maximumReaderCount = 2
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -1024") }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw classify(error, path: path)
        }
        do {
            // One statement on the writer's connection when the file is already at this version, as at every launch
            // but the first: no reader opened, no transaction written (each open used to commit `user_version`
            // again: a WAL append and its fsync at every launch).
            let found = try pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
            if found > schema.version {
                try? pool.close()
                throw StoreProblem.newerSchema(path: path, found: found, known: schema.version)
            }
            if found < schema.version {
                try pool.writeWithoutTransaction { db in
                    let isEmpty = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0
                    // Must be chosen before the first table exists; lets a prune give pages back to the disk.
                    // (WAL mode already wrote the header, so the new mode takes a VACUUM, instant on an empty file.)
                    if isEmpty, schema.incrementalVacuum { try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL; VACUUM") }
                }
                try migrate(pool, schema: schema, path: path)
                try pool.write { db in try db.execute(sql: "PRAGMA user_version = \(schema.version)") }
            }
            // On the writer's connection, which nothing else uses yet (`read(_:onTheWriter:_:)`).
            if schema.checkIntegrityOnOpen { try checkIntegrity(pool, onTheWriter: true) }
        } catch let problem as StoreProblem {
            throw problem
        } catch {
            try? pool.close()
            throw classify(error, path: path)
        }
        return StoreDatabase(pool: pool, path: path)
    }

    /// Runs `schema`'s migrations on `pool`.
    ///
    /// Two stackterms migrating the same new file at once can both run one migration: GRDB reads which are applied
    /// before running each in a transaction of its own, so the second to commit fails (a table that exists, a
    /// migration's id recorded twice). When migrations were recorded meanwhile, the failure is taken as that race
    /// and reported as `.busy`, so that `open` opens again and finds the other's work done; a failure of a migration
    /// of its own fails again on that open, with nothing recorded meanwhile, and is reported as it is.
    private static func migrate(_ pool: DatabasePool, schema: StoreSchema, path: String) throws {
        let before = try pool.read { db in try schema.migrator.appliedIdentifiers(db) }
        do {
            try schema.migrator.migrate(pool)
        } catch {
            let after = (try? pool.read { db in try schema.migrator.appliedIdentifiers(db) }) ?? before
            guard after != before else { throw error }
            try? pool.close()
            throw StoreProblem.busy(path: path)
        }
    }

    /// `body` read on a reader's connection, or, `onTheWriter`, in a transaction that only reads on the writer's.
    ///
    /// The launch reads what its first frame shows on the writer's connection, while nothing writes yet (the queues
    /// are held until that frame is out): the integrity check and marks of the data file, the watches, the cache's
    /// first page. A reader's connection, opened for one of them, cost its own set-up and read of the schema (0.7–0.8 M
    /// instructions a file) on the way to the first frame.
    static func read<T>(_ pool: DatabasePool, onTheWriter: Bool, _ body: (Database) throws -> T) throws -> T {
        guard onTheWriter else { return try pool.read(body) }
        return try pool.writeWithoutTransaction { db in
            var result: T?
            try db.inTransaction(.deferred) {
                result = try body(db)
                return .commit
            }
            // Set: the transaction ran `body`, or threw.
            return result!
        }
    }

    /// Throws `SQLITE_CORRUPT` unless SQLite's quick check finds the file sound; `onTheWriter` checks on the writer's
    /// connection (at open, before anything writes), else on a reader's, beside the writes.
    static func checkIntegrity(_ pool: DatabasePool, onTheWriter: Bool = false) throws {
        let verdict = try read(pool, onTheWriter: onTheWriter) { db in try String.fetchOne(db, sql: "PRAGMA quick_check(1)") }
        guard verdict == "ok" else { throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: verdict) }
    }

    /// Moves the WAL's pages into the file and truncates the WAL (skipped quietly while another connection reads),
    /// then commits one page into it: `schema`'s `user_version` again, so that the next open's WAL set-up finds a WAL
    /// with a committed page and writes nothing (`QuestionCache.checkpointWAL`). On a connection held for writing.
    ///
    /// The next launch reads its whole WAL before its first read: the first program to open a file rebuilds the WAL's
    /// index from it, checksumming every frame.
    static func truncateWAL(_ db: Database, schema: StoreSchema) throws {
        _ = try? Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        try db.execute(sql: "PRAGMA user_version = \(schema.version)")
    }

    /// Closes the file; later use of `pool` fails.
    func close() {
        try? pool.close()
    }

    /// The problem an SQLite or file error means for the file at `path`.
    static func classify(_ error: any Error, path: String) -> StoreProblem {
        if let problem = error as? StoreProblem { return problem }
        guard let error = error as? DatabaseError else { return .failed(path: path, reason: reason(error)) }
        switch error.resultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return .corrupt(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .busy(path: path)
        case .SQLITE_ERROR where error.message?.contains("already exists") == true:
            // Another stackterm ran the same migration a moment earlier (the migrator checks, then migrates):
            // opening again finds it applied.
            return .busy(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_FULL, .SQLITE_IOERR, .SQLITE_AUTH:
            return .unwritable(path: path, reason: error.message ?? "\(error.resultCode)")
        default:
            return .failed(path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }

    /// True when `error` says the file cannot be written any more (a full disk, a read-only file or disk, an I/O
    /// error), so the cache should be turned off rather than fail on every write.
    static func isUnwritable(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        switch error.resultCode {
        case .SQLITE_FULL, .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_IOERR, .SQLITE_CANTOPEN: return true
        default: return false
        }
    }

    /// True when `error` says the file is damaged (so the cache should be moved aside).
    static func isCorruption(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }

    private static func reason(_ error: any Error) -> String {
        let text = (error as NSError).localizedFailureReason ?? error.localizedDescription
        return text.split(separator: "\n").first.map(String.init) ?? "\(error)"
    }
}

/// What a database file must look like: its migrations and the `user_version` they end at.
struct StoreSchema: Sendable {
    /// Written to `PRAGMA user_version` once every migration ran; a file with a higher one comes from a newer
    /// stackterm. A file already at it is not migrated again, so every new migration raises it.
    var version: Int
    var migrator: DatabaseMigrator
    /// Set for the cache, which is pruned and should shrink on disk.
    var incrementalVacuum = false
    /// Set for the small user-data file: a damaged one is caught at open, never written over.
    var checkIntegrityOnOpen = false
}
