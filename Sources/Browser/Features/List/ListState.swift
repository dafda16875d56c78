public import Foundation
public import StackExchange

/// The question list as a value: which query, the rows loaded so far, the selection and the paging machine.
///
/// The controller turns keys and completions into calls on this value; every rule about what
/// may be appended lives here, so a page is never appended twice or out of order.
public struct ListState: Hashable, Sendable {
    public var query: QuestionsQuery
    /// The questions loaded so far, in order, each once, as the list keeps them (`ListRow`).
    public private(set) var rows: [ListRow] = []
    /// The keys of `rows` (question and, in a list of several sites, site), so a page that overlaps the last one
    /// appends only what is new, and the same id on two sites is two rows.
    private var rowIDs: Set<ListRow.Key> = []
    /// Each page's row keys as the API (or the store) gave them; `rows` is their union in order and holds
    /// the one copy of each question (a second copy per page cost 350 bytes a row at 10,000 rows).
    private var pages: [[ListRow.Key]] = []
    public var selection = 0
    /// The first row shown; views keep the selection visible by adjusting it.
    public var scrollOffset = 0
    /// Every rule of paging: what may be asked for and shown, what the store showed (what is in flight is the ledger's).
    public var paging = PagingMachine()
    /// When a debounced load of page 1 falls due (a held `s`): the list shows it is coming.
    public var loadDue: Date?
    /// The sites' searches of a search over several sites (`MergedSearch`), while this list is one.
    public var merged: MergedSearch?
    /// A search of the store's snippets, by question id: the matched words a row shows beside its title.
    public private(set) var snippets: [Int: SearchSnippet] = [:]
    /// What an empty list says in place of `nothing loaded — r retries` when retrying cannot help (an unknown site).
    public var emptyNotice: String?

    public init(query: QuestionsQuery) {
        self.query = query
    }

    public var selectedRow: ListRow? { rows.indices.contains(selection) ? rows[selection] : nil }
    /// The selected row's question, as far as the list knows it (`ListRow.question`).
    public var selectedQuestion: Question? { selectedRow?.question }
    public var loadedPages: Int { paging.loadedPages }
    public var hasMore: Bool { paging.hasMore }
    public var cachedAt: Date? { paging.cachedAt }

    // MARK: In flight

    /// What `ledger` has in flight for this list: its query's pages (the person's load on the user lane, the
    /// prefetches on the background lane) and, while this list is a search over several sites, the sites' searches
    /// as its page 1, since the oldest was sent.
    public func inFlight(in ledger: RequestLedger) -> PagingMachine.InFlight {
        var inFlight = PagingMachine.InFlight()
        var mergedSince: Date?
        for entry in ledger.entries(where: { _ in true }) {
            switch entry.purpose {
            case .listPage(let page):
                guard entry.request.as(BrowserRequest.Questions.self)?.query == query else { continue }
                if entry.lane == .user {
                    inFlight.load = PagingMachine.InFlight.Load(page: page, since: entry.waitedForSince)
                } else {
                    inFlight.prefetches.append(page)
                }
            case .mergedSearch where merged != nil:
                mergedSince = min(mergedSince ?? entry.waitedForSince, entry.waitedForSince)
            default:
                continue
            }
        }
        if let mergedSince { inFlight.load = PagingMachine.InFlight.Load(page: 1, since: mergedSince) }
        return inFlight
    }

    /// Where paging stands by `ledger`: the page loading and since when, else how the last load ended.
    public func phase(in ledger: RequestLedger) -> LoadPhase { paging.phase(inFlight(in: ledger)) }
    /// True while `ledger` holds the page the person waits for.
    public func isLoading(in ledger: RequestLedger) -> Bool { inFlight(in: ledger).load != nil }
    /// The page a background prefetch is fetching by `ledger` (nobody asked for it yet); it shows no spinner.
    public func prefetchingPage(in ledger: RequestLedger) -> Int? { inFlight(in: ledger).prefetches.first }
    /// The page `n` would load now: none while a load is in flight or once the API said there is no more.
    public func nextPage(in ledger: RequestLedger) -> Int? { paging.nextPage(inFlight(in: ledger)) }

    // MARK: Rows

    /// How many questions of `page` the list does not have yet, if it were shown as page `number`; nil when it
    /// would replace a page already shown (the store's copy of itself).
    public func newQuestionCount(in page: Page<Question>, number: Int) -> Int? {
        guard number > pages.count else { return nil }
        return Set(page.items.map { ListRow.Key(questionID: $0.questionID, site: nil) }).subtracting(rowIDs).count
    }

    /// Files `page` as page `number` (appended, or replacing the store's copy) and rebuilds the rows.
    ///
    /// Only questions not already in the list are added: with `sort=activity` the live list moves while a
    /// person pages, so page 2 often repeats questions of page 1. The paging machine decides
    /// when a page may be shown; this only keeps the rows.
    public mutating func show(_ page: Page<Question>, number: Int) {
        snippets.merge(page.snippets) { _, newer in newer }
        show(rows: page.items.map { ListRow($0) }, number: number)
    }

    /// Files `items` as page `number`, as `show(_:number:)` does; rows of several sites carry their own (`ListRow.site`).
    public mutating func show(rows items: [ListRow], number: Int) {
        guard number >= 1, number <= pages.count + 1 else { return }
        if number > pages.count {
            // The common case, a page after the last: only its new questions are appended, nothing rebuilt.
            pages.append(items.map(\.key))
            for question in items where rowIDs.insert(question.key).inserted { rows.append(question) }
            return
        }
        pages[number - 1] = items.map(\.key)
        rebuildRows(replaced: Dictionary(items.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The rows of every page in order, each question once, after a page was replaced by `replaced` (its
    /// questions by id, which win over the copies in the rows); the selection stays on the same question.
    private mutating func rebuildRows(replaced: [ListRow.Key: ListRow]) {
        let selectedID = selectedRow?.key
        let previous = Dictionary(rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        rows = []
        rowIDs = []
        for ids in pages {
            for id in ids where rowIDs.insert(id).inserted {
                if let row = replaced[id] ?? previous[id] { rows.append(row) }
            }
        }
        if let selectedID, let index = rows.firstIndex(where: { $0.key == selectedID }) {
            selection = index
        } else {
            selection = min(selection, max(0, rows.count - 1))
        }
    }

    /// Drops every row and the paging state, for a reload or a new query; returns the requests to cancel
    /// (what `ledger` has in flight for the list).
    public mutating func reset(query: QuestionsQuery? = nil, in ledger: RequestLedger) -> [PagingMachine.Action] {
        let inFlight = inFlight(in: ledger)
        if let query { self.query = query }
        rows = []
        rowIDs = []
        pages = []
        snippets = [:]
        selection = 0
        scrollOffset = 0
        loadDue = nil
        emptyNotice = nil
        merged = nil
        return paging.reset(inFlight)
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
