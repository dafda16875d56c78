import Foundation

extension APIRouter {
    /// A post as a write answers it.
    enum WrittenPost {
        case question(WireQuestion)
        case answer(WireAnswer)
    }

    /// Titles shorter or longer than this are refused, as on the sites.
    static let titleLength = 15...150
    /// Bodies shorter or longer than this are refused, as on the sites.
    static let bodyLength = 30...30_000
    /// How many tags a question carries.
    static let tagCount = 1...5
    /// The longest tag name the sites accept.
    static let tagNameLength = 35
    /// Reputation needed to create a tag by using it (the sites' privilege); below it every tag must exist.
    static let createTagReputation = 1_500
    /// Reputation needed to edit someone else's post directly (the sites' privilege); below it the site takes
    /// only a suggested edit, which the API's edit methods do not make.
    static let editOthersReputation = 2_000

    /// A site's data as every read sees it: loaded, arrived, and written here.
    func readable(_ site: String) -> DataSet {
        posts.merged(into: arrivals.merged(into: data.dataSet(for: site), site: site), site: site)
    }

    /// Asks, answers or edits (or with `preview=true` only checks and renders), under the sites' rules: lengths, tags,
    /// whose post it is, a closed question, a repeated write, the time since the person's last write of that kind and
    /// the day's allowance. The checks run in that order; the first that fails is the answer.
    func post(
        _ route: PostRoute, caller: Caller, site: String, query: [String: String], now: Date
    ) -> Result<WrittenPost, RefusedRequest> {
        func refuse(_ response: APIResponse) -> Result<WrittenPost, RefusedRequest> { .failure(RefusedRequest(response)) }
        func writeFailed(_ message: String) -> Result<WrittenPost, RefusedRequest> {
            refuse(.error(id: 407, name: "write_failed", message: message))
        }
        guard let filter = writeFilter(query) else { return refuse(.badParameter("filter")) }
        let siteData = readable(site)
        let grant = caller.grant
        var question: WireQuestion?
        var answer: WireAnswer?
        switch route {
        case .addQuestion:
            break
        case .addAnswer(let id), .editQuestion(let id):
            guard let found = siteData.questionsByID[id] else { return refuse(.badParameter("id")) }
            question = found
        case .editAnswer(let id):
            guard let found = findAnswer(id, in: siteData) else { return refuse(.badParameter("id")) }
            answer = found
        }
        let asksTitle = switch route {
        case .addQuestion, .editQuestion: true
        case .addAnswer, .editAnswer: false
        }
        guard let rawBody = query["body"] else { return refuse(.badParameter("body")) }
        var title = ""
        var tags: [String] = []
        if asksTitle {
            guard let rawTitle = query["title"] else { return refuse(.badParameter("title")) }
            guard let rawTags = query["tags"] else { return refuse(.badParameter("tags")) }
            title = rawTitle.trimmingCharacters(in: .whitespacesAndNewlines)
            if let problem = Self.titleProblem(title) { return refuse(.badParameter(problem)) }
            tags = Self.tagList(rawTags)
        }
        let body = Self.trimmedPost(rawBody)
        if let problem = Self.bodyProblem(body) { return refuse(.badParameter(problem)) }
        if asksTitle, let problem = tagProblem(tags, existing: Set(siteData.questions.flatMap(\.tags)), reputation: grant.reputation) {
            return refuse(.badParameter(problem))
        }
        if route.kind == .edit {
            let ownerID = question?.owner?.userId ?? answer?.owner?.userId
            if ownerID != grant.userID, grant.reputation < Self.editOthersReputation {
                return writeFailed("You can only edit your own posts until you have \(Self.editOthersReputation) reputation.")
            }
        }
        if case .addAnswer = route, question?.closedDate != nil {
            return writeFailed("This question is closed; it is not accepting answers.")
        }
        let preview = query["preview"] == "true"
        let signature = Self.postSignature(route, query)
        if !preview, writeHistory.isRepeat(token: caller.token, signature: signature, now: now) {
            return refuse(.error(id: 409, name: "duplicate_request", message: "This request was already made."))
        }
        let kind = route.kind
        let history = writeHistory.history(site: site, userID: grant.userID, kind: kind, now: now)
        if let since = history.secondsSinceLast, since < TimeInterval(kind.minimumSeconds(reputation: grant.reputation)) {
            return writeFailed(kind.tooSoonMessage(reputation: grant.reputation))
        }
        if history.today >= kind.dailyAllowance(reputation: grant.reputation) {
            return writeFailed(kind.dailyLimitMessage)
        }

        let seconds = Int(now.timeIntervalSince1970)
        let html = HTMLOfMarkdown.html(body)
        let markdown = HTMLOfMarkdown.escaped(body)
        if !preview {
            writeHistory.record(site: site, userID: grant.userID, kind: kind, token: caller.token, signature: signature, now: now)
        }
        let owner = WireOwner(accountId: grant.userID, reputation: grant.reputation, userId: grant.userID, userType: "registered",
                              displayName: grant.displayName, link: "https://stackoverflow.com/users/\(grant.userID)")
        func shaped(_ question: WireQuestion) -> WrittenPost {
            let seen = decorated(question, site: site, caller: caller, query: query)
            return .question(filter.shaped([seen]) { id in
                QueryParameters(sort: "votes").sorted((siteData.answersByQuestion[id] ?? [])
                    .map { decorated($0, site: site, caller: caller, query: query) })
            }[0])
        }
        func shaped(_ answer: WireAnswer) -> WrittenPost {
            .answer(filter.shaped([decorated(answer, site: site, caller: caller, query: query)])[0])
        }
        switch route {
        case .addQuestion:
            let siteURL = DataSet.sites.first { $0.apiSiteParameter == site }?.siteUrl ?? "https://stackoverflow.com"
            let new = WireQuestion(
                tags: tags, owner: owner, isAnswered: false, viewCount: 0, answerCount: 0, score: 0, lastActivityDate: seconds,
                creationDate: seconds, questionId: 0, contentLicense: "CC BY-SA 4.0", link: siteURL + "/questions/0",
                title: HTMLOfMarkdown.escaped(title), body: html, bodyMarkdown: markdown)
            return .success(shaped(preview ? new : posts.add(new, site: site)))
        case .addAnswer(let questionID):
            let new = WireAnswer(
                owner: owner, isAccepted: false, score: 0, lastActivityDate: seconds, creationDate: seconds, answerId: 0,
                questionId: questionID, contentLicense: "CC BY-SA 4.0", body: html, bodyMarkdown: markdown)
            return .success(shaped(preview ? new : posts.add(new, site: site)))
        case .editQuestion(let id):
            // The edit summary (`comment`) is taken as the sites take it; the replica keeps no revision history to show it in.
            let edit = WrittenPosts.Edit(title: HTMLOfMarkdown.escaped(title), tags: tags, body: html, bodyMarkdown: markdown, date: seconds)
            var edited = question!
            WrittenPosts.apply(edit, to: &edited)
            if !preview { posts.editQuestion(id, site: site, edit: edit) }
            return .success(shaped(edited))
        case .editAnswer(let id):
            let edit = WrittenPosts.Edit(body: html, bodyMarkdown: markdown, date: seconds)
            var edited = answer!
            WrittenPosts.apply(edit, to: &edited)
            if !preview { posts.editAnswer(id, questionID: edited.questionId, site: site, edit: edit) }
            return .success(shaped(edited))
        }
    }

