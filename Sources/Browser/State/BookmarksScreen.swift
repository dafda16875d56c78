/// The bookmarks list: shown in place of the question list, which waits untouched underneath.
///
/// The rows come from the store, of every site, newest first; each row remembers its site, so Enter opens
/// the detail on the right one.
public struct BookmarksScreen {
    /// The question list as it was when `B` was pressed; it comes back on leaving.
    public var savedList: ListState
    /// The site of each bookmarked question, by question id.
    public var sites: [Int: String]

    public init(savedList: ListState, sites: [Int: String]) {
        self.savedList = savedList
        self.sites = sites
    }
}
