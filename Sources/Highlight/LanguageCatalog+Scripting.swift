// The scripting languages: Python, Ruby, PHP, shell, and SQL.
extension LanguageCatalog {
    static let python = LanguageDefinition(
        name: "python", aliases: ["py", "python", "python3", "py3", "python2", "gyp", "pyw"],
        tags: [
            "python", "python-3.x", "python-2.7", "python-3.6", "python-3.7", "python-3.8", "python-3.9", "python-3.10",
            "python-3.11", "python-3.12", "django", "pandas", "numpy", "flask", "matplotlib", "tkinter", "fastapi",
            "dataframe", "pytorch", "scikit-learn", "tensorflow", "selenium-webdriver",
        ],
        keywords: [
            "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else", "except",
            "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass",
            "raise", "return", "try", "while", "with", "yield", "match", "case", "self",
        ],
        types: ["int", "float", "str", "bytes", "bool", "list", "dict", "set", "tuple", "object", "complex", "frozenset", "type"],
        builtins: [
            "print", "len", "range", "open", "input", "enumerate", "zip", "map", "filter", "sorted", "reversed", "sum",
            "min", "max", "abs", "isinstance", "hasattr", "getattr", "setattr", "super", "iter", "next", "repr", "round",
        ],
        constants: ["True", "False", "None", "NotImplemented", "Ellipsis"],
        lineComments: ["#"],
        strings: [
            .init(open: "\"\"\"", close: "\"\"\"", multiline: true), .init(open: "'''", close: "'''", multiline: true),
            quoted, character,
        ],
        stringPrefixes: ["r", "b", "u", "f", "rb", "br", "fr", "rf", "R", "B", "U", "F", "Rb", "bR", "RB", "BR", "Fr", "fR", "FR", "rF", "Rf", "RF"],
        attributeMarker: UInt8(ascii: "@"), functionIntroducers: ["def"], capitalisedTypes: true
    )

    static let ruby = LanguageDefinition(
        name: "ruby", aliases: ["rb", "ruby", "gemspec", "rake"], tags: ["ruby", "ruby-on-rails", "rails", "rspec", "activerecord", "ruby-on-rails-7"],
        keywords: [
            "alias", "and", "begin", "break", "case", "class", "def", "defined?", "do", "else", "elsif", "end", "ensure",
            "for", "if", "in", "module", "next", "not", "or", "redo", "rescue", "retry", "return", "self", "super",
            "then", "undef", "unless", "until", "when", "while", "yield", "require", "require_relative", "attr_accessor",
            "attr_reader", "attr_writer", "include", "extend", "private", "protected", "public", "lambda", "proc",
        ],
        builtins: ["puts", "print", "p", "pp", "raise", "loop", "format", "sprintf", "gets"],
        constants: ["true", "false", "nil", "__FILE__", "__LINE__"],
        lineComments: ["#"], blockComments: [.init(open: "=begin", close: "=end", atLineStart: true)],
        strings: [.init(open: "\"", close: "\"", multiline: true, interpolation: "#{"), .init(open: "'", close: "'", multiline: true)],
        heredoc: .init(introducer: "<<"), attributeMarker: UInt8(ascii: ":"), variableMarker: UInt8(ascii: "@"),
        extraNameBytes: [UInt8(ascii: "?"), UInt8(ascii: "!")], functionIntroducers: ["def"], capitalisedTypes: true
    )