    /// The filter a write's answer is shaped by: a built-in one, one `/filters/create` made, or nil when it is neither.
    func writeFilter(_ query: [String: String]) -> ReplicaFilter? {
        guard let name = query["filter"] else { return ReplicaFilter() }
        if let builtIn = ReplicaFilter.builtIn(name) { return builtIn }
        return accounts.filter(named: name).map { ReplicaFilter(withBody: $0.withBody, include: $0.include) }
    }

    /// A write's identity for `409 duplicate_request`: its path and parameters, the credentials and preview left out.
    static func postSignature(_ route: PostRoute, _ query: [String: String]) -> String {
        let fields = query.filter { !["key", "access_token", "preview", "filter"].contains($0.key) }
            .sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "\(route.method)/\(route.id)?" + fields.joined(separator: "&")
    }

    /// The post as the sites keep it: trailing white space and leading blank lines dropped (leading spaces stay,
    /// they may open a code block).
    static func trimmedPost(_ text: String) -> String {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        while let first = lines.first, first.allSatisfy(\.isWhitespace), !lines.isEmpty { lines.removeFirst() }
        var joined = lines.joined(separator: "\n")
        while let last = joined.last, last.isWhitespace { joined.removeLast() }
        return joined
    }

    /// Why the sites would refuse `title`, in their words, or nil.
    static func titleProblem(_ title: String) -> String? {
        if title.count < titleLength.lowerBound { return "Title must be at least \(titleLength.lowerBound) characters." }
        if title.count > titleLength.upperBound { return "Title cannot be longer than \(titleLength.upperBound) characters." }
        return nil
    }

    /// Why the sites would refuse `body`, in their words, or nil.
    static func bodyProblem(_ body: String) -> String? {
        let length = body.count
        if length < bodyLength.lowerBound {
            return "Body must be at least \(bodyLength.lowerBound) characters; you entered \(length)."
        }
        if length > bodyLength.upperBound {
            return "Body is limited to \(bodyLength.upperBound) characters; you entered \(length)."
        }
        return nil
    }

    /// The tags of a `tags` parameter: the API's list, separated by `;`, lowercased, each once.
    static func tagList(_ text: String) -> [String] {
        var seen: Set<String> = []
        return text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Why the sites would refuse `tags`, in their words, or nil: none or more than five, a name no tag can have, or
    /// (below the reputation that creates tags) one that does not exist on the site, named.
    func tagProblem(_ tags: [String], existing: Set<String>, reputation: Int) -> String? {
        if tags.count < Self.tagCount.lowerBound { return "Please enter at least one tag." }
        if tags.count > Self.tagCount.upperBound { return "Please enter no more than \(Self.tagCount.upperBound) tags." }
        for tag in tags {
            let allowed = tag.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || "+#.-".contains($0) }
            if !allowed || tag.count > Self.tagNameLength {
                return "The tag '\(tag)' is not valid: tags are at most \(Self.tagNameLength) characters of a-z, 0-9, +, #, . and -."
            }
            if !existing.contains(tag), reputation < Self.createTagReputation {
                return "Creating the new tag '\(tag)' requires at least \(Self.createTagReputation) reputation. "
                    + "Try something from the existing tags list instead."
            }
        }
        return nil
    }
}
