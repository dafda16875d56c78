import Foundation
import Synchronization

/// The replica's accounts: the tokens it issued, and what each one's owner did (votes, favourites, comments),
/// behind one lock. Scores move with the votes for every reader, as on the site.
final class ReplicaAccounts: Sendable {
    /// A post of a site.
    struct PostKey: Hashable {
        var site: String
        var id: Int
    }

    enum Vote: Equatable {
        case up, down
    }

    /// How long an identical write from the same token counts as a repeat (`409 duplicate_request`). The API
    /// documents the error, not the window: 5 seconds is the replica's choice.
    static let duplicateWindow: TimeInterval = 5
    /// How long after casting a vote it can still be undone; then it is locked in until the post is edited, as on
    /// the site.
    static let voteLockWindow: TimeInterval = 300
    /// How long a token without `no_expiry` lives (the API says "a day" for the implicit flow's tokens).
    static let tokenLifetime: TimeInterval = 86_400

    private struct Values {
        var grants: [String: ReplicaGrant] = [:]
        var issuedAt: [String: Date] = [:]
        var revoked: Set<String> = []
        var votes: [String: [PostKey: Vote]] = [:]
        var votedAt: [String: [PostKey: Date]] = [:]
        var favorites: [String: Set<PostKey>] = [:]
        var scoreDelta: [PostKey: Int] = [:]
        var lastComment: [String: Date] = [:]
        /// Comments each token made on each UTC day (days since 1970).
        var commentsOnDay: [String: (day: Int, count: Int)] = [:]
        var addedComments: [PostKey: [WireComment]] = [:]
        /// Who made each added comment (its id → the token), for `/me/comments`.
        var commentAuthors: [Int: String] = [:]
        var nextCommentID = 990_000_000
        var lastWrite: [String: (signature: String, at: Date)] = [:]
        /// Filters made with `/filters/create`: their name and the fields they include beyond the base.
        var filters: [String: CreatedFilter] = [:]
    }

    /// A filter `/filters/create` made.
    struct CreatedFilter: Sendable, Hashable {
        var withBody: Bool
        var include: Set<String>
    }

    private let values: Mutex<Values>

    init(grants: [ReplicaGrant], now: Date) {
        var initial = Values()
        for grant in grants {
            initial.grants[grant.token] = grant
            initial.issuedAt[grant.token] = now
        }
        values = Mutex(initial)
    }

    /// Issues `grant` now (tests add tokens while the replica runs).
    func issue(_ grant: ReplicaGrant, now: Date) {
        values.withLock {
            $0.grants[grant.token] = grant
            $0.issuedAt[grant.token] = now
            $0.revoked.remove(grant.token)
        }
    }

    /// The grant `token` names while it is valid: issued here, not revoked, not expired.
    func validGrant(_ token: String, now: Date) -> ReplicaGrant? {
        values.withLock { values in
            guard let grant = values.grants[token], !values.revoked.contains(token) else { return nil }
            if !grant.scopes.contains("no_expiry"), let issued = values.issuedAt[token],
               now.timeIntervalSince(issued) >= Self.tokenLifetime
            { return nil }
            return grant
        }
    }

    /// De-authorises `token`: every later use is `402 invalid_access_token`. Returns the grant it was.
    @discardableResult
    func revoke(_ token: String) -> ReplicaGrant? {
        values.withLock { values in
            guard let grant = values.grants[token], !values.revoked.contains(token) else { return nil }
            values.revoked.insert(token)
            return grant
        }
    }

    // MARK: Votes and favourites

    func vote(of token: String, on post: PostKey) -> Vote? { values.withLock { $0.votes[token]?[post] } }
    func isFavorite(of token: String, _ post: PostKey) -> Bool { values.withLock { $0.favorites[token]?.contains(post) == true } }
    func votedAt(of token: String, on post: PostKey) -> Date? { values.withLock { $0.votedAt[token]?[post] } }
    func scoreDelta(_ post: PostKey) -> Int { values.withLock { $0.scoreDelta[post] ?? 0 } }

