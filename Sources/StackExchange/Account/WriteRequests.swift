public import Foundation

/// What a post write does: answer a question, ask one, or edit a question or an answer.
public enum PostWrite: Hashable, Sendable {
    /// `POST /questions/{id}/answers/add`.
    case addAnswer(questionID: Int)
    /// `POST /questions/add`.
    case addQuestion
    /// `POST /questions/{id}/edit`.
    case editQuestion(questionID: Int)
    /// `POST /answers/{id}/edit`.
    case editAnswer(answerID: Int)

    /// Whether the write carries a title and tags.
    public var hasTitle: Bool {
        switch self {
        case .addQuestion, .editQuestion: true
        case .addAnswer, .editAnswer: false
        }
    }

    /// Whether it changes a post that exists (and so takes an edit summary, `comment`).
    public var isEdit: Bool {
        switch self {
        case .editQuestion, .editAnswer: true
        case .addQuestion, .addAnswer: false
        }
    }

    /// The `object_type` of `/me/write-permissions` whose limits count this write.
    public var permissionType: String {
        switch self {
        case .addQuestion: "question"
        case .addAnswer: "answer"
        case .editQuestion, .editAnswer: "edit"
        }
    }
}

/// `POST /questions/{id}/answers/add`, `/questions/add`, `/questions/{id}/edit` or `/answers/{id}/edit`: a post
/// written in Markdown. With `preview=true` the site checks and renders it and keeps nothing.
///
/// The answer is the post as the site now has it (`WrittenPost`), shaped by `filter`; a filter made with
/// `WrittenPostFilter.fields` returns both the rendered `body` and the `body_markdown` sent.
public struct PostWriteRequest: APIRequest, Hashable {
    /// The sites' limits on a title's length, in characters.
    public static let titleLength = 15...150
    /// The sites' limits on a body's length, in characters.
    public static let bodyLength = 30...30_000
    /// How many tags a question carries.
    public static let tagCount = 1...5

    public var site: String
    public var write: PostWrite
    /// The Markdown body.
    public var body: String
    /// The title, for a question.
    public var title: String
    /// The tags, for a question (sent separated by `;`, as the API takes lists).
    public var tags: [String]
    /// The edit summary, for an edit.
    public var comment: String?
    public var preview: Bool
    /// The filter the written post is shaped by.
    public var filter: String

    public init(
        site: String, write: PostWrite, body: String, title: String = "", tags: [String] = [], comment: String? = nil,
        preview: Bool, filter: String = "withbody"
    ) {
        self.site = site
        self.write = write
        self.body = body
        self.title = title
        self.tags = tags
        self.comment = comment
        self.preview = preview
        self.filter = filter
    }

    public var endpoint: String {
        switch write {
        case .addAnswer(let id): "/questions/\(id)/answers/add"
        case .addQuestion: "/questions/add"
        case .editQuestion(let id): "/questions/\(id)/edit"
        case .editAnswer(let id): "/answers/\(id)/edit"
        }
    }

    public var methodKey: String {
        switch write {
        case .addAnswer: "/questions/{id}/answers/add"
        case .addQuestion: "/questions/add"
        case .editQuestion: "/questions/{id}/edit"
        case .editAnswer: "/answers/{id}/edit"
        }
    }

    public var isWrite: Bool { true }

    public var parameters: [URLQueryItem] {
        var items = [URLQueryItem(name: "site", value: site)]
        if write.hasTitle {
            items.append(URLQueryItem(name: "title", value: title))
        }
        items.append(URLQueryItem(name: "body", value: body))
        if write.hasTitle {
            items.append(URLQueryItem(name: "tags", value: tags.joined(separator: ";")))
        }
        if write.isEdit, let comment, !comment.isEmpty {
            items.append(URLQueryItem(name: "comment", value: comment))
        }
        items.append(URLQueryItem(name: "filter", value: filter))
        if preview { items.append(URLQueryItem(name: "preview", value: "true")) }
        return items
    }

    public func validate() throws(RequestValidationError) {
        switch write {
        case .addAnswer(let id), .editQuestion(let id), .editAnswer(let id):
            guard id > 0 else { throw RequestValidationError(parameter: "id", reason: "must be positive") }
        case .addQuestion:
            break
        }
        if let problem = PostLimits.problems(write: write, title: title, body: body, tags: tags).first {
            throw RequestValidationError(parameter: problem.parameter, reason: problem.reason)
        }
    }
}

