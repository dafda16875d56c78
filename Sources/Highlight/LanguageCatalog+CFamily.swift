// The languages whose comments are `//` and `/* */`: C, C++, C#, Java, Kotlin, JavaScript, TypeScript, Go,
// Rust and Swift.
extension LanguageCatalog {
    static let cComments: [LanguageDefinition.BlockComment] = [.init(open: "/*", close: "*/")]
    static let quoted = LanguageDefinition.StringForm(open: "\"", close: "\"")
    static let character = LanguageDefinition.StringForm(open: "'", close: "'")
    static let tripleQuoted = LanguageDefinition.StringForm(open: "\"\"\"", close: "\"\"\"", multiline: true)

    static let cKeywords = [
        "auto", "break", "case", "const", "continue", "default", "do", "else", "enum", "extern", "for", "goto", "if",
        "inline", "register", "restrict", "return", "sizeof", "static", "struct", "switch", "typedef", "union",
        "volatile", "while", "_Alignas", "_Alignof", "_Atomic", "_Generic", "_Noreturn", "_Static_assert", "_Thread_local",
    ]
    static let cTypes = [
        "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "bool", "_Bool", "size_t",
        "ssize_t", "ptrdiff_t", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t",
        "uint64_t", "FILE", "wchar_t",
    ]
    static let cBuiltins = [
        "printf", "scanf", "malloc", "calloc", "realloc", "free", "memcpy", "memset", "strlen", "strcpy", "strcmp",
        "fopen", "fclose", "fprintf", "sprintf", "snprintf", "puts", "getchar", "exit",
    ]

    static let c = LanguageDefinition(
        name: "c", aliases: ["h"], tags: ["c", "c99", "c11", "gcc"],
        keywords: cKeywords, types: cTypes, builtins: cBuiltins, constants: ["NULL", "true", "false", "EOF", "stdin", "stdout", "stderr"],
        lineComments: ["//"], blockComments: cComments, numbers: .init(radixLetters: "xXbB", separator: nil),
        strings: [quoted, character], stringPrefixes: ["L", "u", "U", "u8"],
        hashDirective: .line
    )

    static let cpp = LanguageDefinition(
        name: "c++", aliases: ["cpp", "cc", "cxx", "hpp", "c++"], tags: ["c++", "c++11", "c++14", "c++17", "c++20", "stl"],
        keywords: cKeywords + [
            "alignas", "alignof", "and", "catch", "class", "concept", "constexpr", "consteval", "constinit", "const_cast",
            "co_await", "co_return", "co_yield", "decltype", "delete", "dynamic_cast", "explicit", "export", "final",
            "friend", "mutable", "namespace", "new", "noexcept", "not", "operator", "or", "override", "private",
            "protected", "public", "reinterpret_cast", "requires", "static_assert", "static_cast", "template", "this",
            "throw", "try", "typeid", "typename", "using", "virtual",
        ],
        types: cTypes + ["string", "vector", "map", "set", "unordered_map", "unique_ptr", "shared_ptr", "auto", "char8_t",
                         "char16_t", "char32_t", "std"],
        builtins: cBuiltins + ["cout", "cin", "cerr", "endl", "make_unique", "make_shared", "move", "forward"],
        constants: ["nullptr", "true", "false", "NULL"],
        lineComments: ["//"], blockComments: cComments, numbers: .init(radixLetters: "xXbB", separator: UInt8(ascii: "'")),
        strings: [quoted, character], stringPrefixes: ["L", "u", "U", "u8"],
        rawStrings: [.cpp], hashDirective: .line, capitalisedTypes: true
    )

    static let csharp = LanguageDefinition(
        name: "c#", aliases: ["cs", "csharp", "c#"], tags: ["c#", ".net", "asp.net", "asp.net-core", "linq", "unity3d", "wpf"],
        keywords: [
            "abstract", "as", "async", "await", "base", "break", "case", "catch", "checked", "class", "const", "continue",
            "default", "delegate", "do", "else", "enum", "event", "explicit", "extern", "finally", "fixed", "for",
            "foreach", "get", "goto", "if", "implicit", "in", "init", "interface", "internal", "is", "lock", "namespace",
            "new", "operator", "out", "override", "params", "partial", "private", "protected", "public", "readonly",
            "record", "ref", "return", "sealed", "set", "sizeof", "stackalloc", "static", "struct", "switch", "this",
            "throw", "try", "typeof", "unchecked", "unsafe", "using", "var", "virtual", "volatile", "when", "where",
            "while", "yield",
        ],
        types: ["bool", "byte", "char", "decimal", "double", "dynamic", "float", "int", "long", "object", "sbyte", "short",
                "string", "uint", "ulong", "ushort", "void", "nint", "nuint"],
        constants: ["true", "false", "null"],
        lineComments: ["//"], blockComments: cComments,
        strings: [
            .init(open: "\"\"\"", close: "\"\"\"", escapes: false, multiline: true), quoted, character,
        ],
        stringPrefixes: ["@", "$", "$@", "@$"], hashDirective: .line, functionIntroducers: [], capitalisedTypes: true
    )

