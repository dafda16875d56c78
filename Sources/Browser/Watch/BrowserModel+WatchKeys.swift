import Foundation
import StackExchange
import StorePorts

/// `w` and `W`: watching what the person is looking at, the watched items screen, and the list of a watch's new
/// items; opening an item marks it seen.
extension BrowserModel {
    /// The watch actions wherever they are pressed, the `W` screen's keys while it shows, and the list of a watch's
    /// new items' own keys; nil for what the screen under them handles.
    mutating func performWatch(_ action: Action) -> [BrowserEffect]? {
        if state.watch.screen != nil { return performInWatches(action) }
        switch action {
        case .watch: return toggleWatch()
        case .watches: return openWatches()
        default: break
        }
        guard state.detail == nil, !state.inbox.isShown else { return nil }
        if state.watch.savedList != nil {
            switch action {
            case .back, .escape, .quit:
                return closeWatchedItems(backToWatches: true)
            case .nextPage, .reload, .cycleSort, .filterTag, .search, .searchStore, .bookmarks:
                return []
            default: break
            }
        }
        // A reload shows what is new since this look at the list began, when there was no earlier look; the rows seen
        // are as new as the reload from then on.
        if action == .reload, state.watch.savedList == nil {
            if state.watch.newSince == nil { state.watch.newSince = state.watch.lookStart }
            if state.watch.shownListKey != nil { state.watch.lookStart = now }
        }
        return nil
    }

    /// `w`: watches the open question, or on the list the tag filter or search, else the selected question; again
    /// stops watching it. The status bar says which.
    mutating func toggleWatch() -> [BrowserEffect] {
        guard features.watching else { return say(error: "watching needs the data file, which is not open this run") }
        // The API's dates are whole seconds: a watch starts at the whole second (`fromdate` takes it), a followed
        // question a second before, so an answer in the same second as the key press is not taken for old.
        let second = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let followedSince = second.addingTimeInterval(-1)
        let entry: WatchEntry
        if let detail = state.detail {
            entry = WatchEntry(site: detail.site, kind: .question, subject: String(detail.questionID), since: followedSince)
        } else if let text = state.list.query.searchText, !text.isEmpty, !state.list.query.searchesStore {
            entry = WatchEntry(site: state.list.query.site, kind: .search, subject: text, since: second)
        } else if !state.list.query.tags.isEmpty {
            return toggle(state.list.query.tags.map { WatchEntry(site: state.list.query.site, kind: .tag, subject: $0, since: second) })
        } else if let row = state.list.selectedRow {
            entry = WatchEntry(site: site(of: row), kind: .question, subject: String(row.questionID), since: followedSince)
        } else {
            return say(error: "nothing to watch here: filter by a tag (t), search (/) or select a question")
        }
        return toggle([entry])
    }

    /// Adds `entries`, or removes them when the first is watched already.
    private mutating func toggle(_ entries: [WatchEntry]) -> [BrowserEffect] {
        let watched = Set(state.watch.entries.map { WatchKey($0) })
        let removing = entries.first.map { watched.contains(WatchKey($0)) } ?? false
        var writes: [WatchWrite] = []
        for entry in entries {
            if removing {
                state.watch.entries.removeAll { WatchKey($0) == WatchKey(entry) }
                writes.append(.remove(site: entry.site, kind: entry.kind, subject: entry.subject))
            } else if !watched.contains(WatchKey(entry)) {
                state.watch.entries.append(entry)
                writes.append(.add(entry))
            }
        }
        let site = state.list.query.site
        let names = entries.map { WatchState.label($0, defaultSite: site) }.joined(separator: " ")
        let minutes = configuration.watch.schedule.intervalMinutes
        state.notice = removing ? "stopped watching \(names)"
            : "watching \(names): what is new shows here within \(minutes) minute\(minutes == 1 ? "" : "s") (W lists the watches)"
        return writes.map { .write(.watch($0)) } + watchesChanged()
    }

    /// The schedule hears of the new watches (a new site is polled at once) and the day's cost is computed again.
    mutating func watchesChanged() -> [BrowserEffect] {
        let sites = WatchEntry.siteWatches(state.watch.entries)
        let now = now
        if state.watch.schedule == nil {
            state.watch.schedule = PollSchedule(watches: [], settings: configuration.watch.schedule, start: now)
            if configuration.startsOffline { state.watch.schedule?.remember(.offline(true), now: now) }
        }
        state.watch.requestsPerDay = WatchCost.requestsPerDay(for: sites, settings: configuration.watch.schedule)
        return pollWatches(.watchesChanged(sites))
    }

    /// `W`: the watched items screen, over the list (a detail open is closed first, as the inbox does).
    mutating func openWatches() -> [BrowserEffect] {
        var effects = closeDetail()
        if state.watch.savedList != nil { effects += closeWatchedItems(backToWatches: false) }
        state.watch.screen = WatchesScreen()
        return effects
    }

