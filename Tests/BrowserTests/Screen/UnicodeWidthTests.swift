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

    /// Printable ASCII takes the byte-at-a-time path; anything else (a control, CR-LF, DEL, one accent) the cluster one,
    /// and both lay text out alike.
    @Test func theASCIIFastPathAgreesWithTheClusterPath() {
        #expect(DisplayWidth.isPrintableASCII("How do I read a file? ~{}|"))
        for text in ["a\r\nb", "tab\there", "del\u{7F}", "caf\u{E9}", ""] where !text.isEmpty {
            #expect(!DisplayWidth.isPrintableASCII(text), "\(text.debugDescription)")
        }
        let ascii = "How do I read a file line by line?"
        #expect(DisplayWidth.of(ascii) == ascii.count)
        #expect(TextFit.truncate(ascii, width: 10) == "How do I …")
        #expect(TextFit.truncate("How do I é", width: 10) == "How do I é")
        #expect(TextFit.left("abc", width: 5) == "abc  " && TextFit.right("abc", width: 5) == "  abc")
        var buffer = ScreenBuffer(width: 12, height: 3)
        #expect(buffer.put(ascii, row: 0, column: 2, maxWidth: 6) == 6)
        #expect(buffer.text(ofRow: 0) == "  How do    ")
        // A control character is dropped and CR-LF is one cluster of width 0: the cluster path, as before.
        #expect(buffer.put("a\tb\r\nc", row: 1, column: 0) == 3)
        #expect(buffer.text(ofRow: 1).hasPrefix("abc "))
        // The right edge clips the fast path too.
        #expect(buffer.put("0123456789ABCDEF", row: 2, column: 8) == 4)
        #expect(buffer.text(ofRow: 2) == "        0123")
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
