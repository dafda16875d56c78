public import Foundation

/// `GET /me`: who the access token belongs to, on `site`.
public struct MeRequest: APIRequest, Hashable {
    public var site: String
    public init(site: String) { self.site = site }
    public var endpoint: String { "/me" }
    public var methodKey: String { "/me" }
    public var parameters: [URLQueryItem] { [URLQueryItem(name: "site", value: site), URLQueryItem(name: "filter", value: "default")] }
}

/// `GET /inbox` (network-wide, every item) or `GET /me/inbox/unread` (the unread ones, for the badge). Both need
/// the `read_inbox` scope.
public struct InboxRequest: APIRequest, Hashable {
    public var unreadOnly: Bool
    /// The site `/me/inbox/unread` is asked on (its items still span the network).
    public var site: String

    public init(unreadOnly: Bool, site: String) {
        self.unreadOnly = unreadOnly
        self.site = site
    }

    public var endpoint: String { unreadOnly ? "/me/inbox/unread" : "/inbox" }
    public var methodKey: String { endpoint }
    public var isPerSite: Bool { unreadOnly }
    public var parameters: [URLQueryItem] {
        var items = [URLQueryItem(name: "pagesize", value: "100"), URLQueryItem(name: "filter", value: "default")]
        if unreadOnly { items.append(URLQueryItem(name: "site", value: site)) }
        return items
    }
}

/// What a vote request does to a post.
public enum PostVote: String, Sendable, Hashable, CaseIterable {
    case upvote, downvote, favorite
}

/// `POST /questions/{id}/upvote` and its kin, with `/undo`: a vote or favourite. `preview=true` only checks it.
public struct VoteRequest: APIRequest, Hashable {
    public var site: String
    public var postID: Int
    /// True for a question (`/questions/…`), false for an answer (`/answers/…`, which has no favourite).
    public var isQuestion: Bool
    public var vote: PostVote
    public var undo: Bool
    public var preview: Bool

    public init(site: String, postID: Int, isQuestion: Bool, vote: PostVote, undo: Bool, preview: Bool = false) {
        self.site = site
        self.postID = postID
        self.isQuestion = isQuestion
        self.vote = vote
        self.undo = undo
        self.preview = preview
    }

    public var endpoint: String { "/\(isQuestion ? "questions" : "answers")/\(postID)/\(vote.rawValue)" + (undo ? "/undo" : "") }
    public var methodKey: String { "/\(isQuestion ? "questions" : "answers")/{id}/\(vote.rawValue)" + (undo ? "/undo" : "") }
    public var isWrite: Bool { true }
    public var parameters: [URLQueryItem] {
        var items = [URLQueryItem(name: "site", value: site), URLQueryItem(name: "filter", value: "withbody")]
        if preview { items.append(URLQueryItem(name: "preview", value: "true")) }
        return items
    }

    public func validate() throws(RequestValidationError) {
        if vote == .favorite, !isQuestion { throw RequestValidationError(parameter: "id", reason: "only questions can be favourited") }
        guard postID > 0 else { throw RequestValidationError(parameter: "id", reason: "must be positive") }
    }
}

/// `POST /posts/{id}/comments/add`: a comment, Markdown in `body`; `preview=true` renders it without posting.
public struct AddCommentRequest: APIRequest, Hashable {
    /// The site's limits on a comment's length.
    public static let length = 15...600

    public var site: String
    public var postID: Int
    public var body: String
    public var preview: Bool

    public init(site: String, postID: Int, body: String, preview: Bool) {
        self.site = site
        self.postID = postID
        self.body = body
        self.preview = preview
    }

    public var endpoint: String { "/posts/\(postID)/comments/add" }
    public var methodKey: String { "/posts/{id}/comments/add" }
    public var isWrite: Bool { true }
    public var parameters: [URLQueryItem] {
        var items = [URLQueryItem(name: "site", value: site), URLQueryItem(name: "body", value: body),
                     URLQueryItem(name: "filter", value: "withbody")]
        if preview { items.append(URLQueryItem(name: "preview", value: "true")) }
        return items
    }

    public func validate() throws(RequestValidationError) {
        let count = body.trimmingCharacters(in: .whitespacesAndNewlines).count
        guard Self.length.contains(count) else {
            throw RequestValidationError(parameter: "body", reason: "a comment is 15 to 600 characters, not \(count)")
        }
    }
}

/// `GET /filters/create`: a filter of `base` plus `include`; by default the sign-in filter, `withbody` plus the caller's
/// votes and favourites.
public struct CreateFilterRequest: APIRequest, Hashable {
    /// The fields the sign-in filter adds to `withbody`.
    public static let signedInFields = [
        "question.upvoted", "question.downvoted", "question.favorited", "answer.upvoted", "answer.downvoted",
    ]

    public var base: String
    public var include: [String]

    public init(base: String = "withbody", include: [String] = CreateFilterRequest.signedInFields) {
        self.base = base
        self.include = include
    }

    public var endpoint: String { "/filters/create" }
    public var methodKey: String { "/filters/create" }
    public var isPerSite: Bool { false }
    public var parameters: [URLQueryItem] {
        [URLQueryItem(name: "base", value: base), URLQueryItem(name: "include", value: include.joined(separator: ";")),
         URLQueryItem(name: "unsafe", value: "false")]
    }
}

/// `GET /apps/{accessTokens}/de-authenticate`: withdraws the app's access. The path holds the token, so traces see
/// the method's name instead.
public struct DeauthenticateRequest: APIRequest, Hashable {
    public var token: String
    public init(token: String) { self.token = token }
    public var endpoint: String { "/apps/\(QueryEncoding.escape(token))/de-authenticate" }
    public var methodKey: String { "/apps/{accessTokens}/de-authenticate" }
    public var tracedPath: String { methodKey }
    public var isPerSite: Bool { false }
    public var parameters: [URLQueryItem] { [] }
}