    static let javaKeywords = [
        "abstract", "assert", "break", "case", "catch", "class", "const", "continue", "default", "do", "else", "enum",
        "extends", "final", "finally", "for", "goto", "if", "implements", "import", "instanceof", "interface", "native",
        "new", "package", "private", "protected", "public", "record", "return", "sealed", "static", "strictfp", "super",
        "switch", "synchronized", "this", "throw", "throws", "transient", "try", "var", "volatile", "while", "yield",
        "permits",
    ]

    static let java = LanguageDefinition(
        name: "java", aliases: ["java"], tags: ["java", "java-8", "spring", "spring-boot", "jpa", "hibernate", "maven"],
        keywords: javaKeywords,
        types: ["boolean", "byte", "char", "double", "float", "int", "long", "short", "void", "String", "Object", "Integer"],
        builtins: ["println", "printf"],
        constants: ["true", "false", "null"],
        lineComments: ["//"], blockComments: cComments, strings: [tripleQuoted, quoted, character],
        attributeMarker: UInt8(ascii: "@"), capitalisedTypes: true
    )

    static let kotlin = LanguageDefinition(
        name: "kotlin", aliases: ["kt", "kts", "kotlin"], tags: ["kotlin", "kotlin-coroutines", "jetpack-compose"],
        keywords: [
            "as", "break", "by", "catch", "class", "companion", "const", "constructor", "continue", "data", "do", "else",
            "enum", "finally", "for", "fun", "if", "import", "in", "init", "interface", "internal", "is", "lateinit",
            "object", "open", "override", "package", "private", "protected", "public", "return", "sealed", "super",
            "suspend", "this", "throw", "try", "typealias", "val", "var", "when", "where", "while", "inline", "reified",
            "abstract", "annotation", "vararg",
        ],
        types: ["Int", "Long", "Short", "Byte", "Double", "Float", "Boolean", "Char", "String", "Unit", "Any", "Nothing"],
        builtins: ["println", "print", "listOf", "mapOf", "setOf", "mutableListOf", "mutableMapOf", "arrayOf", "require", "check"],
        constants: ["true", "false", "null"],
        lineComments: ["//"], blockComments: [.init(open: "/*", close: "*/", nests: true)],
        strings: [
            .init(open: "\"\"\"", close: "\"\"\"", escapes: false, multiline: true, interpolation: "${"),
            .init(open: "\"", close: "\"", interpolation: "${"), character,
        ],
        attributeMarker: UInt8(ascii: "@"), functionIntroducers: ["fun"], capitalisedTypes: true
    )

    static let javascriptKeywords = [
        "async", "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
        "else", "export", "extends", "finally", "for", "from", "function", "get", "if", "import", "in", "instanceof",
        "let", "new", "of", "return", "set", "static", "super", "switch", "this", "throw", "try", "typeof", "var",
        "void", "while", "with", "yield",
    ]
    static let javascriptBuiltins = [
        "console", "require", "parseInt", "parseFloat", "setTimeout", "setInterval", "clearTimeout", "fetch",
        "document", "window", "JSON", "Math", "Object", "Array", "Promise",
    ]
    static let templateLiteral = LanguageDefinition.StringForm(open: "`", close: "`", multiline: true, interpolation: "${")

    static let javascript = LanguageDefinition(
        name: "javascript", aliases: ["js", "javascript", "jsx", "mjs", "node", "ecmascript"],
        tags: ["javascript", "node.js", "reactjs", "jquery", "vue.js", "express", "ecmascript-6", "react-native", "next.js"],
        keywords: javascriptKeywords, builtins: javascriptBuiltins,
        constants: ["true", "false", "null", "undefined", "NaN", "Infinity"],
        lineComments: ["//"], blockComments: cComments,
        strings: [templateLiteral, quoted, character], extraNameBytes: [UInt8(ascii: "$")],
        functionIntroducers: ["function"], capitalisedTypes: true
    )

