import Foundation
import GRDB
public import StackExchange

extension ImportedSite {
    /// The question with its body and every answer (by votes), each body closed by its attribution; nil when the
    /// site has no such question.
    public func detail(questionID: Int) -> QuestionDetail? {
        read { db -> QuestionDetail? in
            guard let row = try Row.fetchOne(db, sql: "\(Self.questionSelect) WHERE p.type = 1 AND p.id = ?", arguments: [questionID])
            else { return nil }
            var question = question(row)
            question.body = (row["body"] as String) + attribution(kind: "questions", id: questionID, owner: question.owner)
            let answers = try Row.fetchAll(db, sql: """
                SELECT p.*, u.name AS user_name, u.reputation AS user_reputation FROM post AS p
                LEFT JOIN user AS u ON u.id = p.owner_id WHERE p.type = 2 AND p.parent_id = ? ORDER BY p.score DESC, p.id
                """, arguments: [questionID]).map { row -> Answer in
                let id: Int = row["id"]
                let owner = owner(row)
                return Answer(
                    answerID: id, questionID: questionID, score: row["score"], isAccepted: question.acceptedAnswerID == id,
                    creationDate: Date(timeIntervalSince1970: row["created"]),
                    lastActivityDate: (row["last_activity"] as Double?).map(Date.init(timeIntervalSince1970:)),
                    owner: owner, body: (row["body"] as String) + attribution(kind: "a", id: id, owner: owner),
                    contentLicense: row["license"])
            }
            return QuestionDetail(question: question, answers: answers)
        } ?? nil
    }

    /// The closing paragraph of an imported post: whose it is, where the original is, and which dump it is from.
    func attribution(kind: String, id: Int, owner: ShallowUser?) -> String {
        let link = "https://\(domain)/\(kind)/\(id)"
        let name = owner?.displayName ?? "anonymous"
        return "\n<p><em>From the \(domain) data dump of \(dumpDay), by \(name), CC BY-SA: <a href=\"\(link)\">\(link)</a></em></p>\n"
    }

    /// Every comment on `postIDs`, oldest first, the text HTML-escaped as the browser's renderer reads a body.
    public func comments(postIDs: [Int]) -> [PostComment] {
        guard !postIDs.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: postIDs.count).joined(separator: ",")
        return read { db in
            try Row.fetchAll(db, sql: """
                SELECT c.*, u.name AS name, u.reputation AS reputation FROM comment AS c LEFT JOIN user AS u ON u.id = c.user_id
                WHERE c.post_id IN (\(marks)) ORDER BY c.created, c.id
                """, arguments: StatementArguments(postIDs)).map { row in
                let userID: Int? = row["user_id"]
                let name: String? = row["name"] ?? row["user_name"]
                return PostComment(
                    commentID: row["id"], postID: row["post_id"], score: row["score"],
                    creationDate: Date(timeIntervalSince1970: row["created"]),
                    owner: name.map { ShallowUser(userID: userID, displayName: HTMLEscaping.escape($0), reputation: row["reputation"]) },
                    body: HTMLEscaping.escape(row["text"]))
            }
        } ?? []
    }

    /// The local search over this site: a page of questions by their best-matching post.
    public func search(_ query: SearchQuery, limit: Int = 30, offset: Int = 0) -> [SearchHit] {
        read { db in try LocalSearch.run(query, scope: .init(host: "", site: site), limit: limit, offset: offset, db: db) } ?? []
    }
}
