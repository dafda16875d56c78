import StackExchange

extension BrowserModel {
    /// Opens the site picker and asks for the site list on the user lane (a list under a day old comes at once).
    mutating func openSitePicker() -> [BrowserEffect] {
        guard features.siteList else {
            state.say(warning: "no site list offline")
            return []
        }
        let effects = ledger.cancelAll(for: .sitePicker)
        state.sitePicker = SitePickerState(currentSite: state.list.query.site, startedAt: now)
        return effects + ledger.issue(.sites, lane: .user, purpose: .sitePicker, at: now).effects
    }

    /// Applies the site list to the picker, or to the status bar's names.
    mutating func receiveSites(_ result: Result<[Site], APIError>, for purpose: RequestPurpose) -> [BrowserEffect] {
        if case .success(let sites) = result {
            for site in sites {
                state.siteNames[site.apiSiteParameter] = site.plainName
                siteHosts[site.apiSiteParameter] = QuestionLink.host(ofSiteURL: site.siteURL)
            }
        }
        // Without names the status bar shows the API name, which is still right: nothing to tell the person.
        guard purpose == .sitePicker else { return [] }
        switch result {
        case .success(let sites):
            state.sitePicker?.receive(sites)
            state.lastError = nil
        case .failure(let error):
            state.sitePicker?.phase = .failed(error.message)
            state.lastError = error.message
        }
        return []
    }

    /// A key in the picker: the `sites` screen of the keymap moves, chooses and closes; every other key edits the filter.
    mutating func handleSitePickerKey(_ key: Key) -> [BrowserEffect] {
        guard var picker = state.sitePicker else { return [] }
        let pageSize = SitePickerView.listHeight(bodyHeight: bodyHeight) - 1
        let outcome: SitePickerState.Outcome
        if let action = keymap.action(for: key, on: .sitePicker) {
            if action == .toggleHelp { return openHelp() }
            outcome = picker.perform(action, pageSize: pageSize)
        } else {
            outcome = picker.edit(key)
        }
        return sitePicker(picker, did: outcome)
    }

    /// Performs one picker action (a click chooses with `.open`).
    mutating func handleSitePickerAction(_ action: Action) -> [BrowserEffect] {
        guard var picker = state.sitePicker else { return [] }
        let outcome = picker.perform(action, pageSize: SitePickerView.listHeight(bodyHeight: bodyHeight) - 1)
        return sitePicker(picker, did: outcome)
    }

    private mutating func sitePicker(_ picker: SitePickerState, did outcome: SitePickerState.Outcome) -> [BrowserEffect] {
        switch outcome {
        case .editing:
            state.sitePicker = picker
            return []
        case .cancelled:
            return closeSitePicker()
        case .chosen(let site):
            return closeSitePicker() + switchSite(to: site)
        }
    }

    /// Closes the picker, cancelling the site list's load if it is still in flight.
    mutating func closeSitePicker() -> [BrowserEffect] {
        state.sitePicker = nil
        return ledger.cancelAll(for: .sitePicker)
    }

    /// Browses `site` from its first page: the detail closes, and tags and search (which belong to a site) are dropped.
    mutating func switchSite(to site: Site) -> [BrowserEffect] {
        state.siteNames[site.apiSiteParameter] = site.plainName
        if let host = QuestionLink.host(ofSiteURL: site.siteURL) { siteHosts[site.apiSiteParameter] = host }
        var effects = closeDetail()
        if state.bookmarks != nil { effects += closeBookmarks() }
        var query = state.list.query
        query.site = site.apiSiteParameter
        query.tags = []
        query.searchText = nil
        state.listTrail = []
        return effects + reload(query: query)
    }
}
