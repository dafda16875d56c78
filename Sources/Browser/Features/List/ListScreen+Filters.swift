import StackExchange

/// What the list shows: a tag filter or search applied over it (back returns), another site, and a site that
/// does not exist.
extension ListScreen {
    /// Replaces the query's tags or search text (what the prompt of `kind` applied) and reloads from page 1.
    mutating func apply(_ text: String, for kind: PromptState.Kind, in context: inout ScreenContext) -> [BrowserEffect] {
        var query = list.query
        switch kind {
        case .tag:
            query.tags = text.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "," }).map(String.init)
        case .search:
            query.searchText = text.isEmpty ? nil : text
            query.searchesStore = false
        case .storeSearch:
            query.searchText = text.isEmpty ? nil : text
            query.searchesStore = !text.isEmpty
        case .find, .editSummary:
            return []
        }
        guard query != list.query else { return [] }
        // The list as it is waits, with nothing in flight, for back to return to it.
        var effects = stopLoading(in: &context)
        list.loadDue = nil
        trail.append(list)
        if trail.count > Self.trailDepth { trail.removeFirst() }
        effects += reload(query: query, in: &context)
        return effects
    }

    /// Back on the list: the list the last tag filter or search was applied over, as it was (its rows, its
    /// selection); nothing when there is none.
    mutating func leaveFilter(in context: inout ScreenContext) -> [BrowserEffect] {
        guard let previous = trail.popLast() else { return [] }
        let effects = stopLoading(in: &context)
        list = previous
        context.notice = nil
        return effects
    }

    /// Browses `site` from its first page: the bookmarks close, and tags and search (which belong to a site) are dropped.
    mutating func browse(_ site: String, in context: inout ScreenContext) -> [BrowserEffect] {
        let effects = closeBookmarks(in: &context)
        var query = list.query
        query.site = site
        query.tags = []
        query.searchText = nil
        trail = []
        return effects + reload(query: query, in: &context)
    }

    /// The list beneath a link's question, once the question has loaded (or failed, or was left): until then its page
    /// would compete with the question for the network, the decoder and the two cores (URL → first frame).
    /// Asked once: a list that has been asked for is never idle with no page again.
    mutating func loadBeneathLinkIfDue(questionLoading: Bool, questionShowing: Bool, in context: inout ScreenContext) -> [BrowserEffect] {
        guard context.configuration.startQuestion != nil, list.loadedPages == 0, list.loadDue == nil,
              case .idle = list.phase(in: context.ledger), !questionLoading
        else { return [] }
        guard questionShowing else { return loadPage(1, in: &context) }
        // Beneath a question that shows, due now and sent on the next turn (`tick`): the frame with the question is
        // drawn first, and the list's store read and request (1.0–1.3 ms on the main thread at launch) come after it.
        list.loadDue = context.now
        return [.wake(after: 0)]
    }

    /// True for the API's answer to a site it does not have: `bad_parameter`, `No site found for name …`.
    static func namesUnknownSite(_ error: APIError) -> Bool {
        guard case .stackExchange(_, let name, let message) = error else { return false }
        return name == "bad_parameter" && message.hasPrefix("No site found")
    }

    /// The list's site does not exist (`--site stackoverfow`): the empty list and the status bar name it, with the
    /// nearest site names when the site list is known, and offer the site picker, instead of `r retries`. The site
    /// list is asked for (from the store when offline) so that the names follow.
    mutating func sayUnknownSite(among sites: [String]? = nil, in context: inout ScreenContext) -> [BrowserEffect] {
        let site = list.query.site
        let known = sites ?? Array(context.siteHosts.keys)
        let message = Self.unknownSiteMessage(site, nearest: NameSuggestion.nearestNames(to: site, among: known),
                                              pickerKey: context.keymap.keys(for: .sites, on: .list).first?.helpLabel)
        list.emptyNotice = message
        context.lastError = message
        return context.askForSiteNames()
    }

    /// `no site "stackoverfow" (did you mean stackoverflow?) — S picks a site`.
    static func unknownSiteMessage(_ site: String, nearest: [String], pickerKey: String?) -> String {
        var message = "no site “\(PlainText.sanitize(site))”"
        if !nearest.isEmpty { message += " (did you mean " + nearest.joined(separator: ", ") + "?)" }
        if let pickerKey { message += " — \(pickerKey) picks a site" }
        return message
    }

    /// The site list arrived: a list whose site is not in it (and that has nothing to show) names the site as unknown,
    /// now with the nearest names. Offline this is how an unknown site is found: nothing was asked of the API. Online
    /// only the API's own answer says so (a site list kept from yesterday may not know a new site).
    mutating func checkSite(against sites: [Site], in context: inout ScreenContext) -> [BrowserEffect] {
        let site = list.query.site
        guard !sites.isEmpty, bookmarks == nil, list.rows.isEmpty, !list.isLoading(in: context.ledger),
              context.status.isOffline || list.emptyNotice != nil
        else { return [] }
        let names = sites.map(\.apiSiteParameter)
        guard !names.contains(site) else { return [] }
        return sayUnknownSite(among: names, in: &context)
    }
}
