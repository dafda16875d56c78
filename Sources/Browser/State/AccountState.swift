/// Whether someone is signed in, as the browser knows it: signed in as a name, or signed out (and why, when a
/// sign-in ended this run).
public enum AccountState: Hashable, Sendable {
    case signedIn(name: String)
    case signedOut(reason: String?)

    public var isSignedIn: Bool {
        if case .signedIn = self { return true }
        return false
    }
}
