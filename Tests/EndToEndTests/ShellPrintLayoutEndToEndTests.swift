import Foundation
import StackExchangeReplica
import Testing

/// `--print` reads like the site: code fenced with the language the browser highlights it in (the question's one
/// language tag here), links as numbered footnotes, entities decoded.
@Suite(.serialized)
struct ShellPrintLayoutEndToEndTests {
    @Test func codeIsFencedWithItsLanguageAndLinksAreFootnotes() async throws {
        try await ShellEndToEndTests.with { replica, store in
            let run = try ShellRun.run(
                ["--print", "https://stackoverflow.com/questions/79000061/x#answer-80000325"], replica: replica, store: store)
            #expect(run.status == 0, "\(run.errors)")
            let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let fence = try #require(lines.firstIndex { $0.hasPrefix("```") }, "\(run.output)")
            #expect(lines[fence] == "```swift", "\(lines)")
            #expect(Array(lines[(fence + 1)...].prefix(3)) == ["setUp()", "let value = try call()   // now it works", "```"], "\(lines)")
            #expect(lines.contains("See the reference [1] for details."), "\(lines)")
            #expect(lines.last { !$0.isEmpty } == "[1] https://example.com/reference", "\(lines)")
            #expect(!run.output.contains("]("), "no Markdown link: \(run.output)")
        }
    }

    @Test func entitiesAreDecodedAndABlockOfNoKnownLanguageIsFencedPlain() async throws {
        try await ShellEndToEndTests.with { replica, store in
            let run = try ShellRun.run(
                ["--print", "https://stackoverflow.com/questions/79007184/x#answer-80041408"], replica: replica, store: store)
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.hasPrefix("Why is Arc<Mutex<T>> so slow on large inputs (100k rows)?\n"), "\(run.output)")
            #expect(run.output.contains("The short answer: Arc<Mutex<T>> needs to be set up before you call it."), "\(run.output)")
            #expect(!run.output.contains("&lt;") && !run.output.contains("&gt;"))
            // rust, sql and swift: no one language, so the block is plain, as the browser shows it.
            #expect(run.output.contains("\n```\nsetUp()\n"), "\(run.output)")
        }
    }
}
