import Foundation
import StackExchangeReplica
import Testing

/// A reader that closes early is no crash: every output ends quietly with status 141 (what a shell shows for a
/// pipe's death), nothing on stderr, and no signal (no SIGPIPE death, no `try!` trap).
@Suite(.serialized)
struct ShellClosedPipeEndToEndTests {
    static func expectQuietEnd(_ run: ClosedPipeRun, _ what: String) {
        #expect(!run.signalled, "\(what) died of signal \(run.status): \(run.errors)")
        #expect(run.status == 141, "\(what): status \(run.status), \(run.errors)")
        #expect(run.errors.isEmpty, "\(what) said: \(run.errors)")
    }

    @Test func eachOutputOfTheShellEndsQuietlyWhenItsReaderHasGone() async throws {
        try await ShellEndToEndTests.with { replica, store in
            let base = ["--api-base", replica.baseURL.absoluteString]
            for arguments in [
                ["--print-config"], ["--help"], ["help", "import"], ["--version"], ["--cache-info"], ["watch", "--help"],
                base + ["--print", "reflog"], base + ["--json", "reflog"], base + ["reflog"],
            ] {
                Self.expectQuietEnd(try ClosedPipeRun.run(arguments, store: store), arguments.joined(separator: " "))
            }
        }
    }

    /// `watch --once` with new items: the closed pipe ends it before they are marked seen, so the next check prints
    /// them.
    @Test func watchOnceEndsQuietlyAndLeavesItsNewItemsUnseen() async throws {
        let setup = try await WatchOnceEndToEndTests.Setup(tags: ["rust"])
        var now = Int(setup.replica.now.timeIntervalSince1970)
        #expect(try setup.watch(at: now).status == 1)
        setup.replica.arrive(question: "Why does the borrow checker reject this?", tags: ["rust"])
        setup.aMinuteLater(&now)
        let arguments = ["watch", "--once", "--api-base", setup.replica.baseURL.absoluteString, "--config", setup.configPath,
                         "--at", String(now)]
        let closed = try ClosedPipeRun.run(arguments, store: setup.store, environment: ["XDG_CONFIG_HOME": setup.store.root.path])
        Self.expectQuietEnd(closed, "watch --once")
        let next = try setup.watch(at: now + 1)
        #expect(next.status == 0, "\(next.errors)")
        #expect(next.output.contains("Why does the borrow checker reject this?"), "nothing lost: \(next.output)")
        try await setup.close()
    }
}
