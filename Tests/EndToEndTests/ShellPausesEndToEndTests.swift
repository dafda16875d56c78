import Foundation
import StackExchangeReplica
import Testing
import TestSupport

/// The pauses the API asks for outlive the `--print` that heard them (the data file's record, shared with the
/// watches): a backoff and an IP throttle hold the next launches, which say the real wait and send nothing; the same
/// request within a minute is answered by the record; and each site's outcome is what that site answered.
@Suite(.serialized)
struct ShellPausesEndToEndTests {
    static func with(_ options: ReplicaOptions, _ body: (ReplicaServer, StoreDirectory) async throws -> Void) async throws {
        let replica = try await ReplicaServer.start(options)
        let store = try StoreDirectory.make()
        defer { store.remove() }
        do {
            try await body(replica, store)
        } catch {
            try await replica.shutdown()
            throw error
        }
        try await replica.shutdown()
    }

    /// The seconds in "try again in N seconds" on stderr.
    static func wait(in errors: String) -> Int? {
        guard let range = errors.range(of: #"try again in \d+ seconds"#, options: .regularExpression) else { return nil }
        return Int(errors[range].split(separator: " ")[3])
    }

    static func searches(_ replica: ReplicaServer, site: String? = nil) -> Int {
        replica.logEntries().filter { $0.path.hasSuffix("/search/advanced") && (site == nil || $0.query["site"] == site) }.count
    }

    @Test func aBackoffHeardByOnePrintHoldsTheNextAndTheSameRequestIsAnsweredByTheRecord() async throws {
        try await Self.with(ReplicaOptions(backoffEvery: 1, backoffSeconds: 30, quota: 10_000)) { replica, store in
            let first = try ShellRun.run(["--print", "reflog"], replica: replica, store: store)
            #expect(first.status == 0, "\(first.errors)")
            #expect(Self.searches(replica) == 1)

            let second = try ShellRun.run(["--print", "rebase"], replica: replica, store: store)
            #expect(second.status == 75, "\(second.errors)")
            let wait = try #require(Self.wait(in: second.errors), "\(second.errors)")
            #expect((1...30).contains(wait), "the backoff's own 30 seconds, counted down: \(second.errors)")
            let third = try ShellRun.run(["--json", "rebase"], replica: replica, store: store)
            #expect(third.status == 75, "\(third.errors)")
            #expect(Self.searches(replica) == 1, "nothing sent while the method rests")

            let again = try ShellRun.run(["--print", "reflog"], replica: replica, store: store)
            #expect(again.status == 0, "\(again.errors)")
            #expect(again.output == first.output, "the same answer")
            #expect(Self.searches(replica) == 1, "the same request within a minute is answered by the record")
            #expect(replica.backoffViolations == 0)
            #expect(replica.repeatViolations.isEmpty, "\(replica.repeatViolations)")
        }
    }

    /// A rest that ends within a few seconds is waited out rather than refused: the next `--print` answers, late.
    @Test func aShortBackoffIsWaitedOutByTheNextPrint() async throws {
        try await Self.with(ReplicaOptions(backoffEvery: 1, backoffSeconds: 2, quota: 10_000)) { replica, store in
            let first = try ShellRun.run(["--print", "reflog"], replica: replica, store: store)
            #expect(first.status == 0, "\(first.errors)")
            let second = try ShellRun.run(["--print", "rebase"], replica: replica, store: store)
            #expect(second.status == 0 || second.status == 1, "\(second.errors)")
            #expect(!second.errors.contains("try again"), "\(second.errors)")
            #expect(Self.searches(replica) == 2)
            #expect(replica.backoffViolations == 0)
        }
    }

    @Test func anIPThrottleHeardByOnePrintHoldsEveryNextLaunch() async throws {
        try await Self.with(ReplicaOptions(quota: 10_000)) { replica, store in
            replica.injectFault(.ipThrottle(seconds: 30, path: "/2.3/search"))
            let first = try ShellRun.run(["--print", "reflog"], replica: replica, store: store)
            #expect(first.status == 75, "\(first.errors)")
            #expect(Self.wait(in: first.errors) == 30, "\(first.errors)")
            let sent = replica.logEntries().count
            for query in ["rebase", "cherry pick"] {
                let next = try ShellRun.run(["--print", query], replica: replica, store: store)
                #expect(next.status == 75, "\(next.errors)")
                let wait = try #require(Self.wait(in: next.errors), "\(next.errors)")
                #expect((1...30).contains(wait), "\(next.errors)")
            }
            #expect(replica.logEntries().count == sent, "no request while the IP is throttled")
        }
    }

    @Test func eachSitesOutcomeIsWhatThatSiteAnswered() async throws {
        try await Self.with(ReplicaOptions(quota: 10_000)) { replica, store in
            // Both are sent at once; superuser's throttle is heard first (after 1 s), unix's error after (2 s): its retry
            // would go while the IP is throttled.
            replica.injectFault(.late(seconds: 1, .ipThrottle(seconds: 30, path: "/2.3/search")), site: "superuser")
            replica.injectFault(.late(seconds: 2, .seError(id: 500, name: "internal_error", path: "/2.3/search")), count: 3, site: "unix")
            let run = try ShellRun.run(["--json", "--site", "superuser", "--site", "unix", "reflog"], replica: replica, store: store)
            #expect(run.status == 75, "\(run.errors)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            let sites = try #require(document["sites"] as? [[String: Any]])
            let superuser = try #require(sites.first { $0["site"] as? String == "superuser" })
            let unix = try #require(sites.first { $0["site"] as? String == "unix" })
            #expect(superuser["outcome"] as? String == "throttled")
            #expect(unix["outcome"] as? String == "error", "\(unix)")
            #expect(unix["error_id"] as? Int == 500)
            #expect(unix["error_name"] as? String == "internal_error")
            #expect(run.errors.contains("unix: "), "\(run.errors)")
            // The retry of unix's transient error would go after the IP throttle was heard: it is not sent.
            #expect(Self.searches(replica, site: "unix") == 1, "\(replica.logEntries().map(\.path))")
        }
    }
}
