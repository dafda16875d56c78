/// What a piece of text is, for the theme to colour: views tag cells with a role, the terminal looks it up.
public enum ThemeRole: String, CaseIterable, Hashable, Sendable {
    case title
    case selectedRow = "selected_row"
    case dim
    case tags
    case score
    case accepted
    case code
    case quote
    case link
    case statusBar = "status_bar"
    case error
    /// Code blocks' reserved words (and preprocessor lines, attributes, decorators).
    case codeKeyword = "code_keyword"
    case codeString = "code_string"
    case codeComment = "code_comment"
    /// Numbers and constants (`true`, `None`).
    case codeNumber = "code_number"
    case codeType = "code_type"
    /// Names being called or defined, and built-in functions.
    case codeFunction = "code_function"
    /// Your own vote and favourite on a post.
    case accent
    /// The question list's column header.
    case listHeader = "list_header"
}
