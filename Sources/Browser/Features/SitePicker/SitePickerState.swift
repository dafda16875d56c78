public import Foundation
public import StackExchange

/// The site picker as a value: the sites loaded, the filter typed so far, and the selection among the matches.
///
/// Every printable key goes to the filter (so `j` and `k` type, they do not move); the arrows and Page keys
/// move, Enter chooses the selected site, Esc closes the picker. Whether its site list is in flight is the
/// ledger's to know (`RequestPurpose.sitePicker`): the picker keeps what arrived.
public struct SitePickerState: Hashable, Sendable {
    /// Whether the site list has arrived.
    public enum Phase: Hashable, Sendable {
        /// Nothing has arrived yet.
        case waiting
        case loaded
        case failed(String)
    }

    /// What a key did to the picker.
    public enum Outcome: Hashable, Sendable {
        case editing
        case chosen(Site)
        case cancelled
    }

    /// The API name of the site being browsed, marked in the list.
    public let currentSite: String
    public var phase: Phase
    public private(set) var sites: [Site] = []
    public private(set) var filter = ""
    /// The sites whose name or API name contains the filter (case-insensitive), in the API's order.
    public private(set) var matches: [Site] = []
    /// The index in `matches` of the selected site.
    public private(set) var selection = 0
    /// The first match shown; the view keeps the selection visible by adjusting it.
    public var scrollOffset = 0

    public init(currentSite: String) {
        self.currentSite = currentSite
        self.phase = .waiting
    }

    /// Since when `ledger` has had the picker's site list in flight, while nothing has arrived.
    public func loadingSince(in ledger: RequestLedger) -> Date? {
        guard phase == .waiting else { return nil }
        return ledger.awaitingSince(.sitePicker)
    }

    /// True while `ledger` has the site list in flight and nothing has arrived.
    public func isLoading(in ledger: RequestLedger) -> Bool { loadingSince(in: ledger) != nil }

    public var selectedSite: Site? { matches.indices.contains(selection) ? matches[selection] : nil }

    /// The list arrived: every site is a match until something is typed; the current site is selected.
    public mutating func receive(_ sites: [Site]) {
        self.sites = sites
        phase = .loaded
        refilter()
        selection = matches.firstIndex { $0.apiSiteParameter == currentSite } ?? 0
    }

    /// Performs an action of the keymap's `sites` screen; `pageSize` is how far PageUp and PageDown move.
    public mutating func perform(_ action: Action, pageSize: Int = 10) -> Outcome {
        switch action {
        case .escape: return .cancelled
        case .open: return selectedSite.map(Outcome.chosen) ?? .editing
        case .moveUp: move(by: -1)
        case .moveDown: move(by: 1)
        case .pageUp: move(by: -max(1, pageSize))
        case .pageDown: move(by: max(1, pageSize))
        case .first: selection = 0
        case .last: selection = max(0, matches.count - 1)
        default: break
        }
        return .editing
    }

    /// Edits the filter with a key that is no action of the picker's keymap: printable characters append,
    /// Backspace deletes.
    public mutating func edit(_ key: Key) -> Outcome {
        switch key {
        case .backspace, .delete:
            guard !filter.isEmpty else { break }
            filter.removeLast()
            refilter()
        case .character(let character) where PromptState.isPrintable(character):
            filter.append(character)
            refilter()
        default:
            break
        }
        return .editing
    }

    /// Handles one key with the default picker keys (`ActionTable`'s `site_picker` column); `pageSize` is how
    /// far PageUp and PageDown move.
    public mutating func handle(_ key: Key, pageSize: Int = 10) -> Outcome {
        if let action = Self.defaultKeys.action(for: key, on: .sitePicker) { return perform(action, pageSize: pageSize) }
        return edit(key)
    }

    private static let defaultKeys = Keymap()

    /// Selects the match at `index` (a click); out of range does nothing.
    public mutating func select(_ index: Int) {
        if matches.indices.contains(index) { selection = index }
    }

    /// Scrolls just enough for the selection to show in a window of `height` rows.
    public mutating func keepSelectionVisible(height: Int) {
        guard height > 0 else { scrollOffset = 0; return }
        if selection < scrollOffset { scrollOffset = selection }
        if selection >= scrollOffset + height { scrollOffset = selection - height + 1 }
        scrollOffset = min(max(0, scrollOffset), max(0, matches.count - height))
    }

    private mutating func move(by delta: Int) {
        guard !matches.isEmpty else { return }
        selection = min(max(0, selection + delta), matches.count - 1)
    }

    /// Recomputes the matches for the filter and selects the first.
    private mutating func refilter() {
        let needle = filter.trimmingCharacters(in: .whitespaces)
        matches = needle.isEmpty ? sites : sites.filter { site in
            site.plainName.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
                || site.apiSiteParameter.range(of: needle, options: .caseInsensitive) != nil
        }
        selection = 0
        scrollOffset = 0
    }
}
