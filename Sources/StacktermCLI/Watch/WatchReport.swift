import Browser
import StorePorts

/// What `watch --once` prints: one line per new item, its untrusted parts made inert with the screen's filter.
enum WatchReport {
    /// The most characters of a title printed.
    static let titleLimit = 120

    /// `[rust] new question: How do I borrow twice?  https://…` and the like, one per item.
    static func lines(_ items: [WatchedItem], defaultSite: String) -> [String] {
        items.map { item in
            let what = switch item.kind {
            case .question: "new question"
            case .answer: "new answer on"
            case .comment: "new comment on"
            }
            let site = item.site == defaultSite ? "" : item.site + " "
            let title = TerminalNotification.inert(item.title, limit: titleLimit)
            let watch = TerminalNotification.inert(item.watch, limit: 80)
            let link = TerminalNotification.inert(item.link, limit: 300)
            return "\(site)\(watch) \(what): \(title)" + (link.isEmpty ? "" : "  \(link)")
        }
    }
}
