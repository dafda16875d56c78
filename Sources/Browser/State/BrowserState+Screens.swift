public import Foundation

extension BrowserState {
    /// The question list screen (`BrowserScreens`).
    public var listScreen: ListScreen {
        get { screens.listScreen }
        set { screens.listScreen = newValue }
        _modify { yield &screens.listScreen }
    }

    /// The question detail screen (`BrowserScreens`).
    public var detailScreen: DetailScreen {
        get { screens.detailScreen }
        set { screens.detailScreen = newValue }
        _modify { yield &screens.detailScreen }
    }

    /// The prompts and their histories (`BrowserScreens`).
    public var prompts: PromptScreen {
        get { screens.prompts }
        set { screens.prompts = newValue }
        _modify { yield &screens.prompts }
    }

    /// The site picker screen (`BrowserScreens`).
    public var sitePickerScreen: SitePickerScreen {
        get { screens.sitePickerScreen }
        set { screens.sitePickerScreen = newValue }
        _modify { yield &screens.sitePickerScreen }
    }

    /// The inbox screen's content and the badge (`BrowserScreens`).
    public var inbox: InboxState {
        get { screens.inbox }
        set { screens.inbox = newValue }
        _modify { yield &screens.inbox }
    }

    /// Watching, and the `W` screen's selection (`BrowserScreens`).
    public var watch: WatchState {
        get { screens.watch }
        set { screens.watch = newValue }
        _modify { yield &screens.watch }
    }

    /// The messages screen's scroll (`BrowserScreens`).
    public var messagesScreen: MessagesScreen {
        get { screens.messagesScreen }
        set { screens.messagesScreen = newValue }
        _modify { yield &screens.messagesScreen }
    }

    /// The writing screen's text and step, while it shows (`BrowserScreens`).
    public var writing: WritingState? {
        get { screens.writing }
        set { screens.writing = newValue }
        _modify { yield &screens.writing }
    }

    /// The drafts screen (`BrowserScreens`).
    public var drafts: DraftsScreen {
        get { screens.drafts }
        set { screens.drafts = newValue }
        _modify { yield &screens.drafts }
    }

    /// How far the help is scrolled (`BrowserScreens`).
    public var helpScroll: LineScroll {
        get { screens.helpScroll }
        set { screens.helpScroll = newValue }
        _modify { yield &screens.helpScroll }
    }

    /// The status bar's messages (`StatusState`).
    public var messages: StatusMessages {
        get { status.messages }
        set { status.messages = newValue }
        _modify { yield &status.messages }
    }

    /// The display name of each site by API name, once known (`StatusState`).
    public var siteNames: [String: String] {
        get { status.siteNames }
        set { status.siteNames = newValue }
        _modify { yield &status.siteNames }
    }

    /// Set when the network could not be reached (`StatusState`).
    public var isOffline: Bool {
        get { status.isOffline }
        set { status.isOffline = newValue }
        _modify { yield &status.isOffline }
    }

    /// The API's `quota_remaining` from the last response that carried it (`StatusState`).
    public var quotaRemaining: Int? {
        get { status.quotaRemaining }
        set { status.quotaRemaining = newValue }
        _modify { yield &status.quotaRemaining }
    }

    /// Until when the API throttles us (`StatusState`).
    public var throttledUntil: Date? {
        get { status.throttledUntil }
        set { status.throttledUntil = newValue }
        _modify { yield &status.throttledUntil }
    }

    /// Who is signed in, if anyone (`StatusState`).
    public var account: AccountState {
        get { status.account }
        set { status.account = newValue }
        _modify { yield &status.account }
    }

    /// The open question, or nil on the list screen (`DetailScreen`).
    public var detail: DetailState? {
        get { detailScreen.detail }
        set { detailScreen.detail = newValue }
        _modify { yield &detailScreen.detail }
    }

    /// The comment being written, while the editor is open (`DetailScreen`).
    public var commentEditor: CommentEditorState? {
        get { detailScreen.editor }
        set { detailScreen.editor = newValue }
        _modify { yield &detailScreen.editor }
    }

    /// The question list showing (`ListScreen`).
    public var list: ListState {
        get { listScreen.list }
        set { listScreen.list = newValue }
        _modify { yield &listScreen.list }
    }

    /// The lists a tag filter or a search was applied over, newest last (`ListScreen`).
    public var listTrail: [ListState] {
        get { listScreen.trail }
        set { listScreen.trail = newValue }
        _modify { yield &listScreen.trail }
    }

    /// The bookmarks list, while it is showing in place of the question list (`ListScreen`).
    public var bookmarks: BookmarksScreen? {
        get { listScreen.bookmarks }
        set { listScreen.bookmarks = newValue }
        _modify { yield &listScreen.bookmarks }
    }

    /// The tag, search or find prompt being edited, or nil (`PromptScreen`).
    public var prompt: PromptState? {
        get { prompts.prompt }
        set { prompts.prompt = newValue }
        _modify { yield &prompts.prompt }
    }

    /// What each prompt applied, for Up and Down in it; kept across runs (`PromptScreen`).
    public var promptHistory: PromptHistory {
        get { prompts.history }
        set { prompts.history = newValue }
        _modify { yield &prompts.history }
    }

    /// The site picker, while it is open (`SitePickerScreen`).
    public var sitePicker: SitePickerState? {
        get { sitePickerScreen.picker }
        set { sitePickerScreen.picker = newValue }
        _modify { yield &sitePickerScreen.picker }
    }
}
