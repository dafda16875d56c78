public import Foundation
public import StackExchange

/// The question list as a value: which query, the rows loaded so far, the selection and the paging phase.
///
/// The controller turns keys and completions into calls on this value; every rule about what
/// may be appended lives here, so a page is never appended twice or out of order.
public struct ListState: Hashable, Sendable {
    public var query: QuestionsQuery
    public private(set) var rows: [Question] = []
    /// The ids in `rows`, so a page that overlaps the last one appends only what is new.
    private var rowIDs: Set<Int> = []
    /// Each page's questions as the API (or the store) gave them; `rows` is their union in order.
    private var pages: [[Question]] = []
    /// The pages shown from the store whose live copy has not arrived.
    private var cachedPages: Set<Int> = []
    /// When the oldest page still shown from the store was fetched; nil once every page shown is live.
    public private(set) var cachedAt: Date?
    /// How many distinct questions the last new page added (0 for a page of only duplicates); nil when the last
    /// page replaced the store's copy of itself.
    public private(set) var lastAppendedCount: Int? = 0
    /// How many pages have been appended to `rows` (pages are 1-based, so the next is `loadedPages + 1`).
    public private(set) var loadedPages = 0
    public private(set) var hasMore = true
    public var selection = 0
    /// The first row shown; views keep the selection visible by adjusting it.
    public var scrollOffset = 0
    public private(set) var phase: LoadPhase = .idle
    /// The page a background prefetch is fetching; it shows no spinner and needs no Esc.
    public private(set) var prefetchingPage: Int?
    /// Set when a prefetch failed, so moving does not retry it on every key; a requested load clears it.
    public private(set) var isPrefetchBlocked = false

    public init(query: QuestionsQuery) {
        self.query = query
    }

    public var isLoading: Bool { phase.loadingPage != nil }
    public var selectedQuestion: Question? { rows.indices.contains(selection) ? rows[selection] : nil }

    /// The page `n` would load now: none while a load is in flight or once the API said there is no more.
    public var nextPage: Int? {
        guard !isLoading, hasMore || loadedPages == 0 else { return nil }
        return loadedPages + 1
    }

    // MARK: Paging events

    /// A request for `page` was sent at `date`.
    public mutating func startLoading(page: Int, at date: Date) {
        phase = .loading(page: page, startedAt: date)
    }

    /// Page `number` arrived. Returns false (and changes nothing) unless it is the page in flight.
    ///
    /// A page shown from the store is replaced by the live copy (the selection stays on its question).
    @discardableResult
    public mutating func receive(_ page: Page<Question>, number: Int) -> Bool {
        guard phase.loadingPage == number, number == loadedPages + 1 || cachedPages.contains(number) else { return false }
        append(page, number: number)
        phase = .idle
        isPrefetchBlocked = false
        return true
    }

    /// Shows the store's copy of page `number` (the next page) while its request is in flight.
    public mutating func showCached(_ page: Page<Question>, number: Int, fetchedAt: Date) {
        guard number == loadedPages + 1 else { return }
        append(page, number: number)
        cachedPages.insert(number)
        cachedAt = min(cachedAt ?? fetchedAt, fetchedAt)
    }

    /// Counts every page shown as live (the bookmarks list, which has no network copy to wait for).
    public mutating func markLive() {
        cachedPages = []
        cachedAt = nil
    }

    /// Files `page` as page `number` (appended, or replacing the store's copy) and rebuilds the rows.
    ///
    /// Only questions not already in the list are added: with `sort=activity` the live list moves while a
    /// person pages, so page 2 often repeats questions of page 1 (issue 9 §3).
    private mutating func append(_ page: Page<Question>, number: Int) {
        let before = rows.count
        let isNew = number > pages.count
        if isNew {
            pages.append(page.items)
        } else {
            pages[number - 1] = page.items
        }
        if cachedPages.remove(number) != nil, cachedPages.isEmpty { cachedAt = nil }
        rebuildRows()
        lastAppendedCount = isNew ? rows.count - before : nil
        loadedPages = pages.count
        if number == pages.count { hasMore = page.hasMore }
        if prefetchingPage == number { prefetchingPage = nil }
    }

    /// The rows of every page in order, each question once; the selection stays on the same question.
    private mutating func rebuildRows() {
        let selectedID = selectedQuestion?.questionID
        rows = []
        rowIDs = []
        for items in pages {
            for question in items where rowIDs.insert(question.questionID).inserted { rows.append(question) }
        }
        if let selectedID, let index = rows.firstIndex(where: { $0.questionID == selectedID }) {
            selection = index
        } else {
            selection = min(selection, max(0, rows.count - 1))
        }
    }

    // MARK: Prefetch events

    /// The page to prefetch now: only when idle, more exists, and the selection is within `distance` rows of the end.
    public func pageToPrefetch(distance: Int) -> Int? {
        guard distance > 0, phase == .idle, prefetchingPage == nil, !isPrefetchBlocked, hasMore, loadedPages > 0,
            rows.count - 1 - selection < distance
        else { return nil }
        return loadedPages + 1
    }

    /// A background request for `page` was sent.
    public mutating func startPrefetch(page: Int) {
        prefetchingPage = page
    }

    /// The prefetched page `number` arrived. Returns false (and changes nothing) unless it is still the next page.
    ///
    /// It also completes a load of the same page the person asked for meanwhile: the data is the same.
    @discardableResult
    public mutating func receivePrefetched(_ page: Page<Question>, number: Int) -> Bool {
        guard prefetchingPage == number, number == loadedPages + 1 else { return false }
        append(page, number: number)
        phase = .idle
        return true
    }

    /// The prefetch failed; nothing is shown, and no prefetch runs again until a requested page loads.
    public mutating func failPrefetch() {
        prefetchingPage = nil
        isPrefetchBlocked = true
    }

    /// The prefetch was cancelled (Esc, a reload, quitting).
    public mutating func dropPrefetch() {
        prefetchingPage = nil
    }

    /// The load in flight failed with `message`; the rows stay.
    public mutating func fail(_ message: String) {
        guard isLoading else { return }
        phase = .failed(message)
    }

    /// The load in flight was cancelled; the rows stay.
    public mutating func cancelLoad() {
        guard isLoading else { return }
        phase = .cancelled
    }

    /// Drops every row, for a reload or a new query; the caller then loads page 1.
    public mutating func reset(query: QuestionsQuery? = nil) {
        if let query { self.query = query }
        rows = []
        rowIDs = []
        pages = []
        cachedPages = []
        cachedAt = nil
        lastAppendedCount = 0
        loadedPages = 0
        hasMore = true
        selection = 0
        scrollOffset = 0
        phase = .idle
        prefetchingPage = nil
        isPrefetchBlocked = false
    }

    // MARK: Selection

    /// Moves the selection by `delta` rows, clamped to the rows loaded.
    public mutating func moveSelection(by delta: Int) {
        guard !rows.isEmpty else { selection = 0; return }
        selection = min(max(0, selection + delta), rows.count - 1)
    }

    public mutating func selectFirst() { selection = 0 }
    public mutating func selectLast() { selection = max(0, rows.count - 1) }

    public var isSelectionOnLastRow: Bool { !rows.isEmpty && selection == rows.count - 1 }

    /// Scrolls just enough for the selection to show in a window of `height` rows.
    public mutating func keepSelectionVisible(height: Int) {
        guard height > 0 else { scrollOffset = 0; return }
        if selection < scrollOffset { scrollOffset = selection }
        if selection >= scrollOffset + height { scrollOffset = selection - height + 1 }
        scrollOffset = min(max(0, scrollOffset), max(0, rows.count - height))
    }
}