    static let typescript = LanguageDefinition(
        name: "typescript", aliases: ["ts", "tsx", "typescript"], tags: ["typescript", "angular", "angular-material", "rxjs", "nestjs"],
        keywords: javascriptKeywords + [
            "abstract", "as", "declare", "enum", "implements", "interface", "is", "keyof", "module", "namespace",
            "private", "protected", "public", "readonly", "type", "satisfies", "infer",
        ],
        types: ["any", "boolean", "number", "string", "symbol", "unknown", "never", "object", "bigint"],
        builtins: javascriptBuiltins,
        constants: ["true", "false", "null", "undefined", "NaN", "Infinity"],
        lineComments: ["//"], blockComments: cComments,
        strings: [templateLiteral, quoted, character], attributeMarker: UInt8(ascii: "@"), extraNameBytes: [UInt8(ascii: "$")],
        functionIntroducers: ["function"], capitalisedTypes: true
    )

    static let go = LanguageDefinition(
        name: "go", aliases: ["go", "golang"], tags: ["go", "goroutine", "go-gin", "go-gorm"],
        keywords: [
            "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func", "go",
            "goto", "if", "import", "interface", "map", "package", "range", "return", "select", "struct", "switch",
            "type", "var",
        ],
        types: [
            "bool", "byte", "complex64", "complex128", "error", "float32", "float64", "int", "int8", "int16", "int32",
            "int64", "rune", "string", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "any",
        ],
        builtins: ["append", "cap", "close", "copy", "delete", "len", "make", "new", "panic", "print", "println", "recover"],
        constants: ["true", "false", "nil", "iota"],
        lineComments: ["//"], blockComments: cComments,
        strings: [.init(open: "`", close: "`", escapes: false, multiline: true), quoted, character],
        functionIntroducers: ["func"]
    )

    static let rust = LanguageDefinition(
        name: "rust", aliases: ["rs", "rust"], tags: ["rust", "rust-cargo", "rust-tokio", "borrow-checker"],
        keywords: [
            "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "fn", "for",
            "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "Self",
            "static", "struct", "super", "trait", "type", "unsafe", "use", "where", "while",
        ],
        types: [
            "bool", "char", "str", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128",
            "isize", "f32", "f64", "String", "Vec", "Option", "Result", "Box",
        ],
        builtins: ["println", "print", "eprintln", "format", "vec", "panic", "assert", "assert_eq", "Some", "Ok", "Err"],
        constants: ["true", "false", "None"],
        lineComments: ["//"], blockComments: [.init(open: "/*", close: "*/", nests: true)],
        strings: [.init(open: "\"", close: "\"", multiline: true), character], stringPrefixes: ["b"],
        rawStrings: [.rust], hashDirective: .attribute, functionIntroducers: ["fn"], capitalisedTypes: true, lifetimes: true
    )

    static let swift = LanguageDefinition(
        name: "swift", aliases: ["swift"], tags: ["swift", "swiftui", "swift3", "swift4", "swift5", "swift-concurrency"],
        keywords: [
            "actor", "associatedtype", "async", "await", "break", "case", "catch", "class", "continue", "default", "defer",
            "deinit", "do", "else", "enum", "extension", "fallthrough", "fileprivate", "for", "func", "guard", "if",
            "import", "in", "init", "inout", "internal", "is", "let", "open", "operator", "private", "protocol", "public",
            "repeat", "rethrows", "return", "self", "Self", "some", "any", "static", "struct", "subscript", "super",
            "switch", "throw", "throws", "try", "typealias", "var", "where", "while", "mutating", "nonmutating",
            "override", "final", "lazy", "weak", "unowned", "convenience", "required", "get", "set", "willSet", "didSet",
        ],
        types: ["Int", "Double", "Float", "Bool", "String", "Character", "Array", "Dictionary", "Set", "Optional", "Void", "Any"],
        builtins: ["print", "debugPrint", "fatalError", "precondition", "assert", "min", "max", "zip", "stride"],
        constants: ["true", "false", "nil"],
        lineComments: ["//"], blockComments: [.init(open: "/*", close: "*/", nests: true)],
        strings: [
            .init(open: "\"\"\"", close: "\"\"\"", multiline: true, interpolation: "\\("),
            .init(open: "\"", close: "\"", interpolation: "\\("),
        ],
        rawStrings: [.swift], hashDirective: .word, attributeMarker: UInt8(ascii: "@"), functionIntroducers: ["func"],
        capitalisedTypes: true
    )
}
