/// The messages screen (`M`): every notice and error of the run with its time, in full, scrolled by line.
public struct MessagesScreen: Equatable, Sendable {
    /// The first line shown; opens at the end, where the newest messages are.
    public var scroll = LineScroll(top: .max)

    public init() {}
}
