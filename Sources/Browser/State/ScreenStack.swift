/// The screens showing, bottom first: the list at the bottom, the screen on top takes the keys and is drawn.
///
/// Opening a screen pushes it; Esc, back or its own key pops it, and the one under it shows again as it was.
/// Each screen is on the stack at most once: opening one that shows already brings it to the top.
public struct ScreenStack: Hashable, Sendable {
    /// Bottom first; never empty, and `.list` is always at the bottom.
    public private(set) var screens: [Screen] = [.list]

    public init() {}

    /// The screen on top: it takes the keys.
    public var top: Screen { screens[screens.count - 1] }

    /// The screen under the overlays (help, messages): the one drawn in full.
    public var base: Screen { screens.last { !$0.isOverlay } ?? .list }

    /// True while `screen` is on the stack, on top or under others.
    public func contains(_ screen: Screen) -> Bool { screens.contains(screen) }

    /// Puts `screen` on top (taken from where it was, if it was on the stack).
    public mutating func push(_ screen: Screen) {
        guard screen != .list else { return }
        screens.removeAll { $0 == screen }
        screens.append(screen)
    }

    /// Takes the top screen off; the list stays.
    public mutating func pop() {
        if screens.count > 1 { screens.removeLast() }
    }

    /// Takes `screen` off wherever it is (a question closed under the site picker); the list stays.
    public mutating func remove(_ screen: Screen) {
        guard screen != .list else { return }
        screens.removeAll { $0 == screen }
    }
}
