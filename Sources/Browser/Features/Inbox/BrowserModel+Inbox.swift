import Foundation
import StackExchange

/// The inbox's way through the model: its screen (`Screen.inbox`, with `InboxState` its content) does the work; the model closes the question
/// before the inbox shows and tells the screen the list's site, which its requests are asked on.
extension BrowserModel {
    /// `i`: the inbox screen, over the list (an open question closes first).
    mutating func openInbox() -> [BrowserEffect] {
        guard withScreen(\.inbox, { $0.mayOpen(in: &$1) }) else { return [] }
        let effects = closeDetail()
        let site = state.list.query.site
        state.stack.push(.inbox)
        return effects + withScreen(\.inbox) { $0.open(site: site, in: &$1) }
    }
}
