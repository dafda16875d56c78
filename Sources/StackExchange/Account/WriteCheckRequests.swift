public import Foundation

/// `GET /questions/{id}` or `/answers/{id}` through the sign-in filter: a post's score and the caller's vote and
/// favourite on it, as the API has them now. Asked after a vote whose answer never came, to learn whether it landed.
public struct PostStateRequest: APIRequest, Hashable {
    public var site: String
    public var postID: Int
    public var isQuestion: Bool

    public init(site: String, postID: Int, isQuestion: Bool) {
        self.site = site
        self.postID = postID
        self.isQuestion = isQuestion
    }

    public var endpoint: String { "/\(isQuestion ? "questions" : "answers")/\(postID)" }
    public var methodKey: String { "/\(isQuestion ? "questions" : "answers")/{ids}" }
    public var parameters: [URLQueryItem] {
        [URLQueryItem(name: "site", value: site), URLQueryItem(name: "filter", value: "withbody")]
    }

    public func validate() throws(RequestValidationError) {
        guard postID > 0 else { throw RequestValidationError(parameter: "id", reason: "must be positive") }
    }
}

/// `GET /me/comments`: the caller's own comments since `since`, newest first. Asked after a comment whose answer
/// never came, to learn whether it was posted.
public struct MyCommentsRequest: APIRequest, Hashable {
    public var site: String
    public var since: Date

    public init(site: String, since: Date) {
        self.site = site
        self.since = since
    }

    public var endpoint: String { "/me/comments" }
    public var methodKey: String { "/me/comments" }
    public var parameters: [URLQueryItem] {
        [URLQueryItem(name: "site", value: site),
         URLQueryItem(name: "fromdate", value: String(Int(since.timeIntervalSince1970))),
         URLQueryItem(name: "sort", value: "creation"), URLQueryItem(name: "order", value: "desc"),
         URLQueryItem(name: "pagesize", value: "100"), URLQueryItem(name: "filter", value: "withbody")]
    }
}
