/// A language definition turned into what the lexer reads fast: byte arrays and lookup tables.
struct CompiledLanguage: Sendable {
    struct BlockComment: Sendable {
        var open: [UInt8]
        var close: [UInt8]
        var nests: Bool
        var atLineStart: Bool
    }

    struct StringForm: Sendable {
        var open: [UInt8]
        var close: [UInt8]
        var escapes: Bool
        var multiline: Bool
        var doubledClose: Bool
        var interpolation: [UInt8]?
    }

    let definition: LanguageDefinition
    let words: WordTable
    let lineComments: [[UInt8]]
    let blockComments: [BlockComment]
    /// Longest opening first, so `"""` is tried before `"`.
    let strings: [StringForm]
    let stringPrefixes: Set<[UInt8]>
    /// The bytes after a leading `0` that switch the radix, as a lookup table.
    let radixLetters: [Bool]
    /// The string prefixes that start with no name byte (`@`, `$@`), longest first.
    let symbolPrefixes: [[UInt8]]
    /// True for each byte that may continue a name.
    let nameBytes: [Bool]
    /// True for each byte that may start a comment, a string or a marker: only these take the slow path.
    let starters: [Bool]
    let heredocIntroducer: [UInt8]?
    /// Fixed tokens and their roles, longest first.
    let fixedTokens: [([UInt8], HighlightRole)]
    /// The embedded languages of markup, by tag name.
    let embedded: [[UInt8]: String]

    init(_ definition: LanguageDefinition) {
        self.definition = definition
        words = WordTable(definition)
        lineComments = definition.lineComments.map { Array($0.utf8) }
        blockComments = definition.blockComments.map {
            BlockComment(open: Array($0.open.utf8), close: Array($0.close.utf8), nests: $0.nests, atLineStart: $0.atLineStart)
        }
        strings = definition.strings.map {
            StringForm(
                open: Array($0.open.utf8), close: Array($0.close.utf8), escapes: $0.escapes, multiline: $0.multiline,
                doubledClose: $0.doubledClose, interpolation: $0.interpolation.map { Array($0.utf8) }
            )
        }.sorted { $0.open.count > $1.open.count }
        stringPrefixes = Set(definition.stringPrefixes.map { Array($0.utf8) })
        var radixLetters = [Bool](repeating: false, count: 256)
        for byte in definition.numbers.radixLetters.utf8 { radixLetters[Int(byte)] = true }
        self.radixLetters = radixLetters
        var nameBytes = [Bool](repeating: false, count: 256)
        for byte in 0..<256 {
            let isLetter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            nameBytes[byte] = isLetter || (0x30...0x39).contains(byte) || byte == 0x5F || byte >= 0x80
        }
        for byte in definition.extraNameBytes { nameBytes[Int(byte)] = true }
        self.nameBytes = nameBytes
        var starters = [Bool](repeating: false, count: 256)
        for marker in lineComments + blockComments.map(\.open) + strings.map(\.open) { starters[Int(marker[0])] = true }
        for byte in [definition.attributeMarker, definition.variableMarker].compactMap({ $0 }) { starters[Int(byte)] = true }
        if definition.hashDirective != .none || definition.rawStrings.contains(.swift) { starters[0x23] = true }
        // C#'s `@"…"` and `$"…"`: a prefix that is no name starts at its marker byte.
        for prefix in definition.stringPrefixes where !nameBytes[Int(prefix.utf8.first ?? 0x41)] {
            starters[Int(prefix.utf8.first ?? 0)] = true
        }
        symbolPrefixes = definition.stringPrefixes.map { Array($0.utf8) }.filter { !nameBytes[Int($0[0])] }
            .sorted { $0.count > $1.count }
        fixedTokens = definition.fixedTokens.map { (Array($0.key.utf8), $0.value) }.sorted { $0.0.count > $1.0.count }
        for (token, _) in fixedTokens { starters[Int(token[0])] = true }
        heredocIntroducer = definition.heredoc.map { Array($0.introducer.utf8) }
        if let heredocIntroducer { starters[Int(heredocIntroducer[0])] = true }
        if definition.lifetimes { starters[0x27] = true }
        self.starters = starters
        embedded = Dictionary(definition.embedded.map { (Array($0.key.utf8), $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    /// Every catalogued language compiled, by name.
    static let all: [String: CompiledLanguage] = Dictionary(
        LanguageCatalog.definitions.map { ($0.name, CompiledLanguage($0)) }, uniquingKeysWith: { a, _ in a }
    )
    static let plain = CompiledLanguage(LanguageCatalog.plainDefinition)
}
