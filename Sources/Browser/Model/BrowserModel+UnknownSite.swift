import StackExchange

extension BrowserModel {
    /// True for the API's answer to a site it does not have: `bad_parameter`, `No site found for name …`.
    static func namesUnknownSite(_ error: APIError) -> Bool {
        guard case .stackExchange(_, let name, let message) = error else { return false }
        return name == "bad_parameter" && message.hasPrefix("No site found")
    }

    /// The list's site does not exist (`--site stackoverfow`): the empty list and the status bar name it, with the
    /// nearest site names when the site list is known, and offer the site picker, instead of `r retries`. The site
    /// list is asked for (from the store when offline) so that the names follow.
    mutating func sayUnknownSite(among sites: [String]? = nil) -> [BrowserEffect] {
        let site = state.list.query.site
        let known = sites ?? Array(siteHosts.keys)
        let message = Self.unknownSiteMessage(site, nearest: NameSuggestion.nearestNames(to: site, among: known),
                                              pickerKey: keymap.keys(for: .sites, on: .list).first?.helpLabel)
        state.list.emptyNotice = message
        state.lastError = message
        return askForSiteNames()
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
    mutating func checkListSite(against sites: [Site]) -> [BrowserEffect] {
        let site = state.list.query.site
        guard !sites.isEmpty, state.bookmarks == nil, state.list.rows.isEmpty, !state.list.isLoading,
              state.isOffline || state.list.emptyNotice != nil
        else { return [] }
        let names = sites.map(\.apiSiteParameter)
        guard !names.contains(site) else { return [] }
        return sayUnknownSite(among: names)
    }
}
