import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// A link on a site whose API name is not its host's first word opens there in the browser too: the real binary in
/// tmux against the replica, which knows `mathoverflow.net` only by that name.
struct LinkHostsEndToEndTests {
    @Test func aMathOverflowLinkOpensItsQuestionOnThatSite() async throws {
        try await StacktermRun.with(arguments: ["https://mathoverflow.net/questions/79000006/whats-the-idiomatic-way"]) { run in
            #expect(await eventually { run.lastFrame()?["screen"] as? String == "detail" })
            #expect(try await run.waitForStatus("line 1/"), "the detail has loaded")
            #expect(try run.tmux.capture().contains { $0.contains("What's the idiomatic way to cancel reflog?") })
            let asked = try #require(run.replica.logEntries().first { $0.path.hasPrefix("/2.3/questions/79000006") })
            #expect(asked.query["site"] == "mathoverflow.net")
        }
    }
}
