/// Puts text on the clipboard without blocking; the terminal's implementation writes OSC 52 or runs `copy_command`.
public protocol Copying: Sendable {
    /// Starts copying `text`; `completion` runs on the main actor with nil on success or a one-line error.
    func copy(_ text: String, completion: @escaping @MainActor @Sendable (String?) -> Void)
}

/// The clipboard of a browser that was given none: every copy fails with a message.
public struct NoClipboard: Copying {
    public init() {}

    public func copy(_ text: String, completion: @escaping @MainActor @Sendable (String?) -> Void) {
        Task { @MainActor in completion("no clipboard") }
    }
}
