import GRDB

extension StoreSchema {
    /// The cache file: pages of question ids, questions and details as JSON, each with when it was fetched
    /// and last used (for the LRU prune). Entries are keyed by the site and the query, and by a host: the API host
    /// (no port) until v4, `CacheKey.sharedHost` for every API base since. Since v2 it also holds the site list with
    /// when it was fetched; since v3 the full-text index of its questions and answers (`SearchIndex`), built from
    /// what the file held; since v5 the pruned documents whose text the index has yet to give up (`search_purge`); since v6
/// the posts' pictures; since v7 what a list row shows of each question, in columns beside its JSON.
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
        migrator.registerMigration("v4 one store for every API base") { db in
            // lists, questions, details and the site list are kept by site and query, not by the API host
            // that served them, so `--offline` after the demo (the replica on 127.0.0.1) shows what the demo cached.
            // Each host's entries move under `CacheKey.sharedHost`; where two hosts held the same entry, the one
            // fetched last is kept. The index is built again from what remains.
            let shared = CacheKey.sharedHost
            try db.execute(sql: """
                INSERT OR REPLACE INTO question (host, site, id, json, fetched_at, used_at)
                    SELECT ?, site, id, json, fetched_at, used_at FROM question WHERE host != ? ORDER BY fetched_at;
                DELETE FROM question WHERE host != ?;
                INSERT OR REPLACE INTO detail (host, site, question_id, json, fetched_at, used_at)
                    SELECT ?, site, question_id, json, fetched_at, used_at FROM detail WHERE host != ? ORDER BY fetched_at;
                DELETE FROM detail WHERE host != ?;
                INSERT OR REPLACE INTO page (key, host, site, question_ids, has_more, fetched_at, used_at)
                    SELECT ? || substr(key, instr(key, '|')), ?, site, question_ids, has_more, fetched_at, used_at
                    FROM page WHERE host != ? ORDER BY fetched_at;
                DELETE FROM page WHERE host != ?;
                INSERT OR REPLACE INTO site_list (host, json, fetched_at)
                    SELECT ?, json, fetched_at FROM site_list WHERE host != ? ORDER BY fetched_at;
                DELETE FROM site_list WHERE host != ?;
                DELETE FROM search_text;
                DELETE FROM search_doc;
                """, arguments: [shared, shared, shared, shared, shared, shared, shared, shared, shared, shared,
                                 shared, shared, shared])
            try QuestionCache.fillIndex(db)
        }
        migrator.registerMigration("v5 search purge") { db in
            // the documents a prune took out of the search, whose text the FTS5 table still holds until the
            // purge deletes it in small batches (deleting FTS5 text tokenizes it again: it doubled the prune's time).
            try db.execute(sql: "CREATE TABLE search_purge (doc_id INTEGER PRIMARY KEY)")
        }
        migrator.registerMigration("v6 pictures") { db in
            // The posts' pictures as fetched, by address, beside the question that showed them: a question read
            // before shows them offline. Pruned with the rest, least recently used first.
            try db.execute(sql: """
                CREATE TABLE picture (
                    url TEXT PRIMARY KEY, site TEXT NOT NULL, question_id INTEGER NOT NULL, bytes BLOB NOT NULL,
                    fetched_at REAL NOT NULL, used_at REAL NOT NULL)
                """)
        }
        migrator.registerMigration("v7 list rows") { db in
            // What a list row shows, in columns beside each question's JSON (`QuestionListRow`): a cached page is read
            // for the list without decoding the questions' bodies. Filled here from the JSON the file holds.
            try QuestionListRow.addColumns(db)
        }
        return StoreSchema(version: 7, migrator: migrator, incrementalVacuum: true)
    }()

    /// The user-data file: bookmarks (with the question as it was, so they open offline) and read marks; since v2 the
    /// comment clock, since v3 the watches, since v4 when each list was last looked at.
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
            // what is watched (with the time each is polled up to), the last send of each watch request
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
        migrator.registerMigration("v4 list looks") { db in
            // when the person last looked at each list (site and query), so that after a relaunch the rows
            // asked since carry the new mark.
            try db.execute(sql: "CREATE TABLE list_look (list TEXT PRIMARY KEY NOT NULL, looked_at REAL NOT NULL)")
        }
        migrator.registerMigration("v5 editor drafts") { db in
            // Texts written in the editor (answers, questions, edits) until they are posted or discarded, one a site
            // and target (`WriteTarget.storageKey`), as the editor's file held them.
            try db.execute(sql: """
                CREATE TABLE editor_draft (
                    site TEXT NOT NULL,
                    target TEXT NOT NULL,
                    text TEXT NOT NULL,
                    updated_at REAL NOT NULL,
                    PRIMARY KEY (site, target)
                )
                """)
        }
        migrator.registerMigration("v6 write clock") { db in
            // When a draft's text was sent without its answer being known (`sent_at`, NULL otherwise), so that no
            // stackterm sends it again before looking whether it landed; and the moments of the person's own posts,
            // answers and edits per site and kind, for the site's minimum time between writes and its daily allowance.
            try db.execute(sql: """
                ALTER TABLE editor_draft ADD COLUMN sent_at REAL;
                CREATE TABLE write_clock (
                    site TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    sent_at REAL NOT NULL,
                    PRIMARY KEY (site, kind, sent_at)
                );
                """)
        }
        return StoreSchema(version: 6, migrator: migrator, checkIntegrityOnOpen: true)
    }()
}
