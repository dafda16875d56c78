import StackExchange

extension BrowserModel {
    /// What each action does on the list screen.
    mutating func performInList(_ action: Action) -> [BrowserEffect] {
        if state.bookmarks != nil, let effects = performInBookmarks(action) { return effects }
        switch action {
        case .moveUp:
            state.list.moveSelection(by: -1)
        case .moveDown:
            var effects: [BrowserEffect] = []
            if state.list.isSelectionOnLastRow { effects = loadNextPage() } else { state.list.moveSelection(by: 1) }
            return effects + prefetchIfNeeded()
        case .pageUp:
            state.list.moveSelection(by: -max(1, listHeight - 1))
        case .pageDown:
            var effects: [BrowserEffect] = []
            if state.list.isSelectionOnLastRow {
                effects = loadNextPage()
            } else {
                state.list.moveSelection(by: max(1, listHeight - 1))
            }
            return effects + prefetchIfNeeded()
        case .first:
            state.list.selectFirst()
        case .last:
            state.list.selectLast()
            return prefetchIfNeeded()
        case .open:
            return openDetail()
        case .back:
            return leaveFilter()
        case .escape:
            if state.list.isLoading {
                return carryOut(state.list.paging.cancelled())
            }
            state.notice = nil
            return leaveFilter()
        case .nextPage:
            return loadNextPage()
        case .reload:
            return reloadList()
        case .cycleSort:
            return cycleSort()
        case .filterTag:
            state.prompt = PromptState(kind: .tag, text: state.list.query.tags.joined(separator: " "),
                                       history: state.promptHistory.entries(for: .tag))
        case .search:
            // Offline (`--offline`, or the network gone), `/` searches what the store holds.
            let kind: PromptState.Kind = state.isOffline || configuration.startsOffline ? .storeSearch : .search
            state.prompt = PromptState(kind: kind, text: state.list.query.searchText ?? "",
                                       history: state.promptHistory.entries(for: kind))
        case .searchStore:
            state.prompt = PromptState(kind: .storeSearch, text: state.list.query.searchText ?? "",
                                       history: state.promptHistory.entries(for: .storeSearch))
        case .openInBrowser:
            return state.list.selectedRow.map { openInBrowser($0.question, site: site(of: $0)) } ?? []
        case .toggleHelp:
            return openHelp()
        case .toggleRead:
            return state.list.selectedRow.map { toggleRead($0.question, site: site(of: $0)) } ?? []
        case .bookmark:
            return state.list.selectedRow.map { toggleBookmark($0.question, site: site(of: $0)) } ?? []
        case .bookmarks:
            return openBookmarks()
        case .quit:
            isQuitRequested = true
            return shutdown()
        case .copyLink:
            return copyLink()
        case .sites:
            return openSitePicker()
        case .inbox:
            return openInbox()
        case .comments, .copyCode, .find, .findNext, .findPrevious, .nextPost, .previousPost, .upvote, .downvote,
             .favorite, .comment, .messages, .followLink, .watch, .watches:
            break  // Detail-screen actions.
        }
        return []
    }

    /// Opens the link of `question` of `site` in a web browser, made from its site and id as `y` copies it.
    mutating func openInBrowser(_ question: Question, site: String) -> [BrowserEffect] {
        [.openURL(link(of: question, site: site))]
    }

    /// Puts a one-line error in the status bar; returns no effect, for `return say(error:)`.
    mutating func say(error: String) -> [BrowserEffect] {
        state.lastError = error
        return []
    }
}
