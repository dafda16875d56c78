/// Each screen's own state, as one value: what a screen is lent when it handles an event (`BrowserModel.withScreen`).
///
/// Which of them shows is the `ScreenStack`'s to say; a screen's value outlives its showing where it keeps
/// something for the next time (the inbox's items, the watches, the prompts' histories).
public struct BrowserScreens: Equatable, Sendable {
    /// The question list screen: the list, the lists a filter was applied over, and the bookmarks.
    public var listScreen: ListScreen
    /// The question detail screen: the open question and the comment editor.
    public var detailScreen = DetailScreen()
    /// The prompts (tag, search, find) and what each applied.
    public var prompts = PromptScreen()
    /// The site picker screen: its picker, while it is open.
    public var sitePickerScreen = SitePickerScreen()
    /// The inbox screen's content: its items, the unread count for the badge, its selection.
    public var inbox = InboxState()
    /// Watching: the watches, what they found unseen, the terminal's focus and the `W` screen's selection.
    public var watch = WatchState()
    /// The messages screen's scroll.
    public var messagesScreen = MessagesScreen()
    /// The writing screen: a text written in the editor on its way to the site, while it shows.
    public var writing: WritingState?
    /// The drafts screen (`D`).
    public var drafts = DraftsScreen()
    /// How far the help is scrolled, when it is taller than the screen.
    public var helpScroll = LineScroll()

    init(list: ListState) {
        listScreen = ListScreen(list: list)
    }
}
