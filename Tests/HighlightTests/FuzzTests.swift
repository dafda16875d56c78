import Highlight
import Testing

/// Random text in every language: the lexer finishes, never throws, and accounts for every byte.
struct FuzzTests {
    /// SplitMix64: a seeded generator, so a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// What random inputs are made of: the bytes that open and close things, words and non-ASCII text.
    static let pieces: [String] = [
        "\"", "'", "`", "\"\"\"", "'''", "/*", "*/", "//", "#", "--", "<!--", "-->", "<", ">", "</", "/>", "${", "\\(",
        "#{", "}", "{", "(", ")", "[", "]", "\\", "\n", " ", "\t", "<<EOF\n", "EOF", "<<<", "<<~", "r#\"", "\"#", "R\"x(",
        ")x\"", "@\"", "$", "@", "=begin", "=end", "&amp;", "<![CDATA[", "]]>", "<?", "?>", "<?php", "0x", "1.5e", "9",
        "_", "def", "fn", "let", "if", "x", "Name", "é", "日本", "🚀", "\u{301}", "'a", ":", ";", "=", "\r", "\u{0}",
    ]

    @Test(arguments: Language.all)
    func randomInputsKeepEveryByte(_ language: Language) {
        var generator = Generator(state: UInt64(language.name.utf8.reduce(17) { $0 &* 31 &+ Int($1) }))
        for round in 0..<10_000 {
            let count = Int.random(in: 0...24, using: &generator)
            var code = ""
            for _ in 0..<count { code += Self.pieces.randomElement(using: &generator)! }
            let spans = Highlighter.spans(code, language: language)
            var next = 0
            var ordered = true
            for span in spans {
                if span.range.lowerBound != next || span.range.isEmpty { ordered = false }
                next = span.range.upperBound
            }
            if !ordered || next != code.utf8.count {
                Issue.record("\(language) round \(round): spans \(spans) do not cover \(code.debugDescription)")
                return
            }
            // Split by bytes: "\r\n" is one Character, which `String.split` would not cut.
            let lines = code.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            let rejoined = Highlighter.lines(lines, language: language).map { $0.map(\.text).joined() }
            if rejoined != lines {
                Issue.record("\(language) round \(round): lines changed for \(code.debugDescription)")
                return
            }
        }
    }

    @Test(arguments: Language.all)
    func longPathologicalInputsFinish(_ language: Language) {
        // Deep nesting and long unterminated runs: each must finish and cover its bytes.
        let inputs = [
            String(repeating: "`${", count: 2_000), String(repeating: "/*", count: 5_000), String(repeating: "\"\\", count: 5_000),
            String(repeating: "<a ", count: 3_000), String(repeating: "<<EOF\n", count: 2_000), String(repeating: "#[", count: 3_000),
            String(repeating: "<script>", count: 500),
        ]
        for code in inputs {
            expectCovers(Highlighter.spans(code, language: language), count: code.utf8.count, "\(language)")
        }
    }
}
