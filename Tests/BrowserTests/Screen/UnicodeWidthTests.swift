import Browser
import Testing

/// Clusters terminals disagree on: each is stored in a form whose width everyone agrees on, and nothing is lost.
struct UnicodeWidthTests {
    @Test(arguments: [
        ("👍🏽", "👍", 2), ("👩‍💻", "👩", 2), ("☀️", "☀", 1), ("🇯🇵", "🇯🇵", 2), ("e\u{301}", "é", 1),
        ("日", "日", 2), ("✓", "✓", 1), ("a", "a", 1),
    ] as [(Character, Character, Int)])
    func clustersAreNormalisedToAWidthEveryoneAgreesOn(original: Character, normalised: Character, width: Int) {
        #expect(TerminalGrapheme.normalised(original) == normalised)
        #expect(DisplayWidth.of(original) == width)
        #expect(DisplayWidth.of(normalised) == width)
    }

    @Test func theCellAfterEachClusterLandsWhereAnASCIIRowPutsIt() {
        let titles = ["plain", "tone 👍🏽 x", "zwj 👩‍💻 x", "vs ☀️ x", "flag 🇯🇵 x", "mark e\u{301} x"]
        var buffer = ScreenBuffer(width: 40, height: titles.count)
        for (row, title) in titles.enumerated() {
            buffer.put(title, row: row, column: 0, maxWidth: 20)
            buffer.put("|END", row: row, column: 20)
        }
        for row in titles.indices {
            #expect(buffer[row, 20].text == "|", "row \(row): \(buffer.text(ofRow: row))")
            // Every column before the marker is accounted for: cells of the title, continuations, blanks.
            let width = (0..<20).reduce(0) { $0 + (buffer[row, $1].isContinuation ? 0 : DisplayWidth.of(Character(buffer[row, $1].text))) }
            #expect(width == 20, "row \(row)")
        }
        #expect(buffer.text(ofRow: 1).hasPrefix("tone 👍 x"))
        #expect(buffer.text(ofRow: 5).hasPrefix("mark é x"))
    }

    @Test func asciiStandInsNeverDropACharacter() {
        #expect(TextRepertoire.asciiStandIn(for: "✓") == "*")
        #expect(TextRepertoire.asciiStandIn(for: "…") == "...")
        #expect(TextRepertoire.asciiStandIn(for: "é") == "e")
        #expect(TextRepertoire.asciiStandIn(for: "Å") == "A")
        #expect(TextRepertoire.asciiStandIn(for: "ß") == "ss")
        #expect(TextRepertoire.asciiStandIn(for: "日") == "??")
        #expect(TextRepertoire.asciiStandIn(for: "👍🏽") == "??")
        #expect(TextRepertoire.asciiStandIn(for: "x") == "x")
    }

    @Test func anASCIIBufferHoldsOnlyASCIIAndShowsEveryCharacter() {
        var buffer = ScreenBuffer(width: 30, height: 1, repertoire: .ascii)
        buffer.put("café ✓ 日本 naïve…", row: 0, column: 0)
        #expect(buffer.text(ofRow: 0) == "cafe * ???? naive...          ")
        #expect(buffer.cells.allSatisfy { $0.text.allSatisfy(\.isASCII) })
    }
}
