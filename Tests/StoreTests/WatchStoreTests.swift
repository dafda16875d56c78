import Foundation
import GRDB
import StackExchange
@testable import Store
import StorePorts
import TestSupport
import Testing

/// The watches in the data file (issue 30): shared by two stackterms, times that only move on, seen items kept seen.
struct WatchStoreTests {
    let start = Date(timeIntervalSince1970: 1_795_435_200)

    @Test func aSecondProcessSeesTheWatchesAndThePollsOfTheFirst() throws {
        let store = try TemporaryStore()
        let first = WatchStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        let second = WatchStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        first.addWatch(WatchEntry(site: "stackoverflow", kind: .tag, subject: "swift", since: start))
        first.addWatch(WatchEntry(site: "stackoverflow", kind: .tag, subject: "rust", since: start.addingTimeInterval(60)))
        first.addWatch(WatchEntry(site: "unix", kind: .question, subject: "42", since: start))
        first.addWatch(WatchEntry(site: "stackoverflow", kind: .tag, subject: "swift", since: start.addingTimeInterval(999)))
        #expect(second.watches().count == 3)
        #expect(second.watches().first { $0.subject == "swift" }?.since == start, "adding again keeps the time")
        let sites = second.siteWatches()
        #expect(sites.map(\.site) == ["stackoverflow", "unix"])
        #expect(sites[0].tags == ["swift", "rust"] && sites[0].tagsSince == start)
        #expect(sites[1].followed == [42: start])

        first.advance(site: "stackoverflow", kind: .tag, subject: "swift", to: start.addingTimeInterval(120))
        first.advance(site: "stackoverflow", kind: .tag, subject: "swift", to: start.addingTimeInterval(10))
        #expect(second.watches().first { $0.subject == "swift" }?.since == start.addingTimeInterval(120))

        #expect(second.lastPoll(of: "/search/advanced?tagged=swift") == nil)
        first.recordPoll(WatchPoll(sentAt: start, response: Data("{}".utf8)), of: "/search/advanced?tagged=swift")
        #expect(second.lastPoll(of: "/search/advanced?tagged=swift") == WatchPoll(sentAt: start, response: Data("{}".utf8)))

        first.removeWatch(site: "unix", kind: .question, subject: "42")
        #expect(second.watches().count == 2)
    }

    /// The launch's read of the watches is made on another thread (`readStartingStateAhead`), and the browser's start
    /// takes it: a watch another program adds after it was made is not in that snapshot, and is in the next.
    @Test func theStartingStateReadAheadIsTakenByTheFirstReadAlone() async throws {
        let store = try TemporaryStore()
        let other = WatchStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        other.addWatch(WatchEntry(site: "unix", kind: .tag, subject: "bash", since: start))
        let watches = WatchStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        watches.readStartingStateAhead()
        #expect(await eventually { watches.hasReadStartingStateAhead.withLock { $0 } })
        other.addWatch(WatchEntry(site: "unix", kind: .tag, subject: "zsh", since: start))
        #expect(watches.startingState().watches.map(\.subject) == ["bash"], "the snapshot read ahead")
        #expect(watches.startingState().watches.map(\.subject) == ["bash", "zsh"], "read again")
    }

