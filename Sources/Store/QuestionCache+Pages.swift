public import Foundation
import GRDB
public import StackExchange
public import StorePorts

extension QuestionCache {
    /// The cached copy of the page filed under `key`, with its questions in order, or nil.
    ///
    /// A page whose questions were pruned meanwhile counts as missing. Marks the entries used (in the background).
    public func page(_ key: CacheKey) -> Cached<Page<Question>>? {
        cachedPage(key, questions: Self.questions(_:host:site:db:))
    }

    /// The cached copy of the page filed under `key` as a list shows it, or nil: each question with what its row shows
    /// (`QuestionListRow`: no body, no answers, the owner's name alone), read from the list-row columns without
    /// decoding its JSON. The question's detail is read on its own when it is opened.
    ///
    /// A page whose questions were pruned meanwhile counts as missing. Marks the entries used (in the background).
    ///
    /// `onTheWriter`: the launch's read of its first page (`CachingQuestionsDataManager.readAhead`), made while nothing
    /// writes (`StoreDatabase.read(_:onTheWriter:_:)`).
    public func listPage(_ key: CacheKey, onTheWriter: Bool = false) -> Cached<Page<Question>>? {
        cachedPage(key, onTheWriter: onTheWriter, questions: Self.listQuestions(_:host:site:db:))
    }

