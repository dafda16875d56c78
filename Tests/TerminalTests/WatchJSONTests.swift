import Foundation
import StorePorts
@testable import StacktermCLI
import Testing

/// `watch --once --json`: what a watch found passes the screen's filter, and its link is the site's own.
struct WatchJSONTests {
    @Test func hostileTitlesAndLinksAreFilteredAndRebuilt() throws {
        let hostile = "\u{1B}]52;c;eA==\u{07}\u{9B}2J\u{7F}\u{202E}\u{2066}\u{200B}"
        let items = [
            WatchedItem(site: "unix", kind: .question, id: 7, questionID: 7, title: "Quote" + hostile,
                        link: "https://unix.stackexchange.com/questions/7/x" + hostile, createdAt: Date(timeIntervalSince1970: 0),
                        watch: "[bash]" + hostile),
            WatchedItem(site: "unix", kind: .answer, id: 9, questionID: 7, title: "Quote", link: "https://unix.stackexchange.com/a/9",
                        createdAt: Date(timeIntervalSince1970: 0), watch: "question 7"),
        ]
        let text = WatchJSON.text(items, problems: [])
        let bad = text.unicodeScalars.filter { scalar in
            scalar.value != 0x0A && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.generalCategory == .format)
        }
        #expect(bad.isEmpty, "\(text.debugDescription)")
        #expect(!text.lowercased().contains("\\u001b"), "\(text)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let new = try #require(document["new"] as? [[String: Any]])
        #expect(new.map { $0["link"] as? String } == ["https://unix.stackexchange.com/q/7", "https://unix.stackexchange.com/a/9"])
        #expect(new.first?["title"] as? String == "Quote]52;c;eA==2J")
    }
}
