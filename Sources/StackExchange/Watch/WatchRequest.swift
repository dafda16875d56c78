public import Foundation

/// One request a watch sends: new questions in tags or a search, activity on followed questions, and the answers
/// and comments of the followed questions that changed.
public enum WatchRequest: APIRequest, Hashable {
    /// `/search/advanced?tagged=a;b;c&sort=creation&fromdate=`: questions created since `since` in any of the tags.
    case newInTags(site: String, tags: [String], since: Date)
    /// `/search/advanced?q=…&sort=creation&fromdate=`: questions created since `since` matching a search.
    case newInSearch(site: String, text: String, since: Date)
    /// `/questions/{ids}?sort=activity`: the followed questions (up to 100), to see which changed.
    case followedQuestions(site: String, ids: [Int])
    /// `/questions/{ids}/answers?sort=activity&fromdate=`: answers active since `since` on the changed questions.
    case answers(site: String, questionIDs: [Int], since: Date)
    /// `/posts/{ids}/comments?sort=creation&fromdate=`: comments since `since` on the changed questions and their answers.
    case comments(site: String, postIDs: [Int], since: Date)

    /// The most ids one request may carry.
    public static let maximumIDs = 100
    /// The most tags `tagged` may carry.
    public static let maximumTags = 5

    public var site: String {
        switch self {
        case .newInTags(let site, _, _), .newInSearch(let site, _, _), .followedQuestions(let site, _),
             .answers(let site, _, _), .comments(let site, _, _): site
        }
    }

    public var endpoint: String {
        switch self {
        case .newInTags, .newInSearch: "/search/advanced"
        case .followedQuestions(_, let ids): "/questions/" + Self.joined(ids)
        case .answers(_, let ids, _): "/questions/" + Self.joined(ids) + "/answers"
        case .comments(_, let ids, _): "/posts/" + Self.joined(ids) + "/comments"
        }
    }

    public var methodKey: String {
        switch self {
        case .newInTags, .newInSearch: "/search/advanced"
        case .followedQuestions: "/questions/{ids}"
        case .answers: "/questions/{ids}/answers"
        case .comments: "/posts/{ids}/comments"
        }
    }

    public var parameters: [URLQueryItem] {
        var items = [URLQueryItem(name: "pagesize", value: "100")]
        switch self {
        case .newInTags(_, let tags, let since):
            items.append("order", "desc")
            items.append("sort", "creation")
            items.append("tagged", tags.joined(separator: ";"))
            items.append("fromdate", Self.seconds(since))
        case .newInSearch(_, let text, let since):
            items.append("order", "desc")
            items.append("sort", "creation")
            items.append("q", text)
            items.append("fromdate", Self.seconds(since))
        case .followedQuestions:
            items.append("order", "desc")
            items.append("sort", "activity")
        case .answers(_, _, let since):
            items.append("order", "desc")
            items.append("sort", "activity")
            items.append("fromdate", Self.seconds(since))
        case .comments(_, _, let since):
            items.append("order", "asc")
            items.append("sort", "creation")
            items.append("fromdate", Self.seconds(since))
        }
        items.append("site", site)
        items.append("filter", "withbody")
        return items
    }

    /// What makes two requests "the same" for the once-a-minute rule: the path and every parameter but the dates.
    ///
    /// Stricter than the API's (which compares the whole query): a poll whose `fromdate` moved on is still the
    /// same poll, and is not sent twice within a minute either.
    public var identity: String {
        let rest = parameters.filter { $0.name != "fromdate" && $0.name != "todate" }
            .map { "\($0.name)=\($0.value ?? "")" }.sorted()
        return endpoint + "?" + rest.joined(separator: "&")
    }

    public func validate() throws(RequestValidationError) {
        switch self {
        case .followedQuestions(_, let ids), .answers(_, let ids, _), .comments(_, let ids, _):
            try IDList.validate(ids)
        case .newInTags(_, let tags, _):
            guard (1...Self.maximumTags).contains(tags.count) else {
                throw RequestValidationError(parameter: "tagged", reason: "need 1…\(Self.maximumTags) tags, got \(tags.count)")
            }
        case .newInSearch(_, let text, _):
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw RequestValidationError(parameter: "q", reason: "search text is empty")
            }
        }
    }

    private static func joined(_ ids: [Int]) -> String { ids.map(String.init).joined(separator: ";") }
    private static func seconds(_ date: Date) -> String { String(Int(date.timeIntervalSince1970)) }
}
