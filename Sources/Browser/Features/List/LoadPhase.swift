public import Foundation

/// Where the question list's paging stands: nothing in flight, one page loading, or the last load cancelled or failed.
///
/// Derived, never kept: the load in flight is the ledger's, how the last one ended is the paging machine's
/// (`PagingMachine.phase`).
public enum LoadPhase: Hashable, Sendable {
    case idle
    case loading(page: Int, startedAt: Date)
    case cancelled
    case failed(String)

    /// The page in flight, if any.
    public var loadingPage: Int? {
        if case .loading(let page, _) = self { return page }
        return nil
    }
}
