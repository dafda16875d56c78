import StackExchange

/// Splits an HTML body into tokens, tolerating whatever the network sends.
///
/// Works on the UTF-8 bytes (all markup is ASCII), so each byte is looked at a bounded number of times.
/// Malformed input never fails: a `<` that does not start a complete tag (a stray `<`, `<<>>`, `<a` at the
/// end of the input) is kept as text; an unclosed comment runs to the end, as in a browser.
enum HTMLTokenizer {
    /// The tokens of `html`, in order; adjacent text is merged into one token.
    static func tokens(_ html: String) -> [HTMLToken] {
        var scanner = Scanner(bytes: Array(html.utf8))
        return scanner.run()
    }

    /// One pass over the bytes, collecting tokens.
    private struct Scanner {
        let bytes: [UInt8]
        var tokens: [HTMLToken] = []
        /// Past the last `>`, no tag can be completed, so a `<` there is text without looking further.
        let lastClose: Int

        init(bytes: [UInt8]) {
            self.bytes = bytes
            self.lastClose = bytes.lastIndex(of: UInt8(ascii: ">")) ?? -1
        }

        mutating func run() -> [HTMLToken] {
            var textStart = 0
            var i = 0
            while i < bytes.count {
                guard bytes[i] == UInt8(ascii: "<"), i < lastClose, let (token, end) = markup(at: i) else {
                    i += 1
                    continue
                }
                emitText(textStart..<i)
                tokens.append(token)
                i = end
                textStart = end
            }
            emitText(textStart..<bytes.count)
            return tokens
        }

        private mutating func emitText(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            let text = decodedText(range)
            if case .text(let previous) = tokens.last {
                tokens[tokens.count - 1] = .text(previous + text)
            } else {
                tokens.append(.text(text))
            }
        }

        /// The text of `range` with its character references decoded.
        ///
        /// Each `&…;` is handed to `HTMLEntities` on its own, so the cost is per reference rather than a
        /// string search over every run of text.
        private func decodedText(_ range: Range<Int>) -> String {
            guard bytes[range].contains(UInt8(ascii: "&")) else { return string(range) }
            var out: [UInt8] = []
            out.reserveCapacity(range.count)
            var i = range.lowerBound
            while i < range.upperBound {
                let byte = bytes[i]
                if byte == UInt8(ascii: "&"),
                   let semi = bytes[i..<min(range.upperBound, i + 14)].firstIndex(of: UInt8(ascii: ";")) {
                    if let common = Self.commonReference(bytes[(i + 1)..<semi]) {
                        out.append(common)
                        i = semi + 1
                        continue
                    }
                    let reference = string(i..<semi + 1)
                    let decoded = HTMLEntities.decode(reference)
                    if decoded != reference {
                        out.append(contentsOf: decoded.utf8)
                        i = semi + 1
                        continue
                    }
                }
                out.append(byte)
                i += 1
            }
            return String(decoding: out, as: UTF8.self)
        }

        /// The byte for the references nearly every body uses, decoded here without building a string.
        private static func commonReference(_ name: ArraySlice<UInt8>) -> UInt8? {
            switch Array(name) {
            case Array("amp".utf8): UInt8(ascii: "&")
            case Array("lt".utf8): UInt8(ascii: "<")
            case Array("gt".utf8): UInt8(ascii: ">")
            case Array("quot".utf8): UInt8(ascii: "\"")
            case Array("#39".utf8), Array("apos".utf8): UInt8(ascii: "'")
            default: nil
            }
        }

        /// The token starting at the `<` at `start` and the index after it, or nil when it is not markup.
        private func markup(at start: Int) -> (HTMLToken, Int)? {
            let next = start + 1
            guard next < bytes.count else { return nil }
            if bytes[next] == UInt8(ascii: "!") || bytes[next] == UInt8(ascii: "?") {
                return comment(at: start)
            }
            if bytes[next] == UInt8(ascii: "/") {
                guard next + 1 < bytes.count, isLetter(bytes[next + 1]) else { return nil }
                let (name, afterName) = self.name(from: next + 1)
                guard let close = bytes[afterName...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                return (.endTag(name: name), close + 1)
            }
            guard isLetter(bytes[next]) else { return nil }
            return startTag(at: start)
        }

        private func comment(at start: Int) -> (HTMLToken, Int)? {
            let dashes: [UInt8] = Array("<!--".utf8)
            if bytes.count >= start + 4, Array(bytes[start..<start + 4]) == dashes {
                var i = start + 4
                while i + 2 < bytes.count {
                    if bytes[i] == UInt8(ascii: "-"), bytes[i + 1] == UInt8(ascii: "-"), bytes[i + 2] == UInt8(ascii: ">") {
                        return (.comment(string(start + 4..<i)), i + 3)
                    }
                    i += 1
                }
                return (.comment(string(start + 4..<bytes.count)), bytes.count)
            }
            // `<!DOCTYPE …>`, `<?xml …?>`: skipped like a comment.
            guard let close = bytes[(start + 2)...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            return (.comment(string(start + 2..<close)), close + 1)
        }

        private func startTag(at start: Int) -> (HTMLToken, Int)? {
            let (name, afterName) = self.name(from: start + 1)
            var attributes: [String: String] = [:]
            var i = afterName
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: ">") { return (.startTag(name: name, attributes: attributes, selfClosing: false), i + 1) }
                if byte == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ">") {
                    return (.startTag(name: name, attributes: attributes, selfClosing: true), i + 2)
                }
                if isSpace(byte) || byte == UInt8(ascii: "/") { i += 1; continue }
                // An attribute name runs to whitespace, `=`, `>` or `/`.
                let nameStart = i
                while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "="), bytes[i] != UInt8(ascii: ">"),
                      bytes[i] != UInt8(ascii: "/") || i == nameStart {
                    i += 1
                }
                let attributeName = string(nameStart..<i).lowercased()
                while i < bytes.count, isSpace(bytes[i]) { i += 1 }
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else {
                    if attributes[attributeName] == nil { attributes[attributeName] = "" }
                    continue
                }
                i += 1
                while i < bytes.count, isSpace(bytes[i]) { i += 1 }
                guard i < bytes.count else { return nil }
                let value: String
                if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
                    let quote = bytes[i]
                    // An unterminated quote ends at the next `>` so one bad attribute cannot swallow the body.
                    let end = bytes[(i + 1)...].firstIndex(of: quote)
                        ?? bytes[(i + 1)...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
                    value = string(i + 1..<end)
                    i = end < bytes.count && bytes[end] == quote ? end + 1 : end
                } else {
                    let valueStart = i
                    while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
                    value = string(valueStart..<i)
                }
                if attributes[attributeName] == nil { attributes[attributeName] = HTMLEntities.decode(value) }
            }
            return nil
        }

        /// A tag name (letters, digits, `-`, `:`) from `start`, lowercased, and the index after it.
        private func name(from start: Int) -> (String, Int) {
            var i = start
            while i < bytes.count, isLetter(bytes[i]) || (bytes[i] >= 0x30 && bytes[i] <= 0x39)
                || bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: ":") {
                i += 1
            }
            return (string(start..<i).lowercased(), i)
        }

        private func string(_ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self)
        }

        private func isLetter(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }

        private func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
        }
    }
}
