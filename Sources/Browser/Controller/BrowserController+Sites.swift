import Operations
import StackExchange

extension BrowserController {
    /// Opens the site picker and asks for the site list on the user queue (a list less than a day old comes at once).
    func openSitePicker() {
        guard let siteList else {
            state.notice = "no site list offline"
            return
        }
        cancelSitesRequest()
        let generation = sitesGeneration
        state.sitePicker = SitePickerState(currentSite: state.list.query.site, startedAt: clock())
        let request = siteList.sites(priority: .user) { [weak self] result in
            self?.receiveSites(result, generation: generation)
        }
        if generation == sitesGeneration, state.sitePicker?.isLoading == true { sitesRequest = request }
    }

    /// Applies the site list, unless the picker was closed or reopened since it was asked for.
    func receiveSites(_ result: Result<[Site], APIError>, generation: Int) {
        guard generation == sitesGeneration else { return }
        sitesRequest = nil
        sitesGeneration += 1
        switch result {
        case .success(let sites):
            for site in sites { state.siteNames[site.apiSiteParameter] = site.plainName }
            state.sitePicker?.receive(sites)
            state.lastError = nil
        case .failure(let error):
            state.sitePicker?.phase = .failed(error.message)
            state.lastError = error.message
        }
        changed()
    }

    /// Feeds a key to the picker: Enter switches to the selected site, Esc closes it (cancelling the list's load).
    func handleSitePickerKey(_ key: Key) {
        guard var picker = state.sitePicker else { return }
        switch picker.handle(key, pageSize: SitePickerView.listHeight(bodyHeight: lastBodyHeight) - 1) {
        case .editing:
            state.sitePicker = picker
        case .cancelled:
            closeSitePicker()
        case .chosen(let site):
            closeSitePicker()
            switchSite(to: site)
        }
    }

    /// Closes the picker, cancelling the site list's load if it is still in flight.
    func closeSitePicker() {
        cancelSitesRequest()
        state.sitePicker = nil
    }

    /// Browses `site` from its first page: the detail closes, and tags and search (which belong to a site) are dropped.
    func switchSite(to site: Site) {
        state.siteNames[site.apiSiteParameter] = site.plainName
        closeDetail()
        var query = state.list.query
        query.site = site.apiSiteParameter
        query.tags = []
        query.searchText = nil
        reload(query: query)
    }

    /// Asks for the site list on the background queue, only so the status bar can name the site (`Unix & Linux`
    /// rather than `unix`); the data manager keeps the list for a day, so this costs at most one request a day
    /// once the list is cached.
    func loadSiteNames() {
        guard let siteList, siteNamesRequest == nil else { return }
        siteNamesRequest = siteList.sites(priority: .background) { [weak self] result in
            guard let self else { return }
            siteNamesRequest = nil
            // Without names the status bar shows the API name, which is still right: nothing to tell the person.
            guard case .success(let sites) = result else { return }
            for site in sites { state.siteNames[site.apiSiteParameter] = site.plainName }
            changed()
        }
    }

    /// Cancels the site list request in flight and makes any completion still on its way stale.
    func cancelSitesRequest() {
        sitesRequest?.cancel()
        sitesRequest = nil
        sitesGeneration += 1
    }
}
