import StackExchange

/// The site list's way through the model: the picker (`SitePickerScreen`) opens and answers through its screen;
/// the names and hosts the list learns are the model's, and choosing a site reloads the list.
extension BrowserModel {
    /// `S`: opens the site picker on the list's site.
    mutating func openSitePicker() -> [BrowserEffect] {
        let site = state.list.query.site
        let effects = withScreen(\.sitePickerScreen) { $0.open(currentSite: site, in: &$1) }
        if state.sitePicker != nil { state.stack.push(.sitePicker) }
        return effects
    }

    /// The site list arrived: its names and hosts are learnt, the list's site is checked against it, and the
    /// picker (when it asked) shows it.
    mutating func receiveSites(_ result: Result<[Site], APIError>, for purpose: RequestPurpose) -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        if case .success(let sites) = result {
            for site in sites {
                state.siteNames[site.apiSiteParameter] = site.plainName
                context.siteHosts[site.apiSiteParameter] = QuestionLink.host(ofSiteURL: site.siteURL)
            }
            effects += withScreen(\.listScreen) { $0.checkSite(against: sites, in: &$1) }
        }
        // Without names the status bar shows the API name, which is still right: nothing to tell the person.
        guard purpose == .sitePicker else { return effects }
        withScreen(\.sitePickerScreen) { $0.receive(result, in: &$1) }
        return effects
    }

    /// Browses `site` from its first page: the detail closes, and tags and search (which belong to a site) are dropped.
    mutating func switchSite(to site: Site) -> [BrowserEffect] {
        state.siteNames[site.apiSiteParameter] = site.plainName
        if let host = QuestionLink.host(ofSiteURL: site.siteURL) { context.siteHosts[site.apiSiteParameter] = host }
        let effects = closeDetail()
        return effects + withScreen(\.listScreen) { $0.browse(site.apiSiteParameter, in: &$1) }
    }
}
