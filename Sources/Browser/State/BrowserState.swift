public import Foundation

/// Everything the screens show, as one value: the list, the open detail, the prompt, help and the status messages.
public struct BrowserState: Equatable, Sendable {
    public var list: ListState
    /// The open question, or nil on the list screen.
    public var detail: DetailState?
    /// The tag or search prompt being edited, or nil.
    public var prompt: PromptState?
    public var isHelpVisible = false
    /// How far the help is scrolled, when it is taller than the screen.
    public var helpScroll = LineScroll()
    /// True once the help was opened (in any run): the status bar then stops offering `? help`.
    public var helpSeen = false
    /// What each prompt applied, for Up and Down in it; kept across runs.
    public var promptHistory = PromptHistory()
    /// The lists a tag filter or a search was applied over, newest last: back returns to them as they were.
    public var listTrail: [ListState] = []
    /// The site picker, while it is open.
    public var sitePicker: SitePickerState?
    /// The display name of each site by API name, once the site list has been loaded.
    public var siteNames: [String: String] = [:]
    /// The status bar's messages with their lifetimes, and the log of every one of the run (`StatusMessages`).
    public var messages = StatusMessages()
    /// The messages screen, while it shows over the screen it was opened from.
    public var messagesScreen: MessagesScreen?
    /// The API's `quota_remaining` from the last response that carried it.
    public var quotaRemaining: Int?
    /// Set when the network could not be reached; the screens go on showing what the store has.
    public var isOffline = false
    /// The bookmarks list, while it is showing in place of the question list.
    public var bookmarks: BookmarksScreen?
    /// Until when the API throttles us: the status bar counts down to it.
    public var throttledUntil: Date?
    /// Who is signed in, if anyone.
    public var account: AccountState = .signedOut(reason: nil)
    /// The inbox: its items, the unread count for the badge, and the screen while it shows.
    public var inbox = InboxState()
    /// The comment being written, while the editor is open.
    public var commentEditor: CommentEditorState?
    /// Watching: the watches, what they found unseen, the terminal's focus and the `W` screen (issue 30).
    public var watch = WatchState()

    public init(list: ListState) {
        self.list = list
    }

    /// The screen `frameInfo` reports: help over everything, then detail, else list.
    public var screenName: String {
        if isHelpVisible { return "help" }
        if messagesScreen != nil { return "messages" }
        if sitePicker != nil { return "sites" }
        if watch.screen != nil { return "watches" }
        return detail == nil ? "list" : "detail"
    }
}
