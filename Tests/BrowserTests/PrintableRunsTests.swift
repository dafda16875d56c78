@testable import Browser
import Testing

/// Printable ASCII goes byte by byte between the characters that need measuring, and the two together are the text's
/// characters, each once: a cluster that begins with an ASCII byte (an accent after it, a keycap) stays whole.
struct PrintableRunsTests {
    static let texts = [
        "", "plain", "[image: a · waiting]", "a·", "·a", "…", "e\u{301}x", "ae\u{301}", "1\u{FE0F}\u{20E3} done",
        "x\r\ny", "tab\there", "wide 中文 text", "👨‍👩‍👧 family", "\u{600}1 prepended", "🇫🇷 flag", "a\u{200D}b",
        "trailing\n", "\u{7F}del", "Ünïcödé everywhere",
    ]

    /// The pieces of `text`: each ASCII byte as a character, and the characters, in order.
    static func pieces(_ text: some StringProtocol) -> (characters: [Character], bytes: Int) {
        var characters: [Character] = []
        var bytes = 0
        PrintableRuns.forEach(
            in: text,
            ascii: { byte in
                characters.append(Character(Unicode.Scalar(byte)))
                bytes += 1
                return true
            },
            character: { character in
                characters.append(character)
                return true
            })
        return (characters, bytes)
    }

    @Test(arguments: texts) func thePiecesAreTheTextsCharacters(_ text: String) {
        #expect(Self.pieces(text).characters == Array(text))
        #expect(Self.pieces(Substring(text)).characters == Array(text))
    }

    @Test func aLineWithOneSymbolMeasuresTheSymbolAndTheByteBeforeIt() {
        let box = "[image: a · waiting]"
        let (characters, bytes) = Self.pieces(box)
        #expect(characters.count - bytes == 2, "the space before the dot and the dot")
        #expect(Self.pieces("plain text").bytes == 10)
    }

    @Test func stoppingEndsTheWalk() {
        var seen: [String] = []
        PrintableRuns.forEach(in: "ab·cd", ascii: { seen.append(String(Unicode.Scalar($0))); return true }, character: {
            seen.append(String($0))
            return $0 != "·"
        })
        #expect(seen == ["a", "b", "·"])
        seen = []
        PrintableRuns.forEach(in: "abc·", ascii: { seen.append(String(Unicode.Scalar($0))); return seen.count < 2 }, character: {
            seen.append(String($0))
            return true
        })
        #expect(seen == ["a", "b"])
    }

    /// A screen row drawn from mixed text is the row its characters give drawn one at a time.
    @Test(arguments: texts) func aRowDrawnFromMixedTextIsTheSame(_ text: String) {
        for width in [4, 9, 30] {
            var buffer = ScreenBuffer(width: width, height: 1)
            let drawn = buffer.put(text, row: 0, column: 0)
            var reference = ScreenBuffer(width: width, height: 1)
            var column = 0
            for character in text where column < width {
                let put = reference.put(String(character), row: 0, column: column)
                column += put
                // A wide character that does not fit leaves a space in its place, and nothing after it.
                if put < DisplayWidth.of(character) { break }
            }
            #expect(buffer == reference, "\(text) at \(width)")
            #expect(drawn == column)
        }
    }
}
