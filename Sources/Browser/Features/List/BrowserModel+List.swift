import StackExchange

/// The list's way through the model: its screen (`ListScreen`) does the work; these lend it the context for the
/// model's own callers (the start, the clock, the watches' lists, a sign-out's retry).
extension BrowserModel {
    /// What `n` (or Down on the last row) says when the site has no more pages.
    static let endOfListNotice = ListScreen.endOfListNotice
    /// What a page past the 25 the API serves without a key says.
    static let pageLimitNotice = ListScreen.pageLimitNotice
    /// What `s` says on a search of the store.
    static let storeSearchSortNotice = ListScreen.storeSearchSortNotice

    /// What each action does on the list screen.
    mutating func performInList(_ action: Action) -> [BrowserEffect] {
        carryOut(withScreen(\.listScreen) { $0.perform(action, in: &$1) })
    }

    /// Sends the request for `page` of the list's query on the user lane.
    mutating func loadListPage(_ page: Int) -> [BrowserEffect] {
        withScreen(\.listScreen) { $0.loadPage(page, in: &$1) }
    }

    /// `r` on the list (`ListScreen.reloadList`).
    mutating func reloadList() -> [BrowserEffect] {
        withScreen(\.listScreen) { $0.reloadList(in: &$1) }
    }

    /// Carries out what the list's paging machine decided (for the lists the watches show in its place).
    mutating func carryOut(_ actions: [PagingMachine.Action]) -> [BrowserEffect] {
        withScreen(\.listScreen) { $0.carryOut(actions, in: &$1) }
    }

    /// The site of a list row: its own in a list of several sites, else the list's.
    func site(of row: ListRow) -> String {
        state.listScreen.site(of: row)
    }

    /// Puts a one-line error in the status bar; returns no effect, for `return say(error:)`.
    mutating func say(error: String) -> [BrowserEffect] {
        state.lastError = error
        return []
    }
}
