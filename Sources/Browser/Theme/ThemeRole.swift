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
    /// Your own vote and favourite on a post.
    case accent
}
