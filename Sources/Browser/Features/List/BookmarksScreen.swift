/// The bookmarks list: shown in place of the question list, which waits untouched underneath.
///
/// The rows come from the store, of every site, newest first; each row keeps its site (`ListRow.site`), so the
/// same question id on two sites is two rows and Enter opens the detail on the right one.
public struct BookmarksScreen: Equatable, Sendable {
    /// The question list as it was when `B` was pressed; it comes back on leaving.
    public var savedList: ListState

    public init(savedList: ListState) {
        self.savedList = savedList
    }
}
