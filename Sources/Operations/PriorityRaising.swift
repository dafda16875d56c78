/// A handle to work in flight that can also move it to the user's priority.
///
/// The browser holds one per request its ledger holds; when the person asks for what a background request is
/// already fetching (the next page, prefetched), the ledger joins the two and the browser raises the work through
/// this handle, so nothing is asked twice.
public protocol PriorityRaising: Cancellable {
    /// Moves the work ahead of background work, if it is not there yet; does nothing once it finished.
    func raiseToUserPriority()
}