/// The sites' rules a post is checked against before it is sent: the lengths of its title and body and the count
/// of its tags. The site checks them again; these only spare a request the site would refuse.
public enum PostLimits {
    /// What is wrong with a post, in a person's words, each with the parameter it is about; empty when nothing is.
    public static func problems(write: PostWrite, title: String, body: String, tags: [String]) -> [RequestValidationError] {
        var found: [RequestValidationError] = []
        if write.hasTitle {
            let count = title.trimmingCharacters(in: .whitespacesAndNewlines).count
            let range = PostWriteRequest.titleLength
            if !range.contains(count) {
                found.append(RequestValidationError(
                    parameter: "title", reason: "a title is \(range.lowerBound) to \(range.upperBound) characters, not \(count)"))
            }
        }
        let bodyCount = body.trimmingCharacters(in: .whitespacesAndNewlines).count
        let bodyRange = PostWriteRequest.bodyLength
        if !bodyRange.contains(bodyCount) {
            found.append(RequestValidationError(
                parameter: "body",
                reason: "a body is \(bodyRange.lowerBound) to \(bodyRange.formatted) characters, not \(bodyCount)"))
        }
        if write.hasTitle {
            let range = PostWriteRequest.tagCount
            if !range.contains(tags.count) {
                found.append(RequestValidationError(
                    parameter: "tags", reason: "a question has \(range.lowerBound) to \(range.upperBound) tags, not \(tags.count)"))
            }
        }
        return found
    }
}

extension ClosedRange<Int> {
    /// The upper bound with thousands separated by commas (`30,000`), locale-independent.
    fileprivate var formatted: String {
        let digits = String(upperBound)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }
}

/// The fields a filter for writes adds to `withbody`: the Markdown sent, so that a preview, a verification and an
/// edit read back what was written.
public enum WrittenPostFilter {
    public static let fields = ["question.body_markdown", "answer.body_markdown", "answer.link"]
}

/// `GET /similar`: questions like a title (and tags), the "maybe already asked" of a question about to be asked.
public struct SimilarRequest: APIRequest, Hashable {
    public var site: String
    public var title: String
    /// At least one of these tags, when given.
    public var tagged: [String]
    public var pageSize: Int

    public init(site: String, title: String, tagged: [String] = [], pageSize: Int = 5) {
        self.site = site
        self.title = title
        self.tagged = tagged
        self.pageSize = pageSize
    }

    public var endpoint: String { "/similar" }
    public var methodKey: String { "/similar" }
    public var parameters: [URLQueryItem] {
        var items = [URLQueryItem(name: "site", value: site), URLQueryItem(name: "title", value: title)]
        if !tagged.isEmpty { items.append(URLQueryItem(name: "tagged", value: tagged.joined(separator: ";"))) }
        items += [URLQueryItem(name: "sort", value: "relevance"), URLQueryItem(name: "order", value: "desc"),
                  URLQueryItem(name: "pagesize", value: String(pageSize)), URLQueryItem(name: "filter", value: "default")]
        return items
    }

    public func validate() throws(RequestValidationError) {
        guard !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw RequestValidationError(parameter: "title", reason: "a title is needed")
        }
        guard (1...100).contains(pageSize) else { throw RequestValidationError(parameter: "pagesize", reason: "1 to 100") }
    }
}

/// `GET /tags/{tags}/info`: which of these tags exist on the site (the ones that do not are absent from the answer).
public struct TagsInfoRequest: APIRequest, Hashable {
    /// The most tags one request names.
    public static let maxTags = 20

    public var site: String
    public var tags: [String]

    public init(site: String, tags: [String]) {
        self.site = site
        self.tags = tags
    }

    public var endpoint: String { "/tags/\(tags.map(QueryEncoding.escape).joined(separator: ";"))/info" }
    public var methodKey: String { "/tags/{tags}/info" }
    public var parameters: [URLQueryItem] {
        [URLQueryItem(name: "site", value: site), URLQueryItem(name: "pagesize", value: String(Self.maxTags)),
         URLQueryItem(name: "filter", value: "default")]
    }

    public func validate() throws(RequestValidationError) {
        guard (1...Self.maxTags).contains(tags.count), !tags.contains(where: \.isEmpty) else {
            throw RequestValidationError(parameter: "tags", reason: "1 to \(Self.maxTags) tag names")
        }
    }
}

/// `GET /tags?inname=`: the site's tags whose names contain some text, most used first: the suggestions for a tag
/// that does not exist.
public struct TagSearchRequest: APIRequest, Hashable {
    public var site: String
    public var inName: String
    public var pageSize: Int

