import StackExchange
import StorePorts

/// A move from one screen to another that a screen asks for and the model carries out (no screen opens or
/// changes another itself), or what the model keeps for every screen (the marks, quitting).
enum ScreenTransition: Equatable {
    /// The help over the screen showing.
    case openHelp
    /// `screen` closes (it is taken off the `ScreenStack`): the one under it shows again.
    case close(Screen)
    /// A question, on its own site (the list's, the inbox's, a link's).
    case openQuestion(Question, site: String)
    /// The question selected in a list (Enter, or a click on the selected row): opened as `openQuestion`, after what
    /// the watches found on it is marked seen.
    case openListedQuestion(Question, site: String)
    /// Back from the question to the list (the find prompt closes with it).
    case closeQuestion
    /// The site picker's choice: it closes, and the list browses `site` from its first page.
    case browseSite(Site)
    /// The prompt of `kind`, holding `text`.
    case openPrompt(PromptState.Kind, text: String)
    case openSitePicker
    case openInbox
    /// The watched items screen (`W`), over the list (a question open is closed first).
    case openWatches
    /// A watch's new items, shown by the list in place of the question list until back (the `W` screen closes).
    case showWatchedItems([ListRow], notice: String)
    /// The person's read mark or bookmark on a question, kept for every screen.
    case toggleRead(Question, site: String)
    case toggleBookmark(Question, site: String)
    /// A write landed on `site` (or was found there): the writing screen closes and the post shows.
    case writeLanded(WrittenPost, site: String, target: WriteTarget)
    /// Quitting: everything in flight is cancelled.
    case quit
}

/// What a screen did with an event: the effects for the runner, and the move to another screen, if any.
struct ScreenReply: Equatable {
    var effects: [BrowserEffect] = []
    var transition: ScreenTransition?

    init(_ effects: [BrowserEffect] = [], then transition: ScreenTransition? = nil) {
        self.effects = effects
        self.transition = transition
    }
}
