/// A screen the browser shows. The screens showing form a stack (`ScreenStack`): the top one takes the keys, says
/// what the help lists and is drawn, over the ones under it or in their place.
///
/// A screen's own state is not here but in its value (`ListScreen`, `DetailScreen`, `InboxState`, `WatchState`,
/// `SitePickerScreen`, `MessagesScreen`, the help's scroll in `BrowserState`): the case says only that it shows.
public enum Screen: String, CaseIterable, Hashable, Sendable {
    /// The question list (or the bookmarks, or a watch's new items, in its place): always at the bottom.
    case list
    /// A question with its answers (and the comment editor, while one is written).
    case detail
    /// The inbox (`i`).
    case inbox
    /// The watched items (`W`).
    case watches
    /// The site picker (`S`).
    case sitePicker = "sites"
    /// A text written in the editor on its way to the site: the draft offered back, a new question's checks, the
    /// site's preview, the post (`A`, `e`).
    case writing
    /// The drafts kept (`D`).
    case drafts
    /// Every message of the run (`M`), over the screen it was opened from.
    case messages
    /// The keys of the screen under it (`?`, F1).
    case help

    /// The name `frameInfo` reports (`BrowserState.screenName`).
    public var name: String { rawValue }

    /// True for the screens drawn over the one under it, which stays in sight around them (the help box, the
    /// messages); the others are drawn in its place.
    public var isOverlay: Bool { self == .help || self == .messages }
}
