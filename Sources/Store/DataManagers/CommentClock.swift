public import Foundation
import GRDB
public import StorePorts

/// The comment clock in the data file (`comment_clock`): when this person last sent a comment to each site.
///
/// Read and written at once on the caller's thread (one row; the write commits before the comment is sent, so a
/// second stackterm that reads it a moment later already waits). Without a data file it keeps nothing, and the
/// browser's own clock still holds for this run.
public final class CommentClock: CommentClockKeeping {
    private let personal: PersonalDataOpening

    public init(personal: PersonalDataOpening) {
        self.personal = personal
    }

    public func lastCommentSent(site: String) -> Date? {
        guard let pool = personal.manager.database?.pool else { return nil }
        let seconds = try? pool.read { db in
            try Double.fetchOne(db, sql: "SELECT sent_at FROM comment_clock WHERE site = ?", arguments: [site])
        }
        return seconds.flatMap { $0 }.map { Date(timeIntervalSince1970: $0) }
    }

    public func recordCommentSent(site: String, at date: Date) {
        guard let pool = personal.manager.database?.pool else { return }
        // A clock that cannot be written costs only the cross-process wait; the post itself must not fail for it.
        try? pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO comment_clock (site, sent_at) VALUES (?, ?)
                    ON CONFLICT(site) DO UPDATE SET sent_at = max(sent_at, excluded.sent_at)
                    """,
                arguments: [site, date.timeIntervalSince1970])
        }
    }
}
