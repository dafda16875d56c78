/// Highlights code: a code string and a language in, spans with roles out.
public enum Highlighter {
    /// The spans of `code` in `language`: every UTF-8 byte of it in exactly one span, in order.
    public static func spans(_ code: String, language: Language) -> [HighlightSpan] {
        let compiled = CompiledLanguage.all[language.name] ?? .plain
        var code = code
        return code.withUTF8 { Lexer.spans($0, language: compiled) }
    }

    /// One run of a highlighted line: its text and its role.
    public struct Run: Hashable, Sendable {
        public var text: String
        public var role: HighlightRole

        public init(_ text: String, role: HighlightRole) {
            self.text = text
            self.role = role
        }
    }

    /// `lines` (a block's lines, without their `\n`) highlighted together, so a comment or string may span
    /// lines, and cut back into lines of runs: line `i` of the result holds exactly the text of `lines[i]`.
    public static func lines(_ lines: [String], language: Language) -> [[Run]] {
        guard !lines.isEmpty else { return [] }
        var joined = lines.joined(separator: "\n")
        let compiled = CompiledLanguage.all[language.name] ?? .plain
        return joined.withUTF8 { bytes in
            let spans = Lexer.spans(bytes, language: compiled)
            var result: [[Run]] = []
            result.reserveCapacity(lines.count)
            var current: [Run] = []
            for span in spans {
                var start = span.range.lowerBound
                var index = start
                while index < span.range.upperBound {
                    if bytes[index] == 0x0A {
                        if index > start { current.append(Run(text(bytes, start..<index), role: span.role)) }
                        result.append(current)
                        current = []
                        start = index + 1
                    }
                    index += 1
                }
                if span.range.upperBound > start { current.append(Run(text(bytes, start..<span.range.upperBound), role: span.role)) }
            }
            result.append(current)
            return result
        }
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
