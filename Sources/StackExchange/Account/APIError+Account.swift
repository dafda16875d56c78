extension APIError {
    /// The API's `error_id`s that end a sign-in: `402 invalid_access_token` (expired or de-authorised) and
    /// `406 access_token_compromised` (it crossed the network in clear text and the API withdrew it).
    public static let signOutIDs: Set<Int> = [402, 406]

    /// True when the token is no longer good: the person is signed out.
    public var endsSignIn: Bool {
        if case .stackExchange(let id, _, _) = self { return Self.signOutIDs.contains(id) }
        return false
    }

    /// The error as the site says it (`write_failed: You can't vote for your own post.`); other errors as `message`.
    public var siteMessage: String {
        if case .stackExchange(_, let name, let message) = self { return Self.oneLine("\(name): \(message)") }
        return message
    }

    /// Why the sign-in ended, in one line, for a failure that `endsSignIn`.
    public var signOutReason: String {
        guard case .stackExchange(let id, _, _) = self else { return "signed out" }
        return id == 406
            ? "signed out: the API withdrew the token (it was sent over plain http); sign in again with stackterm login"
            : "signed out: the token is no longer valid (expired or de-authorised); sign in again with stackterm login"
    }
}
