import Foundation

extension APIRouter {
    /// A post as a vote answers it.
    enum VotedPost {
        case question(WireQuestion)
        case answer(WireAnswer)
    }

    /// Comments shorter or longer than this are refused, as on the site.
    static let commentLength = 15...600
    /// Seconds between two comments by one person (the site's rule).
    static let secondsBetweenComments: TimeInterval = 5
    /// Reputation needed to comment on someone else's post, upvote, and downvote (the site's privileges).
    static let commentReputation = 50
    static let upvoteReputation = 15
    static let downvoteReputation = 125

    /// Comments a person may post in one UTC day. The API says only that the allowance "grows with reputation";
    /// these numbers are the replica's invention: 20 a day, one more for every 250 reputation, at most 100.
    static func dailyCommentAllowance(reputation: Int) -> Int { min(100, 20 + reputation / 250) }

    private static func writeFailed(_ message: String) -> RefusedRequest {
        RefusedRequest(.error(id: 407, name: "write_failed", message: message))
    }

    /// A write's identity for `409 duplicate_request`: its path and parameters, the credentials left out.
    private static func signature(_ method: String, _ id: Int, _ query: [String: String]) -> String {
        let fields = query.filter { !["key", "access_token", "preview", "filter"].contains($0.key) }
            .sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "\(method)/\(id)?" + fields.joined(separator: "&")
    }

    /// Casts or undoes a vote or favourite. `preview=true` checks everything and changes nothing.
    func vote(
        type: AccountRoute.PostType, id: Int, kind: AccountRoute.VoteKind, undo: Bool, caller: Caller, site: String,
        query: [String: String], now: Date
    ) -> Result<VotedPost, RefusedRequest> {
        let siteData = readable(site)
        let key = ReplicaAccounts.PostKey(site: site, id: id)
        let ownerID: Int?
        switch type {
        case .questions:
            guard let question = siteData.questionsByID[id] else { return .failure(RefusedRequest(.badParameter("id"))) }
            ownerID = question.owner?.userId
        case .answers:
            guard let answer = findAnswer(id, in: siteData) else { return .failure(RefusedRequest(.badParameter("id"))) }
            ownerID = answer.owner?.userId
        }
        let preview = query["preview"] == "true"
        let method = AccountRoute.vote(type, id: id, kind: kind, undo: undo).method
        if !preview, accounts.isDuplicate(token: caller.token, signature: Self.signature(method, id, query), now: now) {
            return .failure(RefusedRequest(.error(id: 409, name: "duplicate_request", message: "This request was already made.")))
        }
        let token = caller.token
        switch kind {
        case .favorite:
            let isFavorite = accounts.isFavorite(of: token, key)
            if undo, !isFavorite { return .failure(Self.writeFailed("You have not favorited this question.")) }
            if !undo, isFavorite { return .failure(Self.writeFailed("You have already favorited this question.")) }
            if !preview { accounts.setFavorite(!undo, of: token, key) }
        case .upvote, .downvote:
            if ownerID == caller.grant.userID { return .failure(Self.writeFailed("You can't vote for your own post.")) }
            let wanted: ReplicaAccounts.Vote = kind == .upvote ? .up : .down
            let needed = kind == .upvote ? Self.upvoteReputation : Self.downvoteReputation
            if !undo, caller.grant.reputation < needed {
                return .failure(Self.writeFailed("Voting \(kind == .upvote ? "up" : "down") requires \(needed) reputation."))
            }
            let current = accounts.vote(of: token, on: key)
            if let castAt = accounts.votedAt(of: token, on: key), current != nil,
               now.timeIntervalSince(castAt) >= ReplicaAccounts.voteLockWindow
            {
                return .failure(Self.writeFailed("Your vote is now locked in unless this post is edited."))
            }
            if undo {
                guard current == wanted else { return .failure(Self.writeFailed("You have not voted this way on this post.")) }
                if !preview { accounts.setVote(nil, of: token, on: key, now: now) }
            } else {
                if current == wanted { return .failure(Self.writeFailed("You have already voted this way on this post.")) }
                if !preview { accounts.setVote(wanted, of: token, on: key, now: now) }
            }
        }
        let parameters = postParameters(query)
        switch type {
        case .questions:
            let question = decorated(siteData.questionsByID[id]!, site: site, caller: caller, query: query)
            return .success(.question(parameters.withBodies([question])[0]))
        case .answers:
            let answer = decorated(findAnswer(id, in: siteData)!, site: site, caller: caller, query: query)
            return .success(.answer(parameters.withBodies([answer])[0]))
        }
    }