    public init(site: String, inName: String, pageSize: Int = 5) {
        self.site = site
        self.inName = inName
        self.pageSize = pageSize
    }

    public var endpoint: String { "/tags" }
    public var methodKey: String { "/tags" }
    public var parameters: [URLQueryItem] {
        [URLQueryItem(name: "site", value: site), URLQueryItem(name: "inname", value: inName),
         URLQueryItem(name: "sort", value: "popular"), URLQueryItem(name: "order", value: "desc"),
         URLQueryItem(name: "pagesize", value: String(pageSize)), URLQueryItem(name: "filter", value: "default")]
    }

    public func validate() throws(RequestValidationError) {
        guard !inName.isEmpty else { throw RequestValidationError(parameter: "inname", reason: "some text is needed") }
        guard (1...100).contains(pageSize) else { throw RequestValidationError(parameter: "pagesize", reason: "1 to 100") }
    }
}

/// `GET /me/write-permissions`: the kinds of write the signed-in person may make on the site, with their limits.
public struct WritePermissionsRequest: APIRequest, Hashable {
    public var site: String
    public init(site: String) { self.site = site }
    public var endpoint: String { "/me/write-permissions" }
    public var methodKey: String { "/me/write-permissions" }
    public var parameters: [URLQueryItem] {
        [URLQueryItem(name: "site", value: site), URLQueryItem(name: "filter", value: "default")]
    }
}

/// `GET /questions/{id}/answers` newest first, with the Markdown: where an answer whose write never had an answer
/// is looked for.
public struct NewestAnswersRequest: APIRequest, Hashable {
    public var site: String
    public var questionID: Int
    public var filter: String

    public init(site: String, questionID: Int, filter: String = "withbody") {
        self.site = site
        self.questionID = questionID
        self.filter = filter
    }

    public var endpoint: String { "/questions/\(questionID)/answers" }
    public var methodKey: String { "/questions/{ids}/answers" }
    public var parameters: [URLQueryItem] {
        [URLQueryItem(name: "site", value: site), URLQueryItem(name: "sort", value: "creation"),
         URLQueryItem(name: "order", value: "desc"), URLQueryItem(name: "pagesize", value: "30"),
         URLQueryItem(name: "filter", value: filter)]
    }

    public func validate() throws(RequestValidationError) {
        guard questionID > 0 else { throw RequestValidationError(parameter: "id", reason: "must be positive") }
    }
}

/// `GET /me/questions` or `/me/answers` since a moment, newest first, with the Markdown: where a post whose write
/// never had an answer is looked for.
public struct MyPostsRequest: APIRequest, Hashable {
    public var site: String
    /// True for `/me/questions`, false for `/me/answers`.
    public var questions: Bool
    public var since: Date
    public var filter: String

    public init(site: String, questions: Bool, since: Date, filter: String = "withbody") {
        self.site = site
        self.questions = questions
        self.since = since
        self.filter = filter
    }

    public var endpoint: String { questions ? "/me/questions" : "/me/answers" }
    public var methodKey: String { endpoint }
    public var parameters: [URLQueryItem] {
        [URLQueryItem(name: "site", value: site),
         URLQueryItem(name: "fromdate", value: String(Int(since.timeIntervalSince1970))),
         URLQueryItem(name: "sort", value: "creation"), URLQueryItem(name: "order", value: "desc"),
         URLQueryItem(name: "pagesize", value: "30"), URLQueryItem(name: "filter", value: filter)]
    }
}

/// `GET /questions/{id}` or `/answers/{id}` with the Markdown: a post as the site has it now, to edit it, to see
/// whether it changed while it was edited (`last_edit_date`), or whether an edit without an answer landed.
public struct PostMarkdownRequest: APIRequest, Hashable {
    public var site: String
    public var postID: Int
    public var isQuestion: Bool
    public var filter: String

    public init(site: String, postID: Int, isQuestion: Bool, filter: String = "withbody") {
        self.site = site
        self.postID = postID
        self.isQuestion = isQuestion
        self.filter = filter
    }

    public var endpoint: String { "/\(isQuestion ? "questions" : "answers")/\(postID)" }
    public var methodKey: String { "/\(isQuestion ? "questions" : "answers")/{ids}" }
    public var parameters: [URLQueryItem] {
        [URLQueryItem(name: "site", value: site), URLQueryItem(name: "filter", value: filter)]
    }

    public func validate() throws(RequestValidationError) {
        guard postID > 0 else { throw RequestValidationError(parameter: "id", reason: "must be positive") }
    }
}