    /// The page filed under `key` with its questions read by `questions` (whole, or as list rows), or nil when the
    /// page is missing or one of its questions was pruned; marks the entries used (in the background).
    private func cachedPage(
        _ key: CacheKey, onTheWriter: Bool = false,
        questions read: (_ ids: [Int], _ host: String, _ site: String, _ db: Database) throws -> [Question]
    ) -> Cached<Page<Question>>? {
        guard !holdsNothingYet else { return nil }
        let found = access { pool in
            try StoreDatabase.read(pool, onTheWriter: onTheWriter) { db -> Cached<Page<Question>>? in
                // The page's ids are taken apart by SQLite (`json_each`, in their order; one row of NULL for a page of
                // none), not by a `JSONDecoder`: its first use in a process cost the warm launch's page read half a
                // million instructions of Foundation's start, on the way to the first frame.
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT page.has_more, page.fetched_at, ids.value, json_type(page.question_ids)
                    FROM page LEFT JOIN json_each(page.question_ids) AS ids
                    WHERE page.key = ? ORDER BY ids.key
                    """, arguments: [key.text])
                // A list of ids that is not a list (spoilt) is no page, as it was when it did not decode.
                guard let first = try rows.next(), first[3] as String? == "array" else { return nil }
                let hasMore: Bool = first[0]
                let fetchedAt = Date(timeIntervalSince1970: first[1])
                var ids: [Int] = []
                if let id = first[2] as Int? { ids.append(id) }
                while let row = try rows.next() {
                    guard let id = row[2] as Int? else { return nil }
                    ids.append(id)
                }
                let questions = try read(ids, key.host, key.site, db)
                guard questions.count == ids.count else { return nil }
                return Cached(value: Page(items: questions, hasMore: hasMore), fetchedAt: fetchedAt)
            }
        }
        guard let found = found ?? nil else { return nil }
        let ids = found.value.items.map(\.questionID)
        let now = clock()
        background { cache in cache.touchPage(key, ids: ids, at: now) }
        return found
    }

    /// The questions with `ids` in that order as a list row shows them (those missing are left out); a question filed
    /// before the list-row columns is decoded from its JSON.
    static func listQuestions(_ ids: [Int], host: String, site: String, db: Database) throws -> [Question] {
        guard !ids.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
        var arguments: StatementArguments = [host, site]
        arguments += StatementArguments(ids)
        let columns = QuestionListRow.columns.joined(separator: ", ")
        let rows = try Row.fetchCursor(db, sql: """
            SELECT id, \(columns) FROM question WHERE host = ? AND site = ? AND id IN (\(marks))
            """, arguments: arguments)
        var byID = [Int: Question](minimumCapacity: ids.count)
        var older: [Int] = []
        while let row = try rows.next() {
            let id: Int = row[0]
            if let question = QuestionListRow.question(id: id, from: row, at: 1) {
                byID[id] = question
            } else {
                older.append(id)
            }
        }
        if !older.isEmpty {
            for question in try questions(older, host: host, site: site, db: db) { byID[question.questionID] = question }
        }
        return ids.compactMap { byID[$0] }
    }

    /// The questions with `ids` in that order (those missing are left out).
    static func questions(_ ids: [Int], host: String, site: String, db: Database) throws -> [Question] {
        guard !ids.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
        var arguments: StatementArguments = [host, site]
        arguments += StatementArguments(ids)
        let rows = try Row.fetchAll(
            db, sql: "SELECT id, json FROM question WHERE host = ? AND site = ? AND id IN (\(marks))", arguments: arguments)
        // One decode of all the rows as a JSON array: a decode call per question cost more in setting the decoder up
        // than in reading the question, and this read is on the way to the warm launch's first frame. A row that does
        // not decode fails the read as a single decode of it would.
        var array = Data("[".utf8)
        var rowIDs: [Int] = []
        rowIDs.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            if index > 0 { array.append(UInt8(ascii: ",")) }
            array.append(row["json"] as Data)
            rowIDs.append(row["id"])
        }
        array.append(UInt8(ascii: "]"))
        let decoded = try JSONDecoder().decode([Question].self, from: array)
        var byID = [Int: Question](minimumCapacity: decoded.count)
        for (id, question) in zip(rowIDs, decoded) { byID[id] = question }
        return ids.compactMap { byID[$0] }
    }

    /// Files `page` under `key` with its questions, in an operation on the background queue.
    public func save(_ page: Page<Question>, key: CacheKey) {
        let now = clock()
        background { cache in cache.write(page, key: key, at: now) }
    }

    /// Writes `page` and its questions in one transaction (synchronous: for the background operation and benchmarks).
    public func write(_ page: Page<Question>, key: CacheKey, at date: Date) {
        let encoder = JSONEncoder()
        // Sorted keys make the same question the same bytes, so that a refresh can tell what changed (the index).
        encoder.outputFormatting = .sortedKeys
        guard let encoded = try? page.items.map({ ($0.questionID, try encoder.encode($0)) }),
              let ids = try? encoder.encode(page.items.map(\.questionID))
        else { return }
        let stamp = date.timeIntervalSince1970
        _ = access { pool in
            try pool.write { db in
                let rowColumns = QuestionListRow.columns
                let statement = try db.cachedStatement(sql: """
                    INSERT INTO question (host, site, id, json, fetched_at, used_at, \(rowColumns.joined(separator: ", ")))
                    VALUES (?, ?, ?, ?, ?, ?, \(Array(repeating: "?", count: rowColumns.count).joined(separator: ", ")))
                    ON CONFLICT (host, site, id) DO UPDATE SET json = excluded.json, fetched_at = excluded.fetched_at,
                        used_at = excluded.used_at, \(rowColumns.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
                    """)
                // The index changes only with the text: questions a refresh brings unchanged are not indexed again
                // (one read of the page's stored copies).
                var changed: [Question] = []
                if indexesWrites {
                    let stored = try Self.storedJSON(encoded.map(\.0), host: key.host, site: key.site, db: db)
                    changed = zip(encoded, page.items).filter { stored[$0.0.0] != $0.0.1 }.map(\.1)
                }
                for ((id, json), question) in zip(encoded, page.items) {
                    try statement.execute(
                        arguments: [key.host, key.site, id, json, stamp, stamp] + QuestionListRow.arguments(for: question))
                }
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO page (key, host, site, question_ids, has_more, fetched_at, used_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [key.text, key.host, key.site, String(decoding: ids, as: UTF8.self), page.hasMore, stamp, stamp])
                try Self.indexPage(changed, host: key.host, site: key.site, db: db)
            }
            // The writer's page cache (up to `cache_size`, 1 MB) is no use in the seconds until the next page: SQLite
            // frees it, and the next write reads what it needs from the system's file cache.
            try pool.writeWithoutTransaction { db in db.releaseMemory() }
        }
        countWrite()
    }

    /// The stored JSON of the questions `ids`, by id.
    static func storedJSON(_ ids: [Int], host: String, site: String, db: Database) throws -> [Int: Data] {
        guard !ids.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
        var arguments: StatementArguments = [host, site]
        arguments += StatementArguments(ids)
        var found: [Int: Data] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT id, json FROM question WHERE host = ? AND site = ? AND id IN (\(marks))", arguments: arguments)
        while let row = try rows.next() { found[row["id"]] = row["json"] }
        return found
    }

    /// Marks a page and its questions as used now, so the prune keeps them longest.
    func touchPage(_ key: CacheKey, ids: [Int], at date: Date) {
        _ = access { pool in
            try pool.write { db in
                let stamp = date.timeIntervalSince1970
                try db.execute(sql: "UPDATE page SET used_at = ? WHERE key = ?", arguments: [stamp, key.text])
                guard !ids.isEmpty else { return }
                let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
                var arguments: StatementArguments = [stamp, key.host, key.site]
                arguments += StatementArguments(ids)
                try db.execute(
                    sql: "UPDATE question SET used_at = ? WHERE host = ? AND site = ? AND id IN (\(marks))",
                    arguments: arguments)
            }
        }
    }
}
