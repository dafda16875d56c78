/// Where a link's launch stands with the start it defers: the inbox and the watches wait for the question's frame.
enum DeferredStart: Equatable {
    /// Nothing deferred (a launch without a link, or the deferred start has run).
    case none
    /// The question is still loading.
    case waitingForQuestion
    /// The question's frame is out: the next tick starts them.
    case due
}
