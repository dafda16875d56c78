import Store

/// Turns a row's attributes into the store's rows. A row that lacks what it must have (an id, a date, a post
/// type) is malformed, with what it lacks: the import counts it, names it and goes on. Posts of other types than
/// questions and answers (tag wikis, …) are not rows the browser shows: ignored, but not malformed.
enum DumpRowDecoder {
    static let postAttributes: Set<String> = [
        "Id", "PostTypeId", "ParentId", "AcceptedAnswerId", "CreationDate", "LastActivityDate", "LastEditDate", "Score",
        "ViewCount", "AnswerCount", "ClosedDate", "OwnerUserId", "OwnerDisplayName", "Title", "Tags", "Body", "ContentLicense",
    ]
    static let commentAttributes: Set<String> = ["Id", "PostId", "Score", "CreationDate", "UserId", "UserDisplayName", "Text"]
    static let userAttributes: Set<String> = ["Id", "DisplayName", "Reputation"]

    enum Outcome {
        case row(DumpRow)
        case ignored
        case malformed(String)
    }

    static func post(_ a: [String: String]) -> Outcome {
        guard let id = a["Id"].flatMap(Int.init), let type = a["PostTypeId"].flatMap(Int.init),
              let created = a["CreationDate"].flatMap(DumpDateParser.seconds)
        else { return .malformed("no readable Id, PostTypeId or CreationDate") }
        guard type == 1 || type == 2 else { return .ignored }
        let parent = a["ParentId"].flatMap(Int.init)
        if type == 2, parent == nil { return .malformed("an answer without a ParentId") }
        if type == 1, a["Title"] == nil { return .malformed("a question without a Title") }
        return .row(.post(DumpPost(
            id: id, isQuestion: type == 1, parentID: parent, acceptedAnswerID: a["AcceptedAnswerId"].flatMap(Int.init),
            created: created, lastActivity: a["LastActivityDate"].flatMap(DumpDateParser.seconds),
            lastEdit: a["LastEditDate"].flatMap(DumpDateParser.seconds), score: a["Score"].flatMap(Int.init) ?? 0,
            views: a["ViewCount"].flatMap(Int.init) ?? 0, answerCount: a["AnswerCount"].flatMap(Int.init) ?? 0,
            closed: a["ClosedDate"].flatMap(DumpDateParser.seconds), ownerID: a["OwnerUserId"].flatMap(Int.init),
            ownerName: a["OwnerDisplayName"], title: a["Title"], tags: tags(a["Tags"] ?? ""), body: a["Body"] ?? "",
            license: a["ContentLicense"])))
    }

    /// Both formats of the `Tags` attribute: `<python><regex>` (dumps before 2024) and `|python|regex|` (2024 on).
    static func tags(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "<" || $0 == ">" || $0 == "|" }).map(String.init)
    }

    static func comment(_ a: [String: String]) -> Outcome {
        guard let id = a["Id"].flatMap(Int.init), let post = a["PostId"].flatMap(Int.init),
              let created = a["CreationDate"].flatMap(DumpDateParser.seconds), let text = a["Text"]
        else { return .malformed("no readable Id, PostId, CreationDate or Text") }
        return .row(.comment(DumpComment(
            id: id, postID: post, score: a["Score"].flatMap(Int.init) ?? 0, created: created,
            userID: a["UserId"].flatMap(Int.init), userName: a["UserDisplayName"], text: text)))
    }

    static func user(_ a: [String: String]) -> Outcome {
        guard let id = a["Id"].flatMap(Int.init), let name = a["DisplayName"] else { return .malformed("no readable Id or DisplayName") }
        return .row(.user(DumpUser(id: id, name: name, reputation: a["Reputation"].flatMap(Int.init) ?? 1)))
    }
}