    /// Casts (or with nil, withdraws) `token`'s vote on `post`; the score moves by the difference.
    func setVote(_ vote: Vote?, of token: String, on post: PostKey, now: Date) {
        values.withLock { values in
            values.votedAt[token, default: [:]][post] = vote == nil ? nil : now
            func weight(_ vote: Vote?) -> Int { vote == .up ? 1 : vote == .down ? -1 : 0 }
            let before = values.votes[token]?[post]
            values.votes[token, default: [:]][post] = vote
            values.scoreDelta[post, default: 0] += weight(vote) - weight(before)
        }
    }

    func setFavorite(_ favorite: Bool, of token: String, _ post: PostKey) {
        values.withLock { values in
            if favorite { values.favorites[token, default: []].insert(post) } else { values.favorites[token]?.remove(post) }
        }
    }

    // MARK: Writes

    /// True when the same token sent the same write (`signature`) less than `duplicateWindow` ago; records it.
    func isDuplicate(token: String, signature: String, now: Date) -> Bool {
        values.withLock { values in
            defer { values.lastWrite[token] = (signature, now) }
            guard let last = values.lastWrite[token], last.signature == signature else { return false }
            return now.timeIntervalSince(last.at) < Self.duplicateWindow
        }
    }

    /// The seconds since `token`'s last comment, and how many it made on `now`'s UTC day.
    func commentHistory(of token: String, now: Date) -> (secondsSinceLast: TimeInterval?, today: Int) {
        values.withLock { values in
            let day = Self.day(now)
            let today = values.commentsOnDay[token].map { $0.day == day ? $0.count : 0 } ?? 0
            return (values.lastComment[token].map { now.timeIntervalSince($0) }, today)
        }
    }

    /// Stores a new comment by `grant` on `post`, counting it against the throttles; returns it with its id.
    func addComment(_ comment: WireComment, by token: String, on post: PostKey, now: Date) -> WireComment {
        values.withLock { values in
            var comment = comment
            values.nextCommentID += 1
            comment.commentId = values.nextCommentID
            values.addedComments[post, default: []].append(comment)
            values.commentAuthors[comment.commentId] = token
            values.lastComment[token] = now
            let day = Self.day(now)
            let count = values.commentsOnDay[token].map { $0.day == day ? $0.count : 0 } ?? 0
            values.commentsOnDay[token] = (day, count + 1)
            return comment
        }
    }

    /// The comments `token`'s owner made on `site` since `since`, newest first.
    func comments(by token: String, site: String, since: Date) -> [WireComment] {
        values.withLock { values in
            values.addedComments.filter { $0.key.site == site }.flatMap(\.value)
                .filter { values.commentAuthors[$0.commentId] == token && $0.creationDate >= Int(since.timeIntervalSince1970) }
                .sorted { $0.creationDate > $1.creationDate }
        }
    }

    /// The comments made here on `post`.
    func addedComments(on post: PostKey) -> [WireComment] { values.withLock { $0.addedComments[post] ?? [] } }

    // MARK: Filters

    /// Makes (or finds) the filter for `base` plus `include`. Its name spells both out (base64url), so that, as the API's
    /// filters do, it never expires: another replica (a later run) reads it too.
    func createFilter(withBody: Bool, include: Set<String>) -> String {
        let filter = CreatedFilter(withBody: withBody, include: include)
        let text = (withBody ? "withbody" : "default") + ";" + include.sorted().joined(separator: ";")
        let name = "!replica" + Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        values.withLock { $0.filters[name] = filter }
        return name
    }

    /// The filter `name` names: one made here, or one any replica made (its name spells it out).
    func filter(named name: String) -> CreatedFilter? {
        if let made = values.withLock({ $0.filters[name] }) { return made }
        guard name.hasPrefix("!replica") else { return nil }
        var base64 = String(name.dropFirst("!replica".count)).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        guard let base = parts.first, base == "withbody" || base == "default" else { return nil }
        return CreatedFilter(withBody: base == "withbody", include: Set(parts.dropFirst().filter { !$0.isEmpty }))
    }

    static func day(_ date: Date) -> Int { Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) }
}
