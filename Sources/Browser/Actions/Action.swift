/// Everything a person can ask the browser to do; the keymap and the help overlay both come from `ActionTable`.
///
/// The case names are Swift's; the names people see (the config file's `[keys]`) are `ActionTable`'s `name`.
public enum Action: CaseIterable, Hashable, Sendable {
    case moveUp, moveDown
    case pageUp, pageDown
    case first, last
    case open, back
    /// Cancels the load in flight; with nothing in flight it goes back.
    case escape
    case nextPage, reload, cycleSort
    case filterTag, search
    case openInBrowser
    /// Marks the selected question read or unread.
    case toggleRead
    /// Bookmarks the selected (or open) question, or removes its bookmark.
    case bookmark
    /// Opens the bookmarks list (all sites, newest first), or leaves it.
    case bookmarks
    case toggleHelp
    /// Opens the site picker.
    case sites
    /// Shows or hides the comments (detail view).
    case comments
    /// Find in page, and the next and previous match (detail view; `/` and `n` there mean these).
    case find, findNext, findPrevious
    /// Quits from the list; goes back from the detail view.
    case quit
    // Added with the config file; each has its row in `ActionTable`.
    case copyLink, copyCode
    // Signed in: the current post is the one whose header is nearest above the top of the screen.
    case nextPost, previousPost
    case upvote, downvote, favorite
    case comment
    case inbox
    // Every status message of the run, in full.
    case messages
    // The numbered links `[1]`–`[9]` from the keyboard.
    case followLink
    // Search the local store's full-text index (what `/` does offline).
    case searchStore
    // Watch what is showing (again: stop), and the watched items screen.
    case watch, watches
    /// Scrolls the code blocks sideways (detail view), for lines wider than the screen.
    case codeRight, codeLeft
    /// Writing in the person's editor: answer the open question, ask one on the list's site, edit one's own post,
    /// the drafts kept; and on the writing screens, post what the preview showed, keep it as a draft, discard it.
    case answer, ask, edit, drafts
    case post, keepDraft, discard
    /// Shows or hides the posts' pictures for the rest of the run (detail view).
    case togglePictures
}
