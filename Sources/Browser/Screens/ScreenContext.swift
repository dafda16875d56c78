import Foundation
import StackExchange

/// What the screens share, as one value the model lends to the screen handling an event (`BrowserModel.withScreen`).
///
/// A screen (`SitePickerScreen`, `InboxState`, `PromptScreen`) owns its own state and reaches nothing else of the
/// model: the ledger every request goes through, the time and screen size key handling works in, the run's
/// configuration and features, the lent layouts, and what the status bar shows (`StatusState`, held here once) are
/// all here, in its signature. A move to another screen is a `ScreenTransition` the screen returns and
/// the model carries out.
struct ScreenContext: Equatable, Sendable {
    /// Every request in flight, with what it is for.
    var ledger = RequestLedger()
    /// The time of the event being handled (or the last one).
    var now: Date
    /// The screen size key handling works in (page moves, scroll bounds); set by `.resize`.
    var width = 80
    var height = 11
    /// The browser's settings; only the pictures' cell size changes after the start (`BrowserModel.changeCellSize`).
    var configuration: BrowserConfiguration
    let features: BrowserFeatures
    /// The runner's layout memo, lent for the length of one event (`BrowserModel.handle(_:at:layouts:)`).
    var lent = LentLayouts()
    /// How near the end of the list the selection must come for the next page to be prefetched; 0 turns it off.
    var prefetchDistance = 5
    /// Each site's host, from the site list's `site_url` (`QuestionLink.host(ofSiteURL:)`), for the links copied.
    var siteHosts: [String: String] = [:]
    /// Whether the site names for the status bar were asked for (once, after the first list page's answer).
    var siteNamesRequested = false

    /// What the status bar shows: the one value, which the screens say through and the views draw.
    var status = StatusState()

    init(configuration: BrowserConfiguration, features: BrowserFeatures, now: Date) {
        self.configuration = configuration
        self.features = features
        self.now = now
    }

    var keymap: Keymap { configuration.keymap }
    /// The rows above the status bar.
    var bodyHeight: Int { max(1, height - 1) }

    /// The layouts key handling reads: the memo lent for this event, or a fresh one outside an event.
    var layouts: LayoutMemo { lent.memo ?? LayoutMemo(highlightsCode: configuration.highlightsCode) }

    /// The error line: set it to say an error, nil to clear it (`StatusState.lastError`).
    var lastError: String? {
        get { status.lastError }
        set { status.lastError = newValue }
    }

    /// The notice: a finished action (it fades) or, ending in `…`, work under way; nil clears it.
    var notice: String? {
        get { status.notice }
        set { status.notice = newValue }
    }

    /// Says `text` as a warning: it stays until the next key on this screen.
    mutating func say(warning text: String) {
        status.say(warning: text)
    }

    /// Remembers what a failure says about the API as a whole (`StatusState.noteAPIFailure`).
    mutating func noteAPIFailure(_ error: APIError) {
        status.noteAPIFailure(error)
    }

    /// The site names for the status bar, in the background, once: asked after the first list page's answer, so
    /// that the site list (a large answer) never competes with the first page for the network or the decoder.
    mutating func askForSiteNames() -> [BrowserEffect] {
        guard features.siteList, !siteNamesRequested else { return [] }
        siteNamesRequested = true
        return ledger.issue(.sites, lane: .background, purpose: .siteNames, at: now).effects
    }

    /// The link of `question` of `site` as it may be copied or opened: the API's when it is clean, else rebuilt.
    func link(of question: Question, site: String) -> String {
        QuestionLink.link(question.link, site: site, questionID: question.questionID, siteHost: siteHosts[site])
    }

    /// `y`: copies the link of `question` of `site`; the status bar says what was copied.
    func copyLink(of question: Question, site: String) -> [BrowserEffect] {
        let link = link(of: question, site: site)
        return Self.copying(link) { _ in "copied \(link)" }
    }

    /// Copies `text` without the characters the screen does not draw (bidi controls, zero-width and control
    /// characters: `InvisibleCharacters`), the one filter of every copy; `confirmation` is given how many went.
    static func copying(_ text: String, confirmation: (Int) -> String) -> [BrowserEffect] {
        let cleaned = InvisibleCharacters.removed(from: text)
        return [.copy(cleaned.text, confirmation: confirmation(cleaned.count))]
    }
}
