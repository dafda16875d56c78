import Foundation

/// Who sent a request: nobody signed in, or the owner of a token the replica issued.
struct Caller {
    var token: String
    var grant: ReplicaGrant
}

extension APIRouter {
    /// Checks the `access_token` of a request the way the API does, in its order: none where one is needed
    /// (`401`), no `key` beside it (`405`), sent to a host that is not loopback, where it would have crossed the
    /// network in clear text (`406`: the token is de-authorised on the spot, as the API does), not one the replica
    /// issued or no longer valid (`402`), and without the scope the method needs (`403`).
    ///
    /// Returns nil for a request without a token that needs none.
    func authenticate(
        query: [String: String], host: String?, needsToken: Bool, scope: String?, now: Date
    ) -> Result<Caller?, RefusedRequest> {
        guard let token = query["access_token"], !token.isEmpty else {
            guard !needsToken else {
                return .failure(RefusedRequest(.error(id: 401, name: "access_token_required", message: "This method requires an access_token.")))
            }
            return .success(nil)
        }
        guard let key = query["key"], !key.isEmpty else {
            return .failure(RefusedRequest(.error(id: 405, name: "key_required", message: "An access_token was passed without a key.")))
        }
        guard Self.isLoopback(host: host) else {
            accounts.revoke(token)
            return .failure(RefusedRequest(.error(
                id: 406, name: "access_token_compromised",
                message: "The access_token was sent over an insecure connection and has been invalidated.")))
        }
        guard let grant = accounts.validGrant(token, now: now) else {
            return .failure(RefusedRequest(.error(
                id: 402, name: "invalid_access_token", message: "The access_token is invalid, expired or was de-authorised.")))
        }
        if let scope, !grant.scopes.contains(scope) {
            return .failure(RefusedRequest(.error(id: 403, name: "access_denied", message: "This method requires the \(scope) scope.")))
        }
        return .success(Caller(token: token, grant: grant))
    }

    /// True when the `Host` a request was sent to is a loopback address: the only plain-http host a token may
    /// travel to (the replica never serves https).
    static func isLoopback(host: String?) -> Bool {
        guard var name = host?.lowercased() else { return true }
        if name.hasPrefix("[") {
            name = String(name.dropFirst().prefix { $0 != "]" })
        } else if let colon = name.lastIndex(of: ":"), name.filter({ $0 == ":" }).count == 1 {
            name = String(name[..<colon])
        }
        if name == "localhost" || name == "::1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}

/// A request refused with the response the API would send.
struct RefusedRequest: Error {
    var response: APIResponse
    init(_ response: APIResponse) { self.response = response }
}
