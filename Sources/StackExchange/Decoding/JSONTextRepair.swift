public import Foundation

/// Makes an answer's bytes decodable when one string in it is not: invalid UTF-8 and escapes of lone surrogates
/// (`\ud83d` with no low half after it, or a low half alone) become U+FFFD, so one bad character costs that character,
/// not the whole page ("not valid JSON"). Everything else is left byte for byte; a body with nothing to repair is
/// returned as it is, after one pass over its bytes.
public enum JSONTextRepair {
    /// `data` with what cannot be decoded replaced, and how many replacements were made.
    public static func repaired(_ data: Data) -> (data: Data, repairs: Int) {
        var bytes = [UInt8](data)
        var repairs = 0
        if String(validating: bytes, as: UTF8.self) == nil {
            // Decoding as UTF-8 replaces each invalid sequence with U+FFFD: count them as the U+FFFD that were not
            // there before (EF BF BD in the bytes).
            var before = 0
            var position = 0
            while position + 2 < bytes.count {
                if bytes[position] == 0xEF, bytes[position + 1] == 0xBF, bytes[position + 2] == 0xBD { before += 1 }
                position += 1
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let after = text.unicodeScalars.reduce(0) { $0 + ($1 == "\u{FFFD}" ? 1 : 0) }
            bytes = Array(text.utf8)
            repairs += max(1, after - before)
        }
        let (escaped, escapeRepairs) = replacingLoneSurrogateEscapes(bytes)
        repairs += escapeRepairs
        return repairs == 0 ? (data, 0) : (Data(escaped), repairs)
    }

    /// `bytes` with each `\uD800`–`\uDFFF` escape that is not half of a pair replaced by `\uFFFD`.
    static func replacingLoneSurrogateEscapes(_ bytes: [UInt8]) -> ([UInt8], Int) {
        let backslash = UInt8(ascii: "\\"), letterU = UInt8(ascii: "u")
        var output: [UInt8] = []
        var repairs = 0
        var index = 0
        var copiedUpTo = 0
        /// The code unit of a `\uXXXX` escape at `at`, if there is one.
        func escape(at position: Int) -> UInt16? {
            guard position + 5 < bytes.count, bytes[position] == backslash, bytes[position + 1] == letterU else { return nil }
            var value: UInt16 = 0
            for offset in 2..<6 {
                let byte = bytes[position + offset]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt16(digit)
            }
            return value
        }
        func replace(from start: Int) {
            if output.isEmpty { output.reserveCapacity(bytes.count) }
            output.append(contentsOf: bytes[copiedUpTo..<start])
            output.append(contentsOf: Array("\\ufffd".utf8))
            copiedUpTo = start + 6
            repairs += 1
        }
        while index < bytes.count {
            guard bytes[index] == backslash, index + 1 < bytes.count else {
                index += 1
                continue
            }
            guard bytes[index + 1] == letterU, let unit = escape(at: index) else {
                // Another escape (`\\`, `\"`, `\n`…): its second byte is never the start of one.
                index += 2
                continue
            }
            switch unit {
            case 0xD800...0xDBFF:
                if let next = escape(at: index + 6), (0xDC00...0xDFFF).contains(next) {
                    index += 12
                } else {
                    replace(from: index)
                    index += 6
                }
            case 0xDC00...0xDFFF:
                replace(from: index)
                index += 6
            default:
                index += 6
            }
        }
        guard repairs > 0 else { return (bytes, 0) }
        output.append(contentsOf: bytes[copiedUpTo...])
        return (output, repairs)
    }
}
