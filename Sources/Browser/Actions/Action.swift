/// Everything a person can ask the browser to do; the keymap and the help overlay both come from `ActionTable`.
///
/// The case names are Swift's; the names people see (the config file's `[keys]`) are `ActionTable`'s `name`.
public enum Action: String, CaseIterable, Hashable, Sendable {
    case moveUp, moveDown
    case pageUp, pageDown
    case first, last
    case open, back
    /// Cancels the load in flight; with nothing in flight it goes back.
    case escape
    case nextPage, reload, cycleSort
    case filterTag, search
    case openInBrowser
    case toggleHelp
    /// Quits from the list; goes back from the detail view.
    case quit
    // Added with the config file (issue 11); each has its row in `ActionTable`.
    case bookmark, bookmarks, toggleRead
    case sites, comments
    case copyLink, copyCode
    case find, findNext, findPrevious
}
