public import Foundation

/// An operation is a `Cancellable`: cancelling it cancels its work.
extension Operation: Cancellable {}
