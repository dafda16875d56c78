/// A language's reserved words, types, built-ins and constants, looked up by the bytes of a name.
///
/// Names of up to eight bytes (nearly all of them) are packed into one `UInt64` and found in a dictionary of
/// integers, so the lexer never builds a `String` for a name; longer names fall back to a `String` key.
struct WordTable: Sendable {
    /// What a listed word is, and what it makes of the name after it.
    struct Entry: Sendable {
        var role: HighlightRole
        /// `def`, `fn`, `func`: the next name is a function being defined.
        var introducesFunction = false
        /// `class`, `struct`: the next name is a type being declared.
        var introducesType = false
    }

    private var short: [UInt64: Entry] = [:]
    private var long: [String: Entry] = [:]
    /// The length of the longest word kept in `long`: longer names are looked up in nothing.
    private var longestWord = 0
    /// True when names are folded to lowercase before the look-up (SQL).
    let foldsCase: Bool

    init(_ definition: LanguageDefinition) {
        foldsCase = definition.caseInsensitive
        // Later groups do not override earlier ones: a keyword that is also listed as a built-in stays a keyword.
        let groups: [([String], HighlightRole)] = [
            (definition.keywords, .keyword), (definition.constants, .number), (definition.types, .type),
            (definition.builtins, .function),
        ]
        let functionIntroducers = Set(definition.functionIntroducers)
        let typeIntroducers = Set(definition.typeIntroducers)
        for (words, role) in groups {
            for word in words {
                let folded = foldsCase ? word.lowercased() : word
                var entry = Entry(role: role)
                if role == .keyword {
                    entry.introducesFunction = functionIntroducers.contains(word)
                    entry.introducesType = typeIntroducers.contains(word)
                }
                if let key = Self.pack(Array(folded.utf8)[...]) {
                    if short[key] == nil { short[key] = entry }
                } else if long[folded] == nil {
                    long[folded] = entry
                    longestWord = max(longestWord, folded.utf8.count)
                }
            }
        }
    }

    /// The entry of the name in `bytes`, or nil when it is no listed word.
    func entry(of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Entry? {
        if range.count <= 8 {
            var key: UInt64 = 0
            var shift: UInt64 = 0
            for index in range {
                var byte = bytes[index]
                if foldsCase, byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
                key |= UInt64(byte) << shift
                shift += 8
            }
            return short[key]
        }
        guard range.count <= longestWord else { return nil }
        var word = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        if foldsCase { word = word.lowercased() }
        return long[word]
    }

    /// The bytes (at most eight, none zero) as one integer, first byte lowest.
    private static func pack(_ bytes: ArraySlice<UInt8>) -> UInt64? {
        guard bytes.count <= 8 else { return nil }
        var key: UInt64 = 0
        for (offset, byte) in bytes.enumerated() { key |= UInt64(byte) << (8 * UInt64(offset)) }
        return key
    }
}
