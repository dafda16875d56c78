public import Foundation

/// Everything the screens show, as one value: the list, the open detail, the prompt, help and the status messages.
public struct BrowserState: Equatable, Sendable {
    /// The question list screen: `list`, `listTrail` and `bookmarks` read it.
    public var listScreen: ListScreen
    /// The question detail screen: `detail` and `commentEditor` read it.
    public var detailScreen = DetailScreen()
    /// The prompts (tag, search, find) and what each applied: `prompt` and `promptHistory` read it.
    public var prompts = PromptScreen()
    public var isHelpVisible = false
    /// How far the help is scrolled, when it is taller than the screen.
    public var helpScroll = LineScroll()
    /// True once the help was opened (in any run): the status bar then stops offering `? help`.
    public var helpSeen = false
    /// The site picker screen: `sitePicker` reads its picker, while it is open.
    public var sitePickerScreen = SitePickerScreen()
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
    /// Until when the API throttles us: the status bar counts down to it.
    public var throttledUntil: Date?
    /// Who is signed in, if anyone.
    public var account: AccountState = .signedOut(reason: nil)
    /// The inbox: its items, the unread count for the badge, and the screen while it shows.
    public var inbox = InboxState()
    /// Watching: the watches, what they found unseen, the terminal's focus and the `W` screen (issue 30).
    public var watch = WatchState()

    public init(list: ListState) {
        listScreen = ListScreen(list: list)
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
