/// A handle that cancels work scheduled earlier.
///
/// Data managers hand one back for every request; calling `cancel()` more than once, or after
/// the work finished, does nothing.
public protocol Cancellable: Sendable {
    /// Cancels the work if it has not finished yet.
    func cancel()
}
