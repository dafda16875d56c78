/// What a piece of code is, for a theme to colour: the roles a highlighted span can have.
public enum HighlightRole: UInt8, CaseIterable, Hashable, Sendable {
    /// Identifiers and anything no other role claims.
    case plain
    /// Reserved words: `def`, `return`, `SELECT`, a markup tag's name.
    case keyword
    /// Type names: built-in ones (`int`, `String`) and capitalised names where a language writes types so.
    case type
    /// String and character literals, heredocs and template literals (their `${…}` parts excepted).
    case string
    /// Numbers, and the constants `true`, `false`, `null`, `None` and the like.
    case number
    /// Line and block comments.
    case comment
    /// A name being called or defined, and built-in functions (`print`, `len`).
    case function
    /// Brackets, separators and operators.
    case punctuation
    /// Preprocessor lines (`#include`), attributes and decorators (`@Override`, `#[derive]`), `<?php`.
    case preprocessor
}
