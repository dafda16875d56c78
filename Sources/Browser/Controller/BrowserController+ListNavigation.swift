import StackExchange

extension BrowserController {
    /// What each action does on the list screen.
    func performInList(_ action: Action) {
        if state.bookmarks != nil, performInBookmarks(action) { return }
        switch action {
        case .moveUp:
            state.list.moveSelection(by: -1)
        case .moveDown:
            if state.list.isSelectionOnLastRow { loadNextPage() } else { state.list.moveSelection(by: 1) }
            prefetchIfNeeded()
        case .pageUp:
            state.list.moveSelection(by: -max(1, lastBodyHeight - 1))
        case .pageDown:
            if state.list.isSelectionOnLastRow {
                loadNextPage()
            } else {
                state.list.moveSelection(by: max(1, lastBodyHeight - 1))
            }
            prefetchIfNeeded()
        case .first:
            state.list.selectFirst()
        case .last:
            state.list.selectLast()
            prefetchIfNeeded()
        case .open:
            openDetail()
        case .back:
            break
        case .escape:
            if state.list.isLoading { cancelListLoad() } else { state.notice = nil }
        case .nextPage:
            loadNextPage()
        case .reload:
            reload()
        case .cycleSort:
            var query = state.list.query
            // A search cycles only through the sorts /search/advanced knows, so the status bar never names
            // a sort the results are not in.
            query.sort = query.searchText == nil ? query.sort.next : query.sort.next(in: QuestionSort.searchSorts)
            reload(query: query)
        case .filterTag:
            state.prompt = PromptState(kind: .tag, text: state.list.query.tags.joined(separator: " "))
        case .search:
            state.prompt = PromptState(kind: .search, text: state.list.query.searchText ?? "")
        case .openInBrowser:
            openInBrowser(state.list.selectedQuestion)
        case .toggleHelp:
            state.isHelpVisible.toggle()
        case .toggleRead:
            state.list.selectedQuestion.map(toggleRead)
        case .bookmark:
            state.list.selectedQuestion.map(toggleBookmark)
        case .bookmarks:
            openBookmarks()
        case .quit:
            isQuitRequested = true
            shutdown()
        case .copyLink:
            copyLink()
        case .sites:
            openSitePicker()
        case .comments, .copyCode, .find, .findNext, .findPrevious:
            break  // Detail-screen actions.
        }
    }

    /// Opens `question`'s link through the URL opener; a failure shows in the status bar.
    func openInBrowser(_ question: Question?) {
        guard let question else { return }
        guard let link = question.link, !link.isEmpty else {
            state.lastError = "no link for this question"
            return
        }
        urlOpener.open(link) { [weak self] error in
            guard let self, let error else { return }
            self.state.lastError = error
            self.changed()
        }
    }
}
