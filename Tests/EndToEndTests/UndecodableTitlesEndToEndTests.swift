import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// A page whose titles hold a lone surrogate's escape and a raw 0xFF byte is read whole: each bad character becomes
/// U+FFFD, the rest of the page is there, and the trace says what was replaced.
@Suite(.serialized)
struct UndecodableTitlesEndToEndTests {
    @Test func oneBadCharacterCostsThatCharacterNotThePage() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let replica = try await ReplicaServer.start(ReplicaOptions(latencyMilliseconds: 0, quota: 10_000))
        defer { Task { try? await replica.shutdown() } }
        replica.injectFault(.undecodableTitles(path: "/2.3/search"), count: 1)
        let trace = store.root.appendingPathComponent("trace.jsonl").path
        let run = try ShellRun.run(["--trace", trace, "--json", "-n", "2", "undecodable"], replica: replica, store: store)
        #expect(run.status == 0, "\(run.errors)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)")
        let titles = ((document["questions"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String }
        let (lone, loneEnd) = UndecodablePage.surrogateTitle
        let (stray, strayEnd) = UndecodablePage.byteTitle
        #expect(Set(titles) == [lone + "\u{FFFD}" + loneEnd, stray + "\u{FFFD}" + strayEnd], "\(titles)")
        let traced = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        #expect(traced.contains("json-repaired"), "the trace says so")
    }
}
