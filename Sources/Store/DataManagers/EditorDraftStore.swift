public import Foundation
import GRDB
public import StorePorts

/// The drafts written in the editor, in the data file (`editor_draft`), one a site and target.
///
/// Written at once on the caller's thread, before anything is sent, so a crash or a kill after the editor returns
/// loses nothing. A write the file refuses (read-only, full, no data file) keeps the draft in memory for the run and
/// says why; reads see the kept-in-memory drafts first.
public final class EditorDraftStore: EditorDraftKeeping, @unchecked Sendable {
    private let personal: PersonalDataOpening
    private let lock = NSLock()
    /// Drafts the file refused, by `site/target`.
    private var unsaved: [String: EditorDraft] = [:]
    // @unchecked Sendable: `unsaved` is only touched under `lock`.

    public init(personal: PersonalDataOpening) {
        self.personal = personal
    }

    public func draft(site: String, target: WriteTarget) -> EditorDraft? {
        if let kept = lock.withLock({ unsaved[Self.key(site, target)] }) { return kept }
        guard let pool = personal.manager.database?.pool else { return nil }
        let row = try? pool.read { db in
            try Row.fetchOne(db, sql: "SELECT text, updated_at, sent_at FROM editor_draft WHERE site = ? AND target = ?",
                             arguments: [site, target.storageKey])
        }
        guard let found = row.flatMap({ $0 }) else { return nil }
        return Self.draft(found, site: site, target: target)
    }

    public func keep(_ draft: EditorDraft) -> String? {
        let key = Self.key(draft.site, draft.target)
        guard let database = personal.manager.database else {
            lock.withLock { unsaved[key] = draft }
            return "no data file: the draft is kept for this run only"
        }
        do {
            try database.pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO editor_draft (site, target, text, updated_at, sent_at) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT(site, target) DO UPDATE SET
                            text = excluded.text, updated_at = excluded.updated_at, sent_at = excluded.sent_at
                        """,
                    arguments: [draft.site, draft.target.storageKey, draft.text, draft.updatedAt.timeIntervalSince1970,
                                draft.sentAt?.timeIntervalSince1970])
            }
            lock.withLock { _ = unsaved.removeValue(forKey: key) }
            return nil
        } catch {
            lock.withLock { unsaved[key] = draft }
            return "draft not saved (this run only): \(StoreDatabase.classify(error, path: personal.manager.file.path).reasonFirst)"
        }
    }

    public func discard(site: String, target: WriteTarget) {
        lock.withLock { _ = unsaved.removeValue(forKey: Self.key(site, target)) }
        guard let pool = personal.manager.database?.pool else { return }
        try? pool.write { db in
            try db.execute(sql: "DELETE FROM editor_draft WHERE site = ? AND target = ?", arguments: [site, target.storageKey])
        }
    }

    public func allDrafts() -> [EditorDraft] {
        var drafts = lock.withLock { unsaved }
        if let pool = personal.manager.database?.pool,
           let rows = try? pool.read({ db in try Row.fetchAll(db, sql: "SELECT site, target, text, updated_at, sent_at FROM editor_draft") }) {
            for row in rows {
                guard let target = WriteTarget(storageKey: row["target"]) else { continue }
                let site: String = row["site"]
                let key = Self.key(site, target)
                if drafts[key] == nil { drafts[key] = Self.draft(row, site: site, target: target) }
            }
        }
        return drafts.values.sorted {
            ($0.updatedAt, $1.site, $1.target.storageKey) > ($1.updatedAt, $0.site, $0.target.storageKey)
        }
    }

    static func key(_ site: String, _ target: WriteTarget) -> String { "\(site)/\(target.storageKey)" }

    /// The draft a row of `editor_draft` holds.
    static func draft(_ row: Row, site: String, target: WriteTarget) -> EditorDraft {
        let sent: Double? = row["sent_at"]
        return EditorDraft(site: site, target: target, text: row["text"], updatedAt: Date(timeIntervalSince1970: row["updated_at"]),
                           sentAt: sent.map { Date(timeIntervalSince1970: $0) })
    }
}