    static let php = LanguageDefinition(
        name: "php", aliases: ["php", "php5", "php7", "php8"], tags: ["php", "laravel", "wordpress", "symfony", "codeigniter", "php-8", "eloquent"],
        keywords: [
            "abstract", "and", "as", "break", "case", "catch", "class", "clone", "const", "continue", "declare", "default",
            "do", "echo", "else", "elseif", "enum", "extends", "final", "finally", "fn", "for", "foreach", "function",
            "global", "if", "implements", "include", "include_once", "instanceof", "interface", "match", "namespace",
            "new", "or", "print", "private", "protected", "public", "readonly", "require", "require_once", "return",
            "static", "switch", "throw", "trait", "try", "use", "var", "while", "yield", "isset", "unset", "empty", "list",
        ],
        types: ["int", "float", "string", "bool", "array", "object", "mixed", "void", "callable", "iterable", "self", "parent"],
        builtins: [
            "count", "strlen", "str_replace", "explode", "implode", "array_map", "array_filter", "array_merge", "in_array",
            "json_encode", "json_decode", "var_dump", "print_r", "sprintf", "printf", "die", "exit",
        ],
        constants: ["true", "false", "null", "TRUE", "FALSE", "NULL"],
        lineComments: ["//", "#"], blockComments: cComments,
        strings: [.init(open: "\"", close: "\"", multiline: true), .init(open: "'", close: "'", multiline: true)],
        heredoc: .init(introducer: "<<<"), variableMarker: UInt8(ascii: "$"), functionIntroducers: ["function"],
        capitalisedTypes: true, fixedTokens: ["<?php": .preprocessor, "<?=": .preprocessor, "?>": .preprocessor]
    )

    static let shell = LanguageDefinition(
        name: "shell", aliases: ["sh", "bash", "shell", "zsh", "ksh", "console", "shell-session", "bat"],
        tags: ["bash", "shell", "sh", "zsh", "shell-script"],
        keywords: [
            "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do", "done", "in",
            "function", "time", "return", "break", "continue", "local", "export", "readonly", "declare", "typeset", "shift",
        ],
        builtins: [
            "echo", "printf", "read", "cd", "pwd", "source", "eval", "exec", "exit", "set", "unset", "test", "trap",
            "alias", "grep", "sed", "awk", "cat", "ls", "mkdir", "rm", "cp", "mv", "find", "xargs", "curl", "sudo", "chmod",
        ],
        constants: ["true", "false"],
        lineComments: ["#"], lineCommentNeedsSpace: true,
        strings: [.init(open: "\"", close: "\"", multiline: true, interpolation: "$("), .init(open: "'", close: "'", escapes: false, multiline: true)],
        heredoc: .init(introducer: "<<", allowsSpace: true, allowsLowercase: true), variableMarker: UInt8(ascii: "$"),
        extraNameBytes: [UInt8(ascii: "-")]
    )

    static let sql = LanguageDefinition(
        name: "sql", aliases: ["sql", "mysql", "pgsql", "postgresql", "plsql", "tsql", "sqlite"],
        tags: ["sql", "mysql", "postgresql", "sql-server", "sqlite", "oracle", "tsql", "plsql", "mariadb", "t-sql", "sql-server-2016"],
        keywords: [
            "add", "all", "alter", "and", "any", "as", "asc", "begin", "between", "by", "case", "check", "column",
            "commit", "constraint", "create", "cross", "database", "default", "delete", "desc", "distinct", "drop",
            "else", "end", "exists", "foreign", "from", "full", "group", "having", "if", "in", "index", "inner",
            "insert", "into", "is", "join", "key", "left", "like", "limit", "not", "offset", "on", "or", "order",
            "outer", "over", "partition", "primary", "references", "right", "rollback", "select", "set", "table",
            "then", "top", "transaction", "union", "unique", "update", "values", "view", "when", "where", "with",
            "returning", "procedure", "function", "declare", "cascade", "temporary", "replace", "using", "natural",
        ],
        types: [
            "int", "integer", "bigint", "smallint", "tinyint", "decimal", "numeric", "float", "real", "double", "char",
            "varchar", "nvarchar", "text", "date", "datetime", "timestamp", "time", "boolean", "bool", "blob", "serial",
            "uuid", "json", "jsonb",
        ],
        builtins: ["count", "sum", "avg", "min", "max", "coalesce", "concat", "substring", "lower", "upper", "now", "cast", "row_number", "isnull"],
        constants: ["null", "true", "false"],
        caseInsensitive: true,
        lineComments: ["--"], blockComments: cComments,
        strings: [
            .init(open: "'", close: "'", escapes: false, multiline: true, doubledClose: true),
            .init(open: "\"", close: "\"", escapes: false, doubledClose: true), .init(open: "`", close: "`", escapes: false),
        ]
    )
}
