import Foundation
import StorePorts
@testable import StacktermCLI
import Testing

/// The lines `watch --once` prints: one per item, the site named where it is not the default, text made inert.
struct WatchReportTests {
    let date = Date(timeIntervalSince1970: 1_795_435_200)

    @Test func eachKindHasItsLine() {
        let items = [
            WatchedItem(site: "stackoverflow", kind: .question, id: 1, questionID: 1, title: "A &amp; B", link: "https://so/q/1",
                        createdAt: date, watch: "[swift]"),
            WatchedItem(site: "unix", kind: .answer, id: 2, questionID: 9, title: "Quote a glob", link: "https://unix/q/9",
                        createdAt: date, watch: "question 9"),
            WatchedItem(site: "unix", kind: .comment, id: 3, questionID: 9, title: "Quote a glob", link: "", createdAt: date,
                        watch: "question 9"),
        ]
        #expect(WatchReport.lines(items, defaultSite: "stackoverflow") == [
            "[swift] new question: A &amp; B  https://so/q/1",
            "unix question 9 new answer on: Quote a glob  https://unix/q/9",
            "unix question 9 new comment on: Quote a glob",
        ])
    }

    @Test func hostileTextIsInertAndLongTitlesAreCapped() throws {
        let item = WatchedItem(
            site: "stackoverflow", kind: .question, id: 1, questionID: 1,
            title: "a\u{1B}[31mred\u{202E}\u{200D}x\n" + String(repeating: "y", count: 300), link: "https://so/q/1\u{07}",
            createdAt: date, watch: "[c]")
        let line = try #require(WatchReport.lines([item], defaultSite: "stackoverflow").first)
        #expect(!line.unicodeScalars.contains { [0x1B, 0x202E, 0x200D, 0x07, 0x0A].contains($0.value) })
        #expect(line.hasPrefix("[c] new question: a[31mredx y"))
        #expect(line.contains("…  https://so/q/1"))
        #expect(line.count < 200)
    }
}
