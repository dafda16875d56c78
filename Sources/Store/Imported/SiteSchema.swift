import GRDB

extension StoreSchema {
    /// An imported site's file: its posts, comments and users as the dump has them, the full-text index, and `meta`
    /// (the site, its domain, the dump's date, the import's progress per file). The list's indexes are made once the
    /// rows are in (`ImportedSiteWriter.finish`), so that the import writes only the tables.
    static let importedSite: StoreSchema = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 imported site") { db in
            try db.execute(sql: """
                CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE post (
                    id INTEGER PRIMARY KEY,
                    type INTEGER NOT NULL,
                    parent_id INTEGER,
                    accepted_answer_id INTEGER,
                    created REAL NOT NULL,
                    last_activity REAL,
                    last_edit REAL,
                    score INTEGER NOT NULL,
                    views INTEGER NOT NULL,
                    answer_count INTEGER NOT NULL,
                    closed REAL,
                    owner_id INTEGER,
                    owner_name TEXT,
                    title TEXT,
                    tags TEXT NOT NULL,
                    body TEXT NOT NULL,
                    license TEXT
                );
                CREATE TABLE question_tag (tag TEXT NOT NULL, question_id INTEGER NOT NULL, PRIMARY KEY (tag, question_id))
                    WITHOUT ROWID;
                CREATE TABLE comment (
                    id INTEGER PRIMARY KEY,
                    post_id INTEGER NOT NULL,
                    score INTEGER NOT NULL,
                    created REAL NOT NULL,
                    user_id INTEGER,
                    user_name TEXT,
                    text TEXT NOT NULL
                );
                CREATE TABLE user (id INTEGER PRIMARY KEY, name TEXT NOT NULL, reputation INTEGER NOT NULL);
                """)
            try SearchIndex.create(db)
            // Nothing in an imported site looks documents up by question (the cache does, to replace them): one index
            // less to keep up row by row.
            try db.execute(sql: "DROP INDEX search_doc_question")
        }
        return StoreSchema(version: 1, migrator: migrator)
    }()
}
