/// One language as data: its words, comment, string and number forms, and the few switches the lexer reads.
///
/// Every language runs through the same `Lexer`; nothing here is code. The forms are tried longest first
/// where they share a start (`"""` before `"`), so their order in the lists does not matter.
struct LanguageDefinition: Sendable {
    /// How the lexer reads the text: as code, or as markup (`<tag attr="…">`).
    enum Mode: Sendable { case code, markup }

    /// A comment between two markers, such as `/* … */`; `nests` for Swift's and Rust's nested comments.
    struct BlockComment: Sendable {
        var open: String
        var close: String
        var nests = false
        /// True when the comment may only open at the start of a line (Ruby's `=begin`).
        var atLineStart = false
    }

    /// A string literal form.
    struct StringForm: Sendable {
        var open: String
        var close: String
        /// True when a backslash escapes the next byte.
        var escapes = true
        /// True when the string may run over lines; a single-line form that meets a line's end stops there.
        var multiline = false
        /// True when the close doubled (`''` in SQL, `""` in C#'s `@"…"`) stands for itself.
        var doubledClose = false
        /// The marker that opens code inside the string (`${`, `\(`, `#{`); it closes at the matching bracket.
        var interpolation: String? = nil
    }

    /// A heredoc: `<<EOF` (shell), `<<~EOS` (Ruby), `<<<EOT` (PHP), its body running to the line holding its tag.
    struct Heredoc: Sendable {
        var introducer: String
        /// True when spaces may stand between the introducer and the tag (`cat << EOF`).
        var allowsSpace = false
        /// True when the tag may start with a lowercase letter; otherwise `a << b` stays an operator.
        var allowsLowercase = false
    }

    /// The raw string forms that need more than an open and a close marker.
    enum RawString: Sendable, Hashable {
        /// Rust: `r"…"`, `r#"…"#`, `br#"…"#`.
        case rust
        /// Swift: `#"…"#`, `##"""…"""##`.
        case swift
        /// C++: `R"tag(…)tag"`.
        case cpp
    }

    /// How a language writes numbers: `0x1F`, `1_000` or `1'000`, `2.5e-3`, a suffix (`10L`, `2.0f`, `10px`).
    struct NumberForm: Sendable {
        /// The letters after a leading `0` that switch the radix (`x`, `b`, `o`).
        var radixLetters = "xXbBoO"
        /// The byte that may separate digits (`_` in most languages, `'` in C++), or nil.
        var separator: UInt8? = UInt8(ascii: "_")
        /// True when letters may follow the digits as a suffix or unit.
        var allowsSuffix = true

        static let standard = NumberForm()
    }

    /// What a `#` that is no comment starts.
    enum HashDirective: Sendable {
        case none
        /// C and C#: `#include …` to the end of the line, when `#` is the line's first non-blank byte.
        case line
        /// Swift: `#if`, `#available` (the word only).
        case word
        /// Rust: `#[derive(Debug)]`, `#![allow(…)]` to the closing bracket.
        case attribute
    }

    var name: String
    /// The names a `lang-…` class or the `Language(alias:)` look-up accepts, besides `name`.
    var aliases: [String] = []
    /// The question tags that name this language (`python-3.x`, `node.js`).
    var tags: [String] = []
    var mode: Mode = .code
    var keywords: [String] = []
    var types: [String] = []
    /// Built-in functions, shown as functions.
    var builtins: [String] = []
    /// Constants shown as numbers: `true`, `nil`, `None`.
    var constants: [String] = []
    /// True for SQL: `select` is `SELECT`.
    var caseInsensitive = false
    var lineComments: [String] = []
    /// True when a line comment needs a blank or the line's start before it (shell's and YAML's `#`).
    var lineCommentNeedsSpace = false
    var blockComments: [BlockComment] = []
    var numbers = NumberForm.standard
    var strings: [StringForm] = []
    /// True when a quote right after a name byte is part of the text, not a string's start (YAML's `it's`).
    var quotesNeedSeparator = false
    /// One-letter or two-letter prefixes that may stand before a string's quote (`r`, `b`, `f`, `rb`, `$`, `@`);
    /// a prefix containing `r` (or `@`) makes the string raw (no escapes).
    var stringPrefixes: [String] = []
    var rawStrings: Set<RawString> = []
    var heredoc: Heredoc? = nil
    var hashDirective: HashDirective = .none
    /// Bytes that, before a name, make it an attribute or decorator (`@` in Java, Python, Swift, Kotlin).
    var attributeMarker: UInt8? = nil
    /// Bytes that, before a name, make it a variable (`$` in PHP and shell), shown as a type.
    var variableMarker: UInt8? = nil
    /// Bytes other than letters, digits and `_` that may be part of a name (`-` in CSS, `$` in JavaScript).
    var extraNameBytes: [UInt8] = []
    /// Words after which the next name is being defined, shown as a function (`def`, `fn`, `func`).
    var functionIntroducers: [String] = []
    /// Words after which the next name is a type being declared (`class`, `struct`, `enum`).
    var typeIntroducers: [String] = ["class", "struct", "enum", "interface", "trait", "protocol", "extension", "record", "union", "typealias", "type"]
    /// True when a name written `LikeThis` is a type (languages whose types are capitalised by custom).
    var capitalisedTypes = false
    /// True when a name followed by `:` is a key, shown as a type (YAML keys, CSS properties, JSON keys).
    var keysBeforeColon = false
    /// True for Rust: `'a` is a lifetime, not an open character literal.
    var lifetimes = false
    /// Fixed tokens with their own role, such as PHP's `<?php` and `?>`.
    var fixedTokens: [String: HighlightRole] = [:]
    /// In markup: the tags whose content is another language (`script` is JavaScript, `style` CSS).
    var embedded: [String: String] = [:]
}
