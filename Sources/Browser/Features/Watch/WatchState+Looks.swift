import Foundation
import StackExchange
import StorePorts

/// The watch screen's looks: when the person last looked at each list, so the rows asked since carry a mark.
extension WatchState {
    /// After every event: notes which list the person is looking at (`shown`, nil when none shows: another screen, a
    /// watch's new items, the bookmarks, quitting), so its rows newer than their last look carry a mark.
    ///
    /// A look ends when another screen or list shows, or at quit. What it saw is the list as it was when the look began
    /// (or at its last reload): a question asked while the person sat on the list without reloading was never shown, so
    /// that time, not the look's end, is kept (in the data file too, for the next launch).
    mutating func noteListShown(_ shown: QuestionsQuery?, in context: ScreenContext) -> [BrowserEffect] {
        guard context.features.watching else { return [] }
        let key = shown.map(Self.listKey)
        guard key != shownListKey else { return [] }
        var effects: [BrowserEffect] = []
        if let old = shownListKey {
            let seen = lookStart ?? context.now
            lookedAt[old] = seen
            effects.append(.write(.watch(.look(list: old, at: seen))))
        }
        shownListKey = key
        if let key {
            newSince = lookedAt[key]
            lookStart = context.now
        }
        return effects
    }

    /// `r` on the list (not on a watch's new items): it shows what is new since this look at the list began, when
    /// there was no earlier look; the rows seen are as new as the reload from then on.
    mutating func listReloaded(in context: ScreenContext) {
        if newSince == nil { newSince = lookStart }
        if shownListKey != nil { lookStart = context.now }
    }

    /// The looks earlier runs kept (the data file's, read at start): the list showing marks what was asked since its
    /// last look, unless this run has looked at it already.
    mutating func receiveLooks(_ looks: [String: Date]) {
        lookedAt.merge(looks) { max($0, $1) }
        if let key = shownListKey, newSince == nil { newSince = lookedAt[key] }
    }

    /// Whether `row` (of `site`) of the list showing is new: something a watch found and the person has not seen, or
    /// a question asked since they last looked at this list (never in a watch's new items, which are all new).
    public func isNew(_ row: ListRow, site: String, inWatchedItems: Bool) -> Bool {
        if unseen.contains(where: { $0.site == site && $0.questionID == row.questionID }) { return true }
        guard let since = newSince, !inWatchedItems else { return false }
        return row.creationDate > since
    }

    /// The key a list's looks are kept under, in the data file too.
    static func listKey(_ query: QuestionsQuery) -> String {
        "\(query.site) \(query.tags.joined(separator: ";")) \(query.searchText ?? "") \(query.searchesStore)"
    }
}
