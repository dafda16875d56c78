import Foundation
import GRDB
public import StackExchange

extension ImportedSite {
    /// The sorts an imported site can order by: hot, week and month need the live site's votes by day, so they
    /// fall back to votes (the caller says so).
    public static func hasSort(_ sort: QuestionSort) -> Bool { [.activity, .creation, .votes].contains(sort) }

    /// Page `page` (1-based) of `query`'s questions: its sort and order, all of its tags, and, with `searchText`,
    /// the local search's results in their rank order.
    public func questions(_ query: QuestionsQuery, page: Int) -> Page<Question> {
        let size = max(1, query.pageSize)
        let offset = (max(page, 1) - 1) * size
        if let text = query.searchText {
            let parsed = SearchQuery(parsing: PlainText.decode(text))
            let hits = search(SearchQuery(merging: parsed, tags: query.tags), limit: size + 1, offset: offset)
            let ids = hits.map(\.questionID)
            let byID = Dictionary(questions(ids: ids).map { ($0.questionID, $0) }, uniquingKeysWith: { a, _ in a })
            var found = Page(items: ids.prefix(size).compactMap { byID[$0] }, hasMore: ids.count > size)
            found.snippets = SearchHit.snippets(of: Array(hits.prefix(size)))
            return found
        }
        let column = switch query.sort {
        case .activity: "coalesce(p.last_activity, p.created)"
        case .creation: "p.created"
        case .votes, .hot, .week, .month, .relevance: "p.score"
        }
        let direction = query.order == .asc ? "ASC" : "DESC"
        var conditions = ["p.type = 1"]
        var arguments: [any DatabaseValueConvertible] = []
        for tag in query.tags {
            conditions.append("p.id IN (SELECT question_id FROM question_tag WHERE tag = ?)")
            arguments.append(PlainText.decode(tag).lowercased())
        }
        arguments += [size + 1, offset]
        let found = read { db in
            try Row.fetchAll(db, sql: """
                \(Self.questionSelect) WHERE \(conditions.joined(separator: " AND "))
                ORDER BY \(column) \(direction), p.id \(direction) LIMIT ? OFFSET ?
                """, arguments: StatementArguments(arguments.map { $0.databaseValue })).map(question)
        } ?? []
        return Page(items: Array(found.prefix(size)), hasMore: found.count > size)
    }

    /// The questions with `ids` (those missing left out), in no particular order.
    func questions(ids: [Int]) -> [Question] {
        guard !ids.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
        return read { db in
            try Row.fetchAll(db, sql: "\(Self.questionSelect) WHERE p.type = 1 AND p.id IN (\(marks))",
                             arguments: StatementArguments(ids)).map(question)
        } ?? []
    }

    static let questionSelect = """
        SELECT p.*, u.name AS user_name, u.reputation AS user_reputation FROM post AS p LEFT JOIN user AS u ON u.id = p.owner_id
        """

    /// A question row as the API's model, the title and names HTML-escaped as on the wire.
    func question(_ row: Row) -> Question {
        let id: Int = row["id"]
        let tags = (row["tags"] as String).split(separator: "|").map(String.init)
        let accepted: Int? = row["accepted_answer_id"]
        let answers: Int = row["answer_count"]
        return Question(
            questionID: id, title: HTMLEscaping.escape(row["title"] ?? ""), link: "https://\(domain)/questions/\(id)",
            tags: tags, score: row["score"], answerCount: answers, viewCount: row["views"],
            isAnswered: accepted != nil || answers > 0, acceptedAnswerID: accepted,
            creationDate: Date(timeIntervalSince1970: row["created"]),
            lastActivityDate: (row["last_activity"] as Double?).map(Date.init(timeIntervalSince1970:)),
            lastEditDate: (row["last_edit"] as Double?).map(Date.init(timeIntervalSince1970:)),
            closedDate: (row["closed"] as Double?).map(Date.init(timeIntervalSince1970:)),
            closedReason: (row["closed"] as Double?) == nil ? nil : "closed",
            owner: owner(row), contentLicense: row["license"])
    }

    /// The author: the user's name and reputation, or the name a deleted user's post kept.
    func owner(_ row: Row) -> ShallowUser? {
        let id: Int? = row["owner_id"]
        let name: String? = row["user_name"] ?? row["owner_name"]
        guard id != nil || name != nil else { return nil }
        let exists = id != nil && row["user_name"] as String? != nil
        return ShallowUser(
            userID: id, displayName: name.map(HTMLEscaping.escape), reputation: row["user_reputation"],
            userType: exists ? "registered" : "does_not_exist", link: exists ? "https://\(domain)/users/\(id!)" : nil)
    }
}

extension SearchQuery {
    /// `query` with `tags` added (the list's tag filter on a search).
    init(merging query: SearchQuery, tags: [String]) {
        self = query
        self.tags += tags.map { PlainText.decode($0).lowercased() }
    }
}
