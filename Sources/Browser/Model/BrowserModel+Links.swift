extension BrowserModel {
    /// Opens the detail's numbered link `[number]`, as a click on it does; says so when the page has no such link.
    mutating func followLink(_ number: Int) -> [BrowserEffect] {
        guard let detail = state.detail, let document = layouts.document(for: detail, width: width, now: now) else { return [] }
        guard document.links.indices.contains(number - 1) else {
            state.say(warning: document.links.isEmpty ? "no numbered links on this page" : "no link [\(number)]: the page has [1]–[\(document.links.count)]")
            return []
        }
        state.notice = "opening link [\(number)] in the browser"
        return [.openURL(document.links[number - 1])]
    }
}
