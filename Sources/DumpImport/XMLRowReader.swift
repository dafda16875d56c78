import Foundation

/// The `<row …/>` elements of one dump file, read from a `ByteSource` through a fixed 64 KB buffer: one row's bytes
/// at a time, so memory stays flat whatever the file holds.
///
/// A data dump is one root element of self-closing rows whose every value is an attribute, so the reader knows
/// just that much XML: the declaration, comments, processing instructions and other elements are skipped, and a
/// row's attributes are parsed by `XMLRowAttributes`. What a hostile file could use to take the machine is bounded
/// here: a `DOCTYPE` that declares entities is refused (nothing is ever expanded), whitespace and text between rows
/// are skipped without being kept, and a row longer than `maximumRowBytes` is skipped to its end and reported as
/// unreadable, as is one with more than `maximumAttributes`, invalid UTF-8 or an unknown entity. A row that cannot
/// be read is counted by the import, which goes on with the next.
///
/// Written here rather than on libxml2's `xmlTextReader` (the well-kept parser this replaced): libxml2 ends the whole
/// parse at the first invalid UTF-8 byte or undeclared entity, so a dump with one bad row could never be imported past
/// it, and its limits either cap a Body below the real dumps' largest posts or, lifted with `XML_PARSE_HUGE`, let
/// an entity expansion or a 1.5 GB text node take the machine. The format read here is only rows of attributes.
final class XMLRowReader {
    /// The longest row kept: every attribute of a row (and so any one attribute) fits in it. The largest post of
    /// the network's dumps is under 1 MB.
    static let maximumRowBytes = 4 << 20
    /// The most attributes a row may have: a post has about twenty.
    static let maximumAttributes = 100
    /// The longest `DOCTYPE` read (to see whether it declares entities); a dump has none.
    static let maximumDoctypeBytes = 64 << 10

    let fileName: String
    private let source: any ByteSource
    private var buffer: [UInt8]
    private var position = 0
    private var filled = 0
    private var atEnd = false
    /// The current row's bytes, from its name to its closing `>` (excluded).
    private var row: [UInt8] = []
    private var rowTooLong = false
    /// Rows met so far, the current one included (readable or not).
    private(set) var rowNumber = 0

    init(source: any ByteSource, fileName: String) {
        self.source = source
        self.fileName = fileName
        buffer = [UInt8](repeating: 0, count: 1 << 16)
        row.reserveCapacity(1 << 16)
    }

    /// The size of the current row, for bounding what a batch holds.
    var rowBytes: Int { row.count }

    /// Moves to the next `row` element; false at the end of the file. Throws when the source fails (a truncated
    /// archive), the file ends inside markup, or its `DOCTYPE` declares entities.
    func next() throws(DumpImportError) -> Bool {
        while true {
            guard try skip(to: UInt8(ascii: "<")) else { return false }
            position += 1
            guard try available(1) else { throw truncated() }
            switch buffer[position] {
            case UInt8(ascii: "?"): try skip(past: Array("?>".utf8))
            case UInt8(ascii: "/"): try skipTag()
            case UInt8(ascii: "!"): try skipDeclaration()
            default:
                guard try startsRow() else {
                    try skipTag()
                    continue
                }
                rowNumber += 1
                try readRow()
                return true
            }
        }
    }

    /// The current row's attributes, those named in `wanted` only (the others are not made into strings), or why the
    /// row cannot be read.
    func attributes(_ wanted: Set<String>) -> Result<[String: String], XMLRowProblem> {
        if rowTooLong { return .failure(.tooLong) }
        return XMLRowAttributes.parse(row, wanted: wanted)
    }

    // MARK: - Reading

    /// True when `count` bytes are buffered from `position` on, reading more as needed.
    private func available(_ count: Int) throws(DumpImportError) -> Bool {
        while filled - position < count {
            if atEnd { return false }
            if position > 0 {
                let kept = filled - position
                buffer.withUnsafeMutableBytes { bytes in
                    guard let base = bytes.baseAddress else { return }
                    memmove(base, base + position, kept)
                }
                filled = kept
                position = 0
            }
            let got = buffer.withUnsafeMutableBytes { bytes in
                source.read(bytes.baseAddress! + filled, count: bytes.count - filled)
            }
            if got < 0 { throw DumpImportError(source.failure ?? "\(fileName): cannot be read") }
            if got == 0 { atEnd = true } else { filled += got }
        }
        return true
    }

