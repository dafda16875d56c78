public import Foundation

/// A dump made to hurt an importer: a small generated dump whose `Posts.xml` carries one hostile part in its
/// middle. Each is what a stranger's file could hold, and what an importer must survive in flat memory.
public enum HostileDump: String, Sendable, CaseIterable {
    /// A `DOCTYPE` declaring ten levels of entities, ten of the level below each, used in a row's `Body`
    /// ("billion laughs": expanded, a few bytes become gigabytes).
    case billionLaughs = "billion-laughs"
    /// `size` bytes of spaces between two rows.
    case expandingWhitespace = "whitespace"
    /// A question whose `Body` is `size` bytes long.
    case hugeAttribute = "huge-attribute"
    /// A text node of `size` bytes between two rows.
    case hugeText = "huge-text"
    /// A row with `size` attributes.
    case manyAttributes = "many-attributes"
    /// A question whose title holds bytes that are not UTF-8, among well-formed rows.
    case invalidUTF8 = "invalid-utf8"

    /// A size that makes each hostile (and that an importer without bounds would hold in memory many times over).
    public var defaultSize: Int {
        switch self {
        case .manyAttributes: 200_000
        case .billionLaughs, .invalidUTF8: 0
        case .expandingWhitespace, .hugeAttribute, .hugeText: 320 << 20
        }
    }

    /// The Id of the hostile row (beyond every generated post's), when the part is a row.
    public static let rowID = 9_900_001

    /// Rows an import skips for this part (a row it cannot read); the clean dump's rows all come in.
    public var skippedRows: Int {
        switch self {
        case .hugeAttribute, .manyAttributes, .invalidUTF8: 1
        case .billionLaughs, .expandingWhitespace, .hugeText: 0
        }
    }

    /// Writes a dump of `posts` posts into `directory` with the hostile part in `Posts.xml`, written in chunks
    /// (never held whole). The summary is the clean dump's.
    @discardableResult
    public func write(to directory: URL, posts: Int = 200, seed: UInt64 = 1, size: Int? = nil) throws -> DumpSummary {
        let summary = try DumpGenerator(posts: posts, seed: seed).write(to: directory)
        let file = directory.appendingPathComponent("Posts.xml")
        let clean = try Data(contentsOf: file)
        let lines = clean.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The declaration, the root's start tag, then rows: the hostile part goes after half of them.
        let middle = 2 + (lines.count - 3) / 2
        guard let output = FileHandle(forWritingAtPath: file.path) else { throw DumpGeneratorError("cannot write \(file.path)") }
        try output.truncate(atOffset: 0)
        defer { try? output.close() }
        func copyLines(_ range: Range<Int>) throws {
            for line in lines[range] { try output.write(contentsOf: line + [UInt8(ascii: "\n")]) }
        }
        if self == .billionLaughs {
            try copyLines(0..<1)
            try output.write(contentsOf: Data(Self.laughingDoctype.utf8))
            try copyLines(1..<middle)
        } else {
            try copyLines(0..<middle)
        }
        try writePart(to: output, size: size ?? defaultSize)
        try copyLines(middle..<lines.count - 1)
        try output.write(contentsOf: lines[lines.count - 1])
        return summary
    }

    private static let laughingDoctype: String = {
        var text = "<!DOCTYPE posts [\n  <!ENTITY lol0 \"lol\">\n"
        for level in 1...9 {
            text += "  <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        return text + "]>\n"
    }()

    private func writePart(to output: FileHandle, size: Int) throws {
        let head = "  <row Id=\"\(Self.rowID)\" PostTypeId=\"1\" CreationDate=\"2020-01-02T03:04:05.678\" Score=\"1\" "
        switch self {
        case .billionLaughs:
            try output.write(contentsOf: Data((head + "Title=\"laughs\" Body=\"&lol9;\" />\r\n").utf8))
        case .expandingWhitespace:
            try Self.repeated(UInt8(ascii: " "), size, to: output)
        case .hugeText:
            try Self.repeated(UInt8(ascii: "x"), size, to: output)
        case .hugeAttribute:
            try output.write(contentsOf: Data((head + "Title=\"huge\" Body=\"").utf8))
            try Self.repeated(UInt8(ascii: "a"), size, to: output)
            try output.write(contentsOf: Data("\" />\r\n".utf8))
        case .manyAttributes:
            try output.write(contentsOf: Data((head + "Title=\"many\"").utf8))
            var chunk = ""
            for index in 0..<size {
                chunk += " a\(index)=\"1\""
                if chunk.utf8.count > 1 << 16 {
                    try output.write(contentsOf: Data(chunk.utf8))
                    chunk = ""
                }
            }
            try output.write(contentsOf: Data((chunk + " />\r\n").utf8))
        case .invalidUTF8:
            try output.write(contentsOf: Data((head + "Title=\"bad ").utf8) + [0xFF, 0xFE, 0xC3] + Data("\" Body=\"x\" />\r\n".utf8))
        }
    }

    private static func repeated(_ byte: UInt8, _ count: Int, to output: FileHandle) throws {
        let chunk = Data(repeating: byte, count: 1 << 20)
        var left = count
        while left > 0 {
            try output.write(contentsOf: left >= chunk.count ? chunk : chunk.prefix(left))
            left -= chunk.count
        }
    }
}
