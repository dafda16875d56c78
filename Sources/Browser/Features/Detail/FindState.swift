import Foundation

/// Find in page as a value: the text looked for, every match in the document's lines, and the current one.
///
/// Matching is case-insensitive unless the text holds an uppercase letter (smart case, as in vim and less).
/// A match never spans two lines. Columns are screen columns, so wide characters count two.
public struct FindState: Hashable, Sendable {
    /// One match: its document line and the screen columns it covers.
    public struct Match: Hashable, Sendable {
        public var line: Int
        public var columns: Range<Int>

        public init(line: Int, columns: Range<Int>) {
            self.line = line
            self.columns = columns
        }
    }

    public private(set) var query: String
    public private(set) var matches: [Match] = []
    /// The index in `matches` of the current match, or nil when there is none.
    public private(set) var current: Int?
    /// The shape of the document the matches were found in: its width and line count. Laid out again (a
    /// resize, comments shown), the document is searched again.
    public private(set) var documentShape: DocumentShape?

    /// The width and line count of a laid-out document.
    public struct DocumentShape: Hashable, Sendable {
        public var width: Int
        public var lineCount: Int

        public init(width: Int, lineCount: Int) {
            self.width = width
            self.lineCount = lineCount
        }
    }

    public init(query: String = "") {
        self.query = query
    }

    /// True when `query` holds an uppercase letter: then case matters.
    public static func isCaseSensitive(_ query: String) -> Bool {
        query.contains { $0.isUppercase }
    }

    /// Finds `query` in `lines` (laid out at `width`) and makes the first match current.
    public mutating func search(_ query: String, in lines: [StyledLine], width: Int) {
        self.query = query
        matches = Self.matches(of: query, in: lines)
        current = matches.isEmpty ? nil : 0
        documentShape = DocumentShape(width: width, lineCount: lines.count)
    }

    /// Searches again in a document laid out anew, keeping the current match's number where it still exists.
    public mutating func refresh(in lines: [StyledLine], width: Int) {
        let shape = DocumentShape(width: width, lineCount: lines.count)
        guard shape != documentShape else { return }
        let previous = current
        matches = Self.matches(of: query, in: lines)
        current = matches.isEmpty ? nil : min(previous ?? 0, matches.count - 1)
        documentShape = shape
    }

    /// Moves to the next match, wrapping from the last to the first.
    public mutating func next() {
        guard !matches.isEmpty else { return }
        current = ((current ?? -1) + 1) % matches.count
    }

    /// Moves to the previous match, wrapping from the first to the last.
    public mutating func previous() {
        guard !matches.isEmpty else { return }
        current = ((current ?? matches.count) - 1 + matches.count) % matches.count
    }

    public var currentMatch: Match? { current.map { matches[$0] } }

    /// `match 3/17`, `no match`, or nil with nothing looked for.
    public var statusText: String? {
        guard !query.isEmpty else { return nil }
        guard let current else { return "no match" }
        return "match \(current + 1)/\(matches.count)"
    }

    /// Every match of `query` in `lines`, top to bottom, left to right, not overlapping.
    static func matches(of query: String, in lines: [StyledLine]) -> [Match] {
        guard !query.isEmpty else { return [] }
        let caseSensitive = isCaseSensitive(query)
        var found: [Match] = []
        // Most queries are ASCII: then the search runs over UTF-8 bytes (ASCII letters folded when case does not
        // matter), which keeps a keystroke on a 50 kB answer far under a frame; Foundation's case-insensitive
        // search on Linux took most of it. Other queries go through Foundation.
        if query.utf8.allSatisfy({ $0 < 0x80 }) {
            let needle = query.utf8.map { caseSensitive ? $0 : asciiLower($0) }
            for (index, line) in lines.enumerated() {
                let text = line.text
                let offsets = byteMatches(of: needle, in: text, foldingCase: !caseSensitive)
                guard !offsets.isEmpty else { continue }
                found += columns(of: offsets, length: needle.count, in: text).map { Match(line: index, columns: $0) }
            }
            return found
        }
        let options: String.CompareOptions = caseSensitive ? [.literal] : [.caseInsensitive]
        for (index, line) in lines.enumerated() {
            let text = line.text
            guard var range = text.range(of: query, options: options) else { continue }
            var column = 0
            var counted = text.startIndex
            while true {
                column += DisplayWidth.of(text[counted..<range.lowerBound])
                let width = DisplayWidth.of(text[range])
                found.append(Match(line: index, columns: column..<column + max(1, width)))
                column += width
                counted = range.upperBound
                guard counted < text.endIndex,
                      let next = text.range(of: query, options: options, range: counted..<text.endIndex) else { break }
                range = next
            }
        }
        return found
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    /// The UTF-8 offsets where `needle` (ASCII, already folded when `foldingCase`) starts in `text`, not overlapping.
    private static func byteMatches(of needle: [UInt8], in text: String, foldingCase: Bool) -> [Int] {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= needle.count else { return [] }
            var offsets: [Int] = []
            var start = 0
            let last = bytes.count - needle.count
            while start <= last {
                var length = 0
                while length < needle.count {
                    let byte = bytes[start + length]
                    if (foldingCase ? asciiLower(byte) : byte) != needle[length] { break }
                    length += 1
                }
                if length == needle.count {
                    offsets.append(start)
                    start += needle.count
                } else {
                    start += 1
                }
            }
            return offsets
        }
    }

    /// The screen columns of the matches starting at UTF-8 `offsets` of `text`, each `length` bytes long.
    private static func columns(of offsets: [Int], length: Int, in text: String) -> [Range<Int>] {
        let utf8 = text.utf8
        var ranges: [Range<Int>] = []
        var column = 0
        var counted = utf8.startIndex
        var countedOffset = 0
        for offset in offsets {
            // An ASCII byte always starts a Unicode scalar, so these indices are valid in the string.
            let start = utf8.index(counted, offsetBy: offset - countedOffset)
            let end = utf8.index(start, offsetBy: length)
            column += DisplayWidth.of(text[counted..<start])
            let width = DisplayWidth.of(text[start..<end])
            ranges.append(column..<column + max(1, width))
            column += width
            counted = end
            countedOffset = offset + length
        }
        return ranges
    }
}
