import Foundation
import StackExchangeReplica
import Testing

/// Links of every site from the shell: a host whose API name is not its first word (`mathoverflow.net`), a
/// `*.stackexchange.com` host read with the network's site list (asked once, then kept as the picker keeps it), and an
/// answer's link whose answer does not exist.
@Suite(.serialized)
struct ShellLinksEndToEndTests {
    /// The replica is as strict as the API: `mathoverflow` names no site, `mathoverflow.net` does.
    @Test func theReplicaKnowsMathOverflowOnlyByItsRealName() async throws {
        try await ShellEndToEndTests.with { replica, store in
            let wrong = try ShellRun.run(["--print", "--site", "mathoverflow", "reflog"], replica: replica, store: store)
            #expect(wrong.status == 64, "\(wrong.errors)")
            #expect(wrong.errors.contains("No site found for name `mathoverflow`"), "\(wrong.errors)")
            let right = try ShellRun.run(["--print", "--site", "mathoverflow.net", "reflog"], replica: replica, store: store)
            #expect(right.status == 0, "\(right.errors)")
        }
    }

    @Test func aMathOverflowLinkAsksTheSiteByItsAPIName() async throws {
        try await ShellEndToEndTests.with { replica, store in
            let run = try ShellRun.run(["--print", "https://mathoverflow.net/questions/79100100/x"], replica: replica, store: store)
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.hasPrefix("Which terminal emulators draw emoji with skin tones correctly?\nhttps://mathoverflow.net/"),
                    "\(run.output)")
            let asked = try #require(replica.logEntries().first { $0.path.hasPrefix("/2.3/questions/79100100") })
            #expect(asked.query["site"] == "mathoverflow.net")
        }
    }

    /// A host the names built in only guess at is read with the site list: asked once, kept in the store, and the
    /// next launch reads it from there.
    @Test func aStackExchangeHostIsReadWithTheSiteListKeptForTheNextLaunch() async throws {
        try await ShellEndToEndTests.with { replica, store in
            let link = "https://unix.stackexchange.com/q/59000006"
            let first = try ShellRun.run(["--print", link], replica: replica, store: store)
            #expect(first.status == 0, "\(first.errors)")
            #expect(replica.requestCount(pathPrefix: "/2.3/sites") == 1)
            #expect(first.output.hasPrefix("How to test an awk associative array without the network?\n"), "\(first.output)")
            let asked = try #require(replica.logEntries().first { $0.path.hasPrefix("/2.3/questions/59000006") })
            #expect(asked.query["site"] == "unix")
            let second = try ShellRun.run(["--print", link], replica: replica, store: store)
            #expect(second.status == 0, "\(second.errors)")
            #expect(replica.requestCount(pathPrefix: "/2.3/sites") == 1, "the kept list answered")
            // A site with a domain of its own needs no list.
            let fresh = try StoreDirectory.make()
            defer { fresh.remove() }
            let settled = try ShellRun.run(["--print", "https://stackoverflow.com/q/79100100"], replica: replica, store: fresh)
            #expect(settled.status == 0)
            #expect(replica.requestCount(pathPrefix: "/2.3/sites") == 1)
        }
    }

    @Test func anAnswerLinkToNoAnswerIsNothingFound() async throws {
        try await ShellEndToEndTests.with { replica, store in
            let run = try ShellRun.run(["--print", "https://stackoverflow.com/a/1"], replica: replica, store: store)
            #expect(run.status == 1, "\(run.errors)")
            #expect(run.errors == "stackterm: nothing found\n")
            let json = try ShellRun.run(["--json", "https://stackoverflow.com/a/1"], replica: replica, store: store)
            #expect(json.status == 1, "\(json.errors)")
            #expect(json.output.contains("\"questions\" : [\n\n  ]") || json.output.contains("\"questions\" : ["), "\(json.output)")
        }
    }
}
