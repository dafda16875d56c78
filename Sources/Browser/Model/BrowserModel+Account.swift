import Foundation
import StackExchange

extension BrowserModel {
    /// Who the model starts signed in as: the configuration's name, when the runner has the account's port.
    static func initialAccount(configuration: BrowserConfiguration, features: BrowserFeatures) -> AccountState {
        guard features.account, let name = configuration.signedInAs else { return .signedOut(reason: nil) }
        return .signedIn(name: name)
    }

    /// A `402` or `406` from any request ends the sign-in: the token is forgotten (the runner deletes it), the
    /// badge goes, the account's requests in flight are cancelled, and the status bar says why in one line.
    mutating func signOut(because error: APIError) -> [BrowserEffect] {
        guard state.account.isSignedIn else { return [] }
        let reason = error.signOutReason
        state.account = .signedOut(reason: reason)
        state.lastError = reason
        state.notice = nil
        state.inbox.signedOut()
        state.stack.remove(.inbox)
        state.detailScreen.signedOut()
        let cancelled = ledger.cancelAll { [.inbox, .inboxBadge, .vote, .commentPreview, .commentPost].contains($0) }
        return [.signOut] + cancelled
    }
}
