public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIError {
    /// True when the network could not be reached at all (connection refused, host not found, timeout, no
    /// network): the browser then says `offline` and goes on showing what the store has.
    public var isOffline: Bool {
        guard case .transport(let error) = self else { return false }
        switch error.code {
        case .cannotConnectToHost, .cannotFindHost, .timedOut, .notConnectedToInternet, .networkConnectionLost,
             .dnsLookupFailed, .cannotLoadFromNetwork:
            return true
        default:
            return false
        }
    }
}