    /// Moves to the next `byte` (left at `position`), keeping nothing before it; false at the end.
    private func skip(to byte: UInt8) throws(DumpImportError) -> Bool {
        while true {
            guard try available(1) else { return false }
            if let found = find(byte) {
                position = found
                return true
            }
            position = filled
        }
    }

    /// The index of the first `byte` buffered from `position` on.
    private func find(_ byte: UInt8) -> Int? {
        buffer.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, let found = memchr(base + position, Int32(byte), filled - position) else { return nil }
            return UnsafeRawPointer(found) - base
        }
    }

    /// Moves past the next `terminator`; throws when the file ends first.
    private func skip(past terminator: [UInt8]) throws(DumpImportError) {
        while true {
            guard try skip(to: terminator[0]), try available(terminator.count) else { throw truncated() }
            if buffer[position..<position + terminator.count].elementsEqual(terminator) {
                position += terminator.count
                return
            }
            position += 1
        }
    }

    /// Moves past the `>` that ends the tag at `position`, stepping over quoted values.
    private func skipTag() throws(DumpImportError) {
        try scanTag(keeping: false)
    }

    /// `<!-- … -->`, `<![CDATA[ … ]]>` or a `DOCTYPE`; the one that declares entities is refused.
    private func skipDeclaration() throws(DumpImportError) {
        guard try available(8) else { throw truncated() }
        let head = buffer[position..<position + 8]
        if head.starts(with: Array("!--".utf8)) { return try skip(past: Array("-->".utf8)) }
        if head.starts(with: Array("![CDATA[".utf8)) { return try skip(past: Array("]]>".utf8)) }
        var declaration: [UInt8] = []
        var depth = 0
        while true {
            guard try available(1) else { throw truncated() }
            let byte = buffer[position]
            position += 1
            declaration.append(byte)
            guard declaration.count <= Self.maximumDoctypeBytes else {
                throw DumpImportError("\(fileName): a DOCTYPE of more than \(Self.maximumDoctypeBytes / 1024) KB: not a Stack Exchange data dump")
            }
            if byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "]") { depth -= 1 }
            if byte == UInt8(ascii: ">"), depth <= 0 { break }
        }
        if declaration.firstRange(of: Array("<!ENTITY".utf8)) != nil {
            throw DumpImportError("\(fileName): declares entities in its DOCTYPE, which a Stack Exchange data dump never does: refused")
        }
    }

    /// True when the element at `position` is a `row` (its name followed by a space, `/` or `>`); moves past the name.
    private func startsRow() throws(DumpImportError) -> Bool {
        guard try available(4) else { throw truncated() }
        guard buffer[position..<position + 3].elementsEqual("row".utf8) else { return false }
        switch buffer[position + 3] {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">"):
            position += 3
            return true
        default: return false
        }
    }

    /// Keeps the row's bytes up to its closing `>` (at most `maximumRowBytes`; past that it is only skipped).
    private func readRow() throws(DumpImportError) {
        row.removeAll(keepingCapacity: row.capacity <= 1 << 20)
        rowTooLong = false
        try scanTag(keeping: true)
    }

    /// Moves past the tag's closing `>`, outside quotes; with `keeping`, appends what it steps over to `row`.
    private func scanTag(keeping: Bool) throws(DumpImportError) {
        var quote: UInt8 = 0
        while true {
            guard try available(1) else { throw truncated() }
            var end = position
            var closed = false
            if quote != 0 {
                if let found = find(quote) {
                    end = found + 1
                    quote = 0
                } else {
                    end = filled
                }
            } else {
                while end < filled {
                    let byte = buffer[end]
                    if byte == UInt8(ascii: ">") {
                        closed = true
                        break
                    }
                    end += 1
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                        break
                    }
                }
            }
            if keeping { keep(position..<end) }
            position = closed ? end + 1 : end
            if closed { return }
        }
    }

    private func keep(_ range: Range<Int>) {
        guard !rowTooLong else { return }
        guard row.count + range.count <= Self.maximumRowBytes else {
            rowTooLong = true
            row.removeAll()
            return
        }
        row.append(contentsOf: buffer[range])
    }

    private func truncated() -> DumpImportError {
        DumpImportError(source.failure ?? "\(fileName): ends inside its markup after \(rowNumber) rows (a truncated file)")
    }
}
