import Foundation

/// The one hop a completion takes to the main queue: from the thread its request finished on, straight to main.
///
/// A value so that tests can count the hops (a hop of their own that counts, then goes to the main queue);
/// everything else uses `.mainQueue`.
public struct MainQueueHop: Sendable {
    private let dispatch: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// A hop that hands each block to `dispatch`, which must run it on the main queue.
    public init(_ dispatch: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.dispatch = dispatch
    }

    /// `DispatchQueue.main.async`.
    public static let mainQueue = MainQueueHop { DispatchQueue.main.async(execute: $0) }

    /// Runs `work` on the main queue, later.
    func callAsFunction(_ work: @escaping @Sendable () -> Void) {
        dispatch(work)
    }
}
