import Foundation
import GRDB
@testable import Store
import Testing

/// The comment clock in the data file (issue 25, finding 7): one stackterm's comment holds the next one's, in a
/// relaunch or in a second process, because both read the same row.
struct CommentClockTests {
    @Test func aSecondProcessReadsTheFirstOnesLastComment() throws {
        let store = try TemporaryStore()
        let first = CommentClock(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        let second = CommentClock(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        #expect(second.lastCommentSent(site: "stackoverflow") == nil)

        let sent = Date(timeIntervalSince1970: 1_795_435_200)
        first.recordCommentSent(site: "stackoverflow", at: sent)
        #expect(second.lastCommentSent(site: "stackoverflow") == sent)
        #expect(second.lastCommentSent(site: "superuser") == nil, "each site has its own clock")
    }

    @Test func anEarlierTimeNeverMovesTheClockBack() throws {
        let store = try TemporaryStore()
        let clock = CommentClock(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        let later = Date(timeIntervalSince1970: 1_795_435_210)
        clock.recordCommentSent(site: "unix", at: later)
        clock.recordCommentSent(site: "unix", at: later.addingTimeInterval(-5))
        #expect(clock.lastCommentSent(site: "unix") == later)
    }

    /// A data file made by the last release (schema 1) gains the table on open, marks kept.
    @Test func anOlderDataFileIsMigrated() throws {
        let store = try TemporaryStore()
        try store.writeOlderDataFile("""
                CREATE TABLE bookmark (site TEXT NOT NULL, question_id INTEGER NOT NULL, question BLOB NOT NULL,
                    created_at REAL NOT NULL, PRIMARY KEY (site, question_id));
                CREATE TABLE read_mark (site TEXT NOT NULL, question_id INTEGER NOT NULL, read_at REAL NOT NULL,
                    PRIMARY KEY (site, question_id));
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1 bookmarks, read marks');
                INSERT INTO read_mark VALUES ('unix', 42, 0);
                PRAGMA user_version = 1;
            """)
        let personal = PersonalDataOpening(paths: store.paths, queues: store.queues)
        #expect(personal.unavailableReason == nil)
        #expect(personal.isRead(site: "unix", questionID: 42))
        let clock = CommentClock(personal: personal)
        clock.recordCommentSent(site: "unix", at: Date(timeIntervalSince1970: 100))
        #expect(clock.lastCommentSent(site: "unix") == Date(timeIntervalSince1970: 100))
    }
}
