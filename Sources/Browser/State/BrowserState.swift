public import Foundation

/// Everything the screens show, as one value: which screens show (`stack`), each screen's own state (`screens`),
/// and what they share, with the status bar's (`shared`, whose `StatusState` is held there once).
public struct BrowserState: Equatable, Sendable {
    /// The screens showing, bottom first: the top one takes the keys and is drawn.
    public internal(set) var stack = ScreenStack()
    /// Each screen's own state.
    public internal(set) var screens: BrowserScreens
    /// What the screens share: the ledger, the time, the size, and what the status bar shows (`status`).
    var shared: ScreenContext
    /// True once the help was opened (in any run): the status bar then stops offering `? help`.
    public var helpSeen = false

    init(list: ListState, shared: ScreenContext) {
        screens = BrowserScreens(list: list)
        self.shared = shared
    }

    /// The screen `frameInfo` reports: the one on top.
    public var screenName: String { stack.top.name }

    /// The screen whose help and messages show on top: the top one, past the overlays and the watches (which
    /// read the list's keymap and say nothing of their own).
    public var contextScreen: Screen {
        stack.screens.last { !$0.isOverlay && $0 != .watches } ?? .list
    }

    /// The screen an action (a key the keymap read) is for: the top one, past the overlays, which take theirs
    /// first, and the site picker, which reads its own keys.
    public var actionScreen: Screen {
        stack.screens.last { !$0.isOverlay && $0 != .sitePicker } ?? .list
    }

    /// What the status bar shows: the messages, the site names, the network, the quota and throttle, the account.
    public var status: StatusState {
        get { shared.status }
        set { shared.status = newValue }
        _modify { yield &shared.status }
    }
}
