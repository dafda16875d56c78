import Foundation
import StackExchange
import StorePorts

/// What `w` watches where it is pressed, as the screen showing says it (`ListScreen.watchTarget`, the open question).
enum WatchTarget: Equatable {
    /// Follows a question: its new answers and comments; its title and link, when the screen knows them, name it.
    case question(site: String, id: Int, title: String? = nil, link: String? = nil)
    case search(site: String, text: String)
    case tags(site: String, [String])
    case nothing
}

/// The watch screen: `WatchState` owns the watches and what they found, and the watched items screen's (`W`)
/// selection. `w` watches what the person is looking at; `W` lists the watches; Enter lists a watch's new items, which the
/// list shows in its place (`ScreenTransition.showWatchedItems`); opening a question a watch found marks it seen
/// (`markSeen`, run by the model's routing of `ScreenTransition.openListedQuestion`). It reaches no other screen's
/// state: what it needs of them comes in its arguments, and what it asks of them goes out as a transition.
extension WatchState {
    /// `w`: watches `target`, or stops watching it when watched already; the status bar says which. `defaultSite`
    /// is the list's site: labels name the others.
    mutating func toggle(_ target: WatchTarget, defaultSite: String, in context: inout ScreenContext) -> [BrowserEffect] {
        guard context.features.watching else {
            context.lastError = "watching needs the data file, which is not open this run"
            return []
        }
        // The API's dates are whole seconds: a watch starts at the whole second (`fromdate` takes it), a followed
        // question a second before, so an answer in the same second as the key press is not taken for old.
        let second = Date(timeIntervalSince1970: context.now.timeIntervalSince1970.rounded(.down))
        let followedSince = second.addingTimeInterval(-1)
        switch target {
        case .question(let site, let id, let title, let link):
            if let title, title != "question \(id)" {
                followedTitles[site, default: [:]][id] = FollowedTitle(title: title, link: link ?? "")
            }
            return toggle([WatchEntry(site: site, kind: .question, subject: String(id), since: followedSince)], defaultSite: defaultSite, in: &context)
        case .search(let site, let text):
            return toggle([WatchEntry(site: site, kind: .search, subject: text, since: second)], defaultSite: defaultSite, in: &context)
        case .tags(let site, let tags):
            return toggle(tags.map { WatchEntry(site: site, kind: .tag, subject: $0, since: second) }, defaultSite: defaultSite, in: &context)
        case .nothing:
            context.lastError = "nothing to watch here: filter by a tag (t), search (/) or select a question"
            return []
        }
    }

    /// Adds `entries`, or removes them when the first is watched already.
    private mutating func toggle(_ toggled: [WatchEntry], defaultSite: String, in context: inout ScreenContext) -> [BrowserEffect] {
        let watched = Set(entries.map { WatchIdentity($0) })
        let removing = toggled.first.map { watched.contains(WatchIdentity($0)) } ?? false
        var writes: [WatchWrite] = []
        for entry in toggled {
            if removing {
                entries.removeAll { WatchIdentity($0) == WatchIdentity(entry) }
                writes.append(.remove(site: entry.site, kind: entry.kind, subject: entry.subject))
            } else if !watched.contains(WatchIdentity(entry)) {
                entries.append(entry)
                writes.append(.add(entry))
            }
        }
        let names = toggled.map { label($0, defaultSite: defaultSite) }.joined(separator: " ")
        let minutes = context.configuration.watch.schedule.intervalMinutes
        context.notice = removing ? "stopped watching \(names)"
            : "watching \(names): what is new shows here within \(minutes) minute\(minutes == 1 ? "" : "s") (W lists the watches)"
        return writes.map { .write(.watch($0)) } + watchesChanged(in: &context)
    }

    /// The schedule hears of the new watches (a new site is polled at once) and the day's cost is computed again.
    mutating func watchesChanged(in context: inout ScreenContext) -> [BrowserEffect] {
        let sites = WatchEntry.siteWatches(entries)
        if schedule == nil {
            schedule = PollSchedule(watches: [], settings: context.configuration.watch.schedule, start: context.now)
            if context.configuration.startsOffline { schedule?.remember(.offline(true), now: context.now) }
        }
        requestsPerDay = WatchCost.requestsPerDay(for: sites, settings: context.configuration.watch.schedule)
        return poll(.watchesChanged(sites), in: &context)
    }

    /// The `W` screen's keys, read through the list's keymap: move, Enter lists the watch's new items, `w` stops
    /// watching the selected watch, Esc/back/q/`W` close.
    mutating func perform(_ action: Action, defaultSite: String, in context: inout ScreenContext) -> ScreenReply {
        var screen = self.screen
        let count = entries.count
        let pageRows = max(1, context.bodyHeight - 2)
        switch action {
        case .moveUp: screen.selection -= 1
        case .moveDown: screen.selection += 1
        case .pageUp: screen.selection -= pageRows
        case .pageDown: screen.selection += pageRows
        case .first: screen.selection = 0
        case .last: screen.selection = count - 1
        case .open: return showItems(defaultSite: defaultSite, in: &context)
        case .watch:
            guard entries.indices.contains(screen.selection) else { return ScreenReply() }
            let effects = toggle([entries[screen.selection]], defaultSite: defaultSite, in: &context)
            screen.keepSelectionVisible(count: entries.count, height: pageRows)
            self.screen = screen
            return ScreenReply(effects)
        case .back, .escape, .quit, .watches:
            return ScreenReply(then: .close(.watches))
        case .toggleHelp: return ScreenReply(then: .openHelp)
        default: break
        }
        screen.keepSelectionVisible(count: count, height: pageRows)
        self.screen = screen
        return ScreenReply()
    }

    /// Enter on a watch: its new items as a list (newest first), which the list shows in its place.
    private mutating func showItems(defaultSite: String, in context: inout ScreenContext) -> ScreenReply {
        guard entries.indices.contains(screen.selection) else { return ScreenReply() }
        let entry = entries[screen.selection]
        var seenQuestions: Set<Int> = []
        var rows: [ListRow] = []
        for item in unseen(of: entry).reversed() where seenQuestions.insert(item.questionID).inserted {
            let question = Question(questionID: item.questionID, title: item.title, link: item.link.isEmpty ? nil : item.link,
                                    creationDate: item.createdAt)
            rows.append(ListRow(question, site: item.site))
        }
        guard !rows.isEmpty else {
            context.notice = "nothing new in \(label(entry, defaultSite: defaultSite))"
            return ScreenReply()
        }
        let notice = "new in \(label(entry, defaultSite: defaultSite)) · Enter opens · Esc back"
        return ScreenReply(then: .showWatchedItems(rows, notice: notice))
    }

    /// Marks what the watches found on a question seen (it is being opened).
    mutating func markSeen(site: String, questionID: Int) -> [BrowserEffect] {
        let items = unseen.filter { $0.site == site && $0.questionID == questionID }
        guard !items.isEmpty else { return [] }
        unseen.removeAll { $0.site == site && $0.questionID == questionID }
        return [.write(.watch(.markSeen(items)))]
    }
}
