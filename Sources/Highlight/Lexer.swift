/// The one lexer every language runs through: it walks a code string's UTF-8 bytes once and records a role
/// for every byte, reading what each language is from its `CompiledLanguage` tables.
///
/// No package on this machine's list highlights code for Swift on Linux (there is no Splash, and no
/// tree-sitter grammars), so this is written here, by hand, as data plus one small state machine.
///
/// It never throws and never stops early: an unterminated string or comment runs to the end of the text
/// (a single-line string form to the end of its line), every loop moves forward by at least one byte, and
/// interpolations and embedded languages nest at most `maximumDepth` deep. The spans it returns cover every
/// byte, in order, without gaps, and every span boundary falls on an ASCII byte (so no character is split).
struct Lexer {
    static let maximumDepth = 16

    let bytes: UnsafeBufferPointer<UInt8>
    /// Where lexing stops: the text's end, or the end of an embedded region (a `<script>`'s body).
    var end: Int
    var position = 0
    private(set) var spans: [HighlightSpan] = []
    /// Heredoc tags waiting for their bodies, which start on the next line.
    var pendingHeredocs: [[UInt8]] = []
    /// How deep interpolations and embedded languages are nested.
    var depth = 0
    /// True while nothing but blanks stands between the line's start and `position`.
    var atLineStart = true
    /// True just after a word such as `def` or `fn`: the next name is being defined.
    var definesName = false
    /// True just after a word such as `class` or `struct`: the next name is a type being declared.
    var definesType = false
    /// `{` opened and not yet closed, for keys before colons (CSS properties sit inside braces).
    var braceDepth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        end = bytes.count
    }

    /// The spans of `bytes` in `language`, covering every byte.
    static func spans(_ bytes: UnsafeBufferPointer<UInt8>, language: CompiledLanguage) -> [HighlightSpan] {
        var lexer = Lexer(bytes: bytes)
        lexer.spans.reserveCapacity(bytes.count / 4)
        lexer.run(language)
        lexer.emit(.plain, lexer.position, bytes.count)
        return lexer.spans
    }

    mutating func run(_ language: CompiledLanguage) {
        if language.definition.mode == .markup { lexMarkup(language) } else { lexCode(language, closer: nil) }
    }

    // MARK: Spans

    /// Records `start..<stop` in `role`; a gap before it is filled as plain and an overlap trimmed, so the spans
    /// always cover the text in order. Adjacent spans of one role merge.
    mutating func emit(_ role: HighlightRole, _ start: Int, _ stop: Int) {
        let covered = spans.last?.range.upperBound ?? 0
        var start = start
        if start > covered { append(.plain, covered, start) }
        start = max(start, covered)
        guard stop > start else { return }
        append(role, start, stop)
    }

    private mutating func append(_ role: HighlightRole, _ start: Int, _ stop: Int) {
        if let last = spans.last, last.role == role, last.range.upperBound == start {
            spans[spans.count - 1].range = last.range.lowerBound..<stop
        } else {
            spans.append(HighlightSpan(range: start..<stop, role: role))
        }
    }

    // MARK: Bytes

    func matches(_ marker: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + marker.count <= end else { return false }
        for offset in 0..<marker.count where bytes[index + offset] != marker[offset] { return false }
        return true
    }

    func peek(_ index: Int) -> UInt8? { index >= 0 && index < end ? bytes[index] : nil }

    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    static func isWordByte(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) || byte == 0x5F || byte >= 0x80 }

    /// The first byte at or after `index` on the same line that is not a blank.
    func nextNonBlank(from index: Int) -> Int {
        var index = index
        while index < end, Self.isBlank(bytes[index]) { index += 1 }
        return index
    }

    /// Moves to the end of the line (before its `\n`) or of the text.
    mutating func skipToLineEnd() {
        while position < end, bytes[position] != 0x0A { position += 1 }
    }

    /// Moves past `close`, or to the end when it never comes.
    mutating func skip(past close: [UInt8]) {
        while position < end {
            if matches(close, at: position) {
                position += close.count
                return
            }
            position += 1
        }
    }
}