    /// The `W` screen's keys, read through the list's keymap: move, Enter lists the watch's new items, `w` stops
    /// watching the selected watch, Esc/back/q/`W` close.
    mutating func performInWatches(_ action: Action) -> [BrowserEffect] {
        guard var screen = state.watch.screen else { return [] }
        let count = state.watch.entries.count
        switch action {
        case .moveUp: screen.selection -= 1
        case .moveDown: screen.selection += 1
        case .pageUp: screen.selection -= max(1, bodyHeight - 2)
        case .pageDown: screen.selection += max(1, bodyHeight - 2)
        case .first: screen.selection = 0
        case .last: screen.selection = count - 1
        case .open: return showWatchedItems()
        case .watch:
            guard state.watch.entries.indices.contains(screen.selection) else { return [] }
            let effects = toggle([state.watch.entries[screen.selection]])
            screen.keepSelectionVisible(count: state.watch.entries.count, height: max(1, bodyHeight - 2))
            state.watch.screen = screen
            return effects
        case .back, .escape, .quit, .watches:
            state.watch.screen = nil
            return []
        case .toggleHelp: return openHelp()
        default: break
        }
        screen.keepSelectionVisible(count: count, height: max(1, bodyHeight - 2))
        state.watch.screen = screen
        return []
    }

    /// Enter on a watch: its new items as a list (newest first), over the question list, which waits underneath.
    mutating func showWatchedItems() -> [BrowserEffect] {
        guard let screen = state.watch.screen, state.watch.entries.indices.contains(screen.selection) else { return [] }
        let entry = state.watch.entries[screen.selection]
        var seenQuestions: Set<Int> = []
        var rows: [ListRow] = []
        for item in state.watch.unseen(of: entry).reversed() where seenQuestions.insert(item.questionID).inserted {
            let question = Question(questionID: item.questionID, title: item.title, link: item.link.isEmpty ? nil : item.link,
                                    creationDate: item.createdAt)
            rows.append(ListRow(question, site: item.site))
        }
        guard !rows.isEmpty else {
            state.notice = "nothing new in \(WatchState.label(entry, defaultSite: state.list.query.site))"
            return []
        }
        state.list.loadDue = nil
        let effects = carryOut(state.list.paging.cancelPrefetch()) + carryOut(state.list.paging.cancelled())
        let saved = state.list
        var list = ListState(query: saved.query)
        for action in list.paging.localListShown(Page(items: rows.map(\.question), hasMore: false)) {
            if case .show(_, let number, _) = action { list.show(rows: rows, number: number) }
        }
        state.watch.savedList = saved
        state.watch.screen = nil
        state.list = list
        state.notice = "new in \(WatchState.label(entry, defaultSite: saved.query.site)) · Enter opens · Esc back"
        return effects
    }

    /// Leaves a watch's new items for the question list as it was, and the `W` screen when asked.
    mutating func closeWatchedItems(backToWatches: Bool) -> [BrowserEffect] {
        guard let saved = state.watch.savedList else { return [] }
        state.list = saved
        state.watch.savedList = nil
        state.notice = nil
        if backToWatches { state.watch.screen = WatchesScreen() }
        return []
    }

    /// Marks what the watches found on a question seen (it is being opened).
    mutating func markSeen(site: String, questionID: Int) -> [BrowserEffect] {
        let items = state.watch.unseen.filter { $0.site == site && $0.questionID == questionID }
        guard !items.isEmpty else { return [] }
        state.watch.unseen.removeAll { $0.site == site && $0.questionID == questionID }
        return [.write(.watch(.markSeen(items)))]
    }

    /// After every event: notes when the person looks at a list, so its rows newer than their last look carry a mark.
    ///
    /// A look ends when another screen or list shows, or at quit. What it saw is the list as it was when the look began
    /// (or at its last reload): a question asked while the person sat on the list without reloading was never shown, so
    /// that time, not the look's end, is kept (in the data file too, for the next launch).
    mutating func noteListShown() -> [BrowserEffect] {
        guard features.watching else { return [] }
        let showing = state.detail == nil && state.watch.screen == nil && !state.inbox.isShown && state.watch.savedList == nil
            && state.bookmarks == nil && !isQuitRequested
        let key = showing ? Self.listKey(state.list.query) : nil
        guard key != state.watch.shownListKey else { return [] }
        var effects: [BrowserEffect] = []
        if let old = state.watch.shownListKey {
            let seen = state.watch.lookStart ?? now
            state.watch.lookedAt[old] = seen
            effects.append(.write(.watch(.look(list: old, at: seen))))
        }
        state.watch.shownListKey = key
        if let key {
            state.watch.newSince = state.watch.lookedAt[key]
            state.watch.lookStart = now
        }
        return effects
    }

    /// The looks earlier runs kept (the data file's, read at start): the list showing marks what was asked since its
    /// last look, unless this run has looked at it already.
    mutating func receiveLooks(_ looks: [String: Date]) {
        state.watch.lookedAt.merge(looks) { max($0, $1) }
        if let key = state.watch.shownListKey, state.watch.newSince == nil { state.watch.newSince = state.watch.lookedAt[key] }
    }

    /// Whether `row` of the list showing is new: something a watch found and the person has not seen, or a question
    /// asked since they last looked at this list.
    func isNewRow(_ row: ListRow) -> Bool {
        let site = site(of: row)
        if state.watch.unseen.contains(where: { $0.site == site && $0.questionID == row.questionID }) { return true }
        guard let since = state.watch.newSince, state.watch.savedList == nil else { return false }
        return row.creationDate > since
    }

    static func listKey(_ query: QuestionsQuery) -> String {
        "\(query.site) \(query.tags.joined(separator: ";")) \(query.searchText ?? "") \(query.searchesStore)"
    }
}

/// A watch without its time: what tells two watches apart.
private struct WatchKey: Hashable {
    let site: String
    let kind: WatchEntry.Kind
    let subject: String

    init(_ entry: WatchEntry) {
        site = entry.site
        kind = entry.kind
        subject = entry.subject
    }
}