    /// Adds (or with `preview=true` only renders) a comment, under the site's throttles.
    func addComment(
        on postID: Int, caller: Caller, site: String, query: [String: String], now: Date
    ) -> Result<WireComment, RefusedRequest> {
        let siteData = readable(site)
        let ownerID: Int?
        if let question = siteData.questionsByID[postID] {
            ownerID = question.owner?.userId
        } else if let answer = findAnswer(postID, in: siteData) {
            ownerID = answer.owner?.userId
        } else {
            return .failure(RefusedRequest(.badParameter("id")))
        }
        guard let body = query["body"] else { return .failure(RefusedRequest(.badParameter("body"))) }
        let length = body.trimmingCharacters(in: .whitespacesAndNewlines).count
        guard Self.commentLength.contains(length) else {
            return .failure(RefusedRequest(.badParameter(
                "body must be \(Self.commentLength.lowerBound) to \(Self.commentLength.upperBound) characters, not \(length)")))
        }
        let grant = caller.grant
        if ownerID != grant.userID, grant.reputation < Self.commentReputation {
            return .failure(Self.writeFailed("You must have \(Self.commentReputation) reputation to comment on others' posts."))
        }
        let preview = query["preview"] == "true"
        if !preview,
           accounts.isDuplicate(token: caller.token, signature: Self.signature("/posts/{id}/comments/add", postID, query), now: now)
        {
            return .failure(RefusedRequest(.error(id: 409, name: "duplicate_request", message: "This request was already made.")))
        }
        let history = accounts.commentHistory(of: caller.token, now: now)
        if let since = history.secondsSinceLast, since < Self.secondsBetweenComments {
            return .failure(Self.writeFailed("You can only comment once every 5 seconds."))
        }
        if history.today >= Self.dailyCommentAllowance(reputation: grant.reputation) {
            return .failure(Self.writeFailed("You have reached your daily comment limit."))
        }
        let owner = WireOwner(accountId: grant.userID, reputation: grant.reputation, userId: grant.userID,
                              userType: "registered", displayName: grant.displayName)
        let comment = WireComment(owner: owner, edited: false, score: 0, creationDate: Int(now.timeIntervalSince1970),
                                  postId: postID, commentId: 0, contentLicense: "CC BY-SA 4.0", body: Self.render(body))
        guard !preview else { return .success(comment) }
        return .success(accounts.addComment(comment, by: caller.token, on: ReplicaAccounts.PostKey(site: site, id: postID), now: now))
    }

    /// A comment's Markdown as the site renders it, for the subset the replica knows: text escaped, `code` spans.
    static func render(_ markdown: String) -> String {
        let escaped = markdown.trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        var out = ""
        var inCode = false
        for character in escaped {
            if character == "`" {
                out += inCode ? "</code>" : "<code>"
                inCode.toggle()
            } else {
                out.append(character == "\n" ? " " : character)
            }
        }
        if inCode { out += "</code>" }
        return out
    }

    func findAnswer(_ id: Int, in siteData: DataSet) -> WireAnswer? {
        for answers in siteData.answersByQuestion.values {
            if let answer = answers.first(where: { $0.answerId == id }) { return answer }
        }
        return nil
    }

    /// The parameters a write's answer is shaped by (its `filter`).
    private func postParameters(_ query: [String: String]) -> QueryParameters {
        var parameters = QueryParameters(sort: "activity")
        parameters.withBody = query["filter"] == "withbody" || accounts.filter(named: query["filter"] ?? "")?.withBody == true
        return parameters
    }

    /// True when the request's filter includes `field` (`question.upvoted`…), which only a created filter can.
    func filterIncludes(_ field: String, query: [String: String]) -> Bool {
        accounts.filter(named: query["filter"] ?? "")?.include.contains(field) == true
    }

    /// `question` as `caller` sees it: the score after every vote cast here, and their own vote and favourite
    /// when the filter asks for them.
    func decorated(_ question: WireQuestion, site: String, caller: Caller?, query: [String: String]) -> WireQuestion {
        var question = question
        let key = ReplicaAccounts.PostKey(site: site, id: question.questionId)
        question.score += accounts.scoreDelta(key)
        guard let caller else { return question }
        let vote = accounts.vote(of: caller.token, on: key)
        if filterIncludes("question.upvoted", query: query) { question.upvoted = vote == .up }
        if filterIncludes("question.downvoted", query: query) { question.downvoted = vote == .down }
        if filterIncludes("question.favorited", query: query) { question.favorited = accounts.isFavorite(of: caller.token, key) }
        return question
    }

    func decorated(_ answer: WireAnswer, site: String, caller: Caller?, query: [String: String]) -> WireAnswer {
        var answer = answer
        let key = ReplicaAccounts.PostKey(site: site, id: answer.answerId)
        answer.score += accounts.scoreDelta(key)
        guard let caller else { return answer }
        let vote = accounts.vote(of: caller.token, on: key)
        if filterIncludes("answer.upvoted", query: query) { answer.upvoted = vote == .up }
        if filterIncludes("answer.downvoted", query: query) { answer.downvoted = vote == .down }
        return answer
    }
}
