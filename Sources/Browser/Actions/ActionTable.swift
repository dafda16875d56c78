/// The one list of what each key does, with the help text shown for it.
///
/// The keymap is built from this table and the help overlay lists it row by row, so the help
/// always says what the program does.
public enum ActionTable {
    /// One row: the keys that trigger `action`, and what the help overlay says about it.
    public typealias Entry = (keys: [Key], action: Action, help: String)

    public static let entries: [Entry] = [
        ([.up, .character("k")], .moveUp, "move up"),
        ([.down, .character("j")], .moveDown, "move down"),
        ([.pageUp], .pageUp, "page up"),
        ([.pageDown], .pageDown, "page down (loads more at the end)"),
        ([.home, .character("g")], .first, "first"),
        ([.end, .character("G")], .last, "last"),
        ([.enter, .right, .character("l")], .open, "open the question"),
        ([.left, .character("h"), .backspace], .back, "back"),
        ([.escape], .escape, "cancel the load in flight, else back"),
        ([.character("n")], .nextPage, "next page"),
        ([.character("r")], .reload, "reload"),
        ([.character("s")], .cycleSort, "cycle the sort"),
        ([.character("t")], .filterTag, "filter by tag"),
        ([.character("/")], .search, "search"),
        ([.character("o")], .openInBrowser, "open in a web browser"),
        ([.character("m")], .toggleRead, "mark read or unread"),
        ([.character("b")], .bookmark, "bookmark or un-bookmark"),
        ([.character("B")], .bookmarks, "the bookmarks list (works offline)"),
        ([.character("?")], .toggleHelp, "help"),
        ([.character("S")], .sites, "switch site"),
        ([.character("c")], .comments, "show or hide comments (detail)"),
        // `/` and `n` are search and next page in the list; the detail view turns them into these (a key maps
        // to one action, so these rows carry no keys of their own).
        ([], .find, "find in page: / in the detail view"),
        ([], .findNext, "next match: n in the detail view"),
        ([.character("N")], .findPrevious, "previous match (detail)"),
        ([.character("q")], .quit, "quit (back, from the detail view)"),
    ]
}