    @Test func theStartingStateIsEveryPartInOneRead() throws {
        let store = try TemporaryStore()
        let watches = WatchStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        #expect(watches.startingState() == WatchSnapshot(watches: [], unseen: [], quota: nil, backoffs: [:], looks: [:]))
        watches.addWatch(WatchEntry(site: "unix", kind: .tag, subject: "bash", since: start))
        watches.addWatch(WatchEntry(site: "stackoverflow", kind: .tag, subject: "swift", since: start))
        let item = WatchedItem(site: "unix", kind: .question, id: 7, questionID: 7, title: "T", link: "https://x/7",
                               createdAt: start, watch: "[bash]")
        let seen = WatchedItem(site: "unix", kind: .question, id: 8, questionID: 8, title: "U", link: "https://x/8",
                               createdAt: start, watch: "[bash]")
        watches.addNew([item, seen])
        watches.markSeen([seen])
        watches.recordQuota(WatchQuota(remaining: 119, max: 300, at: start))
        watches.recordBackoff(methodKey: "/search/advanced", until: start.addingTimeInterval(30))
        watches.recordLook(list: "unix newest", at: start.addingTimeInterval(5))
        store.drain()
        let state = watches.startingState()
        #expect(state.watches.map(\.subject) == ["swift", "bash"])
        #expect(state.unseen == [item])
        #expect(state.quota == WatchQuota(remaining: 119, max: 300, at: start))
        #expect(state.backoffs == ["/search/advanced": start.addingTimeInterval(30)])
        #expect(state.looks == ["unix newest": start.addingTimeInterval(5)])
        #expect(state == WatchSnapshot(
            watches: watches.watches(), unseen: watches.unseenItems(), quota: watches.lastQuota(), backoffs: watches.backoffs(),
            looks: watches.listLooks()))
    }

    @Test func theQuotaAndTheBackoffsOutliveTheRun() throws {
        let store = try TemporaryStore()
        let first = WatchStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        let second = WatchStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        #expect(second.lastQuota() == nil && second.backoffs().isEmpty)
        first.recordQuota(WatchQuota(remaining: 120, max: 300, at: start))
        first.recordQuota(WatchQuota(remaining: 119, max: 300, at: start.addingTimeInterval(1)))
        #expect(second.lastQuota() == WatchQuota(remaining: 119, max: 300, at: start.addingTimeInterval(1)))
        first.recordBackoff(methodKey: "/search/advanced", until: start.addingTimeInterval(30))
        first.recordBackoff(methodKey: "/search/advanced", until: start.addingTimeInterval(10))
        first.recordBackoff(methodKey: "/questions/{ids}", until: start.addingTimeInterval(5))
        #expect(second.backoffs() == ["/search/advanced": start.addingTimeInterval(30), "/questions/{ids}": start.addingTimeInterval(5)])
        #expect(second.lastQuota()?.remaining == 119, "backoffs leave the quota alone")
    }

    @Test func foundItemsStaySeenOnceSeen() throws {
        let store = try TemporaryStore()
        let watches = WatchStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        let item = WatchedItem(site: "stackoverflow", kind: .question, id: 7, questionID: 7, title: "T", link: "https://x/7",
                               createdAt: start, watch: "[swift]")
        let answer = WatchedItem(site: "stackoverflow", kind: .answer, id: 8, questionID: 7, title: "T", link: "https://x/8",
                                 createdAt: start.addingTimeInterval(5), watch: "question 7")
        watches.addNew([item, answer])
        #expect(watches.unseenItems() == [item, answer])
        watches.markSeen([item])
        #expect(watches.unseenItems() == [answer])
        watches.addNew([item])
        #expect(watches.unseenItems() == [answer], "a seen item found again stays seen")
    }

    @Test func theLooksAtEachListOutliveTheRunAndOnlyMoveOn() throws {
        let store = try TemporaryStore()
        let first = WatchStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        first.recordLook(list: "stackoverflow  rust false", at: start)
        first.recordLook(list: "unix bash  false", at: start.addingTimeInterval(30))
        first.recordLook(list: "stackoverflow  rust false", at: start.addingTimeInterval(-60))
        store.drain()
        // Another process (the next launch) reads them.
        let second = WatchStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        #expect(second.listLooks() == ["stackoverflow  rust false": start, "unix bash  false": start.addingTimeInterval(30)],
                "an earlier look never moves the time back")
        for number in 0..<WatchStore.keptLooks {
            second.recordLook(list: "search \(number)", at: start.addingTimeInterval(100 + Double(number)))
        }
        store.drain()
        let kept = second.listLooks()
        #expect(kept.count == WatchStore.keptLooks, "the oldest are forgotten")
        #expect(kept["stackoverflow  rust false"] == nil && kept["search 0"] != nil)
    }

    @Test func aDataFileOfTheLastReleaseGainsTheTables() throws {
        let store = try TemporaryStore()
        try store.writeOlderDataFile("""
                CREATE TABLE bookmark (site TEXT NOT NULL, question_id INTEGER NOT NULL, question BLOB NOT NULL,
                    created_at REAL NOT NULL, PRIMARY KEY (site, question_id));
                CREATE TABLE read_mark (site TEXT NOT NULL, question_id INTEGER NOT NULL, read_at REAL NOT NULL,
                    PRIMARY KEY (site, question_id));
                CREATE TABLE comment_clock (site TEXT PRIMARY KEY NOT NULL, sent_at REAL NOT NULL);
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1 bookmarks, read marks'), ('v2 comment clock');
                INSERT INTO read_mark VALUES ('unix', 5, 1);
                PRAGMA user_version = 2;
            """)
        let personal = PersonalDataOpening(paths: store.paths, queues: store.queues)
        #expect(personal.unavailableReason == nil)
        #expect(personal.isRead(site: "unix", questionID: 5))
        let watches = WatchStore(personal: personal)
        watches.addWatch(WatchEntry(site: "unix", kind: .tag, subject: "bash", since: start))
        #expect(watches.watches().count == 1)
        watches.recordLook(list: "unix bash  false", at: start)
        store.drain()
        #expect(watches.listLooks() == ["unix bash  false": start])
    }
}
