import GRDB

extension StoreSchema {
    /// The cache file: pages of question ids, questions and details as JSON, each with when it was fetched
    /// and last used (for the LRU prune). Entries are keyed by the API host (no port), the site and the query.
    /// Since v2 it also holds the site list of each API host (no port) with when it was fetched; since v3 the
    /// full-text index of its questions and answers (`SearchIndex`), built from what the file held.
    ///
    /// Every schema change is a new migration, never an edit of an old one.
    static let cache: StoreSchema = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 pages, questions, details") { db in
            try db.execute(sql: """
                CREATE TABLE page (
                    key TEXT PRIMARY KEY,
                    host TEXT NOT NULL,
                    site TEXT NOT NULL,
                    question_ids TEXT NOT NULL,
                    has_more INTEGER NOT NULL,
                    fetched_at REAL NOT NULL,
                    used_at REAL NOT NULL
                );
                CREATE TABLE question (
                    host TEXT NOT NULL,
                    site TEXT NOT NULL,
                    id INTEGER NOT NULL,
                    json BLOB NOT NULL,
                    fetched_at REAL NOT NULL,
                    used_at REAL NOT NULL,
                    PRIMARY KEY (host, site, id)
                );
                CREATE INDEX question_used_at ON question(used_at);
                CREATE TABLE detail (
                    host TEXT NOT NULL,
                    site TEXT NOT NULL,
                    question_id INTEGER NOT NULL,
                    json BLOB NOT NULL,
                    fetched_at REAL NOT NULL,
                    used_at REAL NOT NULL,
                    PRIMARY KEY (host, site, question_id)
                );
                CREATE INDEX detail_used_at ON detail(used_at);
                """)
        }
        migrator.registerMigration("v2 site list") { db in
            try db.execute(sql: """
                CREATE TABLE site_list (
                    host TEXT PRIMARY KEY,
                    json BLOB NOT NULL,
                    fetched_at REAL NOT NULL
                );
                """)
        }
        migrator.registerMigration("v3 full-text index") { db in
            try QuestionCache.buildIndex(db)
        }
        return StoreSchema(version: 3, migrator: migrator, incrementalVacuum: true)
    }()

    /// The user-data file: bookmarks (with the question as it was, so they open offline) and read marks.
    static let userData: StoreSchema = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 bookmarks, read marks") { db in
            try db.execute(sql: """
                CREATE TABLE bookmark (
                    site TEXT NOT NULL,
                    question_id INTEGER NOT NULL,
                    question BLOB NOT NULL,
                    created_at REAL NOT NULL,
                    PRIMARY KEY (site, question_id)
                );
                CREATE TABLE read_mark (
                    site TEXT NOT NULL,
                    question_id INTEGER NOT NULL,
                    read_at REAL NOT NULL,
                    PRIMARY KEY (site, question_id)
                );
                """)
        }
        migrator.registerMigration("v2 comment clock") { db in
            // When each site last got a comment from this person, from any stackterm: the site's 5 seconds.
            try db.execute(sql: "CREATE TABLE comment_clock (site TEXT PRIMARY KEY NOT NULL, sent_at REAL NOT NULL)")
        }
        migrator.registerMigration("v3 watches") { db in
            // Issue 30: what is watched (with the time each is polled up to), the last send of each watch request
            // with its answer (so no stackterm repeats it within a minute), the quota and backoffs last seen (so a
            // `watch --once` from cron keeps the floor and the API's rests), and what the watches found.
            try db.execute(sql: """
                CREATE TABLE watch (
                    site TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    since REAL NOT NULL,
                    PRIMARY KEY (site, kind, subject)
                );
                CREATE TABLE watch_poll (request TEXT PRIMARY KEY NOT NULL, sent_at REAL NOT NULL, response BLOB NOT NULL);
                CREATE TABLE watch_limit (
                    name TEXT PRIMARY KEY NOT NULL,
                    remaining INTEGER NOT NULL,
                    maximum INTEGER NOT NULL,
                    until REAL NOT NULL
                );
                CREATE TABLE watch_item (
                    site TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    item_id INTEGER NOT NULL,
                    question_id INTEGER NOT NULL,
                    title TEXT NOT NULL,
                    link TEXT NOT NULL,
                    created_at REAL NOT NULL,
                    watch TEXT NOT NULL,
                    seen INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (site, kind, item_id)
                );
                """)
        }
        return StoreSchema(version: 3, migrator: migrator, checkIntegrityOnOpen: true)
    }()
}
