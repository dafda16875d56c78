/// The API methods of a signed-in person the replica serves: who they are, their inbox, votes, favourites,
/// comments, their questions, answers and edits and the limits on them, filters and de-authorising tokens.
enum AccountRoute: Equatable {
    /// What a vote method does.
    enum VoteKind: String, Equatable {
        case upvote, downvote, favorite
    }

    enum PostType: String, Equatable {
        case questions, answers
    }

    case me
    /// The caller's own comments (`fromdate`, newest first).
    case meComments
    /// The caller's own questions or answers (`fromdate`, newest first).
    case mePosts(PostType)
    case meInboxUnread
    case inbox
    case inboxUnread
    case vote(PostType, id: Int, kind: VoteKind, undo: Bool)
    case addComment(postID: Int)
    /// Asking, answering and editing (`PostRoute`).
    case post(PostRoute)
    /// `/me/write-permissions`: the kinds of write the person may make, and their limits.
    case writePermissions
    case deauthenticate(tokens: [String])
    case createFilter

    /// The method name backoff and quota are counted by.
    var method: String {
        switch self {
        case .me: "/me"
        case .meComments: "/me/comments"
        case .mePosts(let type): "/me/\(type.rawValue)"
        case .meInboxUnread: "/me/inbox/unread"
        case .inbox: "/inbox"
        case .inboxUnread: "/inbox/unread"
        case .vote(let type, _, let kind, let undo): "/\(type.rawValue)/{id}/\(kind.rawValue)" + (undo ? "/undo" : "")
        case .addComment: "/posts/{id}/comments/add"
        case .post(let route): route.method
        case .writePermissions: "/me/write-permissions"
        case .deauthenticate: "/apps/{accessTokens}/de-authenticate"
        case .createFilter: "/filters/create"
        }
    }

    /// True for the methods that change something: the API takes them by POST only, with `write_access`.
    var isWrite: Bool {
        switch self {
        case .vote, .addComment, .post: true
        default: false
        }
    }

    /// The scope the method needs besides a valid token, if any.
    var scope: String? {
        switch self {
        case .vote, .addComment, .post: "write_access"
        case .inbox, .inboxUnread, .meInboxUnread: "read_inbox"
        default: nil
        }
    }

    /// True for the methods that need an `access_token` at all.
    var needsToken: Bool {
        switch self {
        case .deauthenticate, .createFilter: false
        default: true
        }
    }

    /// False for the network-wide methods, which take no `site`.
    var isPerSite: Bool {
        switch self {
        case .inbox, .inboxUnread, .deauthenticate, .createFilter: false
        default: true
        }
    }

    /// The route of `path` (under `/2.3`), or nil when it is none of these.
    static func parse(path: String) -> AccountRoute? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard parts.first == "2.3" else { return nil }
        let rest = Array(parts.dropFirst())
        switch rest {
        case ["me"]: return .me
        case ["me", "comments"]: return .meComments
        case ["me", "questions"]: return .mePosts(.questions)
        case ["me", "answers"]: return .mePosts(.answers)
        case ["me", "write-permissions"]: return .writePermissions
        case ["me", "inbox", "unread"]: return .meInboxUnread
        case ["inbox"]: return .inbox
        case ["inbox", "unread"]: return .inboxUnread
        case ["filters", "create"]: return .createFilter
        default: break
        }
        if let route = PostRoute.parse(rest) { return .post(route) }
        if rest.count == 3, rest[0] == "apps", rest[2] == "de-authenticate" {
            return .deauthenticate(tokens: rest[1].split(separator: ";").map(String.init))
        }
        if rest.count == 4, rest[0] == "posts", rest[2] == "comments", rest[3] == "add", let id = Int(rest[1]), id > 0 {
            return .addComment(postID: id)
        }
        guard (3...4).contains(rest.count), let type = PostType(rawValue: rest[0]), let id = Int(rest[1]), id > 0,
              let kind = VoteKind(rawValue: rest[2]), rest.count == 3 || rest[3] == "undo",
              type == .questions || kind != .favorite
        else { return nil }
        return .vote(type, id: id, kind: kind, undo: rest.count == 4)
    }
}
