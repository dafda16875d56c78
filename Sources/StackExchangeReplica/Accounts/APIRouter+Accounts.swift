import Foundation

extension APIRouter {
    /// Answers a method of `AccountRoute`: authenticated, scoped, POST-only for writes, counted against quota.
    func respond(to route: AccountRoute, httpMethod: String, query: [String: String], host: String?, now: Date) -> APIResponse {
        if route.isWrite, httpMethod != "POST" {
            return .error(id: 404, name: "no_method", message: "this method cannot be called this way (writes are POST only)")
        }
        if !route.isWrite, httpMethod != "GET" {
            return .error(id: 404, name: "no_method", message: "this method cannot be called this way")
        }
        if route.isPerSite {
            guard let site = query["site"], !site.isEmpty else { return .badParameter("site is required") }
            guard DataSet.sites.contains(where: { $0.apiSiteParameter == site }) else {
                return .badParameter("No site found for name `\(site.prefix(60))`")
            }
        }
        let caller: Caller?
        switch authenticate(query: query, host: host, needsToken: route.needsToken, scope: route.scope, now: now) {
        case .success(let found): caller = found
        case .failure(let refusal): return refusal.response
        }
        let quotaRemaining: Int
        let backoff: Int?
        switch admit(method: route.method, now: now) {
        case .refused(let response): return response
        case .admitted(let remaining, let back): (quotaRemaining, backoff) = (remaining, back)
        }
        func page<Item: Encodable>(_ items: [Item]) -> APIResponse {
            .page(items, hasMore: false, quotaMax: state.quotaMax, quotaRemaining: quotaRemaining, backoff: backoff)
        }
        let site = query["site"] ?? ""
        switch route {
        case .me:
            guard let caller else { return .badParameter("access_token") }
            return page([user(caller.grant)])
        case .meComments:
            guard let caller else { return .badParameter("access_token") }
            let since = Date(timeIntervalSince1970: TimeInterval(Int(query["fromdate"] ?? "") ?? 0))
            return page(accounts.comments(by: caller.token, site: site, since: since))
        case .mePosts(let type):
            guard let caller else { return .badParameter("access_token") }
            guard let filter = writeFilter(query) else { return .badParameter("filter") }
            let since = Int(query["fromdate"] ?? "") ?? 0
            let siteData = readable(site)
            let userID = caller.grant.userID
            switch type {
            case .questions:
                let own = siteData.questions.filter { $0.owner?.userId == userID && $0.creationDate >= since }
                    .sorted { ($0.creationDate, $0.questionId) > ($1.creationDate, $1.questionId) }
                    .map { decorated($0, site: site, caller: caller, query: query) }
                return page(filter.shaped(own) { id in
                    (siteData.answersByQuestion[id] ?? []).map { decorated($0, site: site, caller: caller, query: query) }
                })
            case .answers:
                let own = siteData.answersByQuestion.values.joined().filter { $0.owner?.userId == userID && $0.creationDate >= since }
                    .sorted { ($0.creationDate, $0.answerId) > ($1.creationDate, $1.answerId) }
                    .map { decorated($0, site: site, caller: caller, query: query) }
                return page(filter.shaped(Array(own)))
            }
        case .inbox, .meInboxUnread, .inboxUnread:
            guard let caller else { return .badParameter("access_token") }
            let items = inbox(for: caller.grant, now: now)
            return page(route == .inbox ? items : items.filter(\.isUnread))
        case .deauthenticate(let tokens):
            let revoked = tokens.compactMap { token in
                accounts.revoke(token).map { WireAccessToken(accessToken: token, accountId: $0.userID) }
            }
            return page(revoked)
        case .createFilter:
            let include = Set((query["include"] ?? "").split(separator: ";").map(String.init))
            let base = query["base"] ?? "default"
            guard base == "default" || base == "withbody" || base == "none" else { return .badParameter("base") }
            let name = accounts.createFilter(withBody: base == "withbody", include: include)
            return page([WireFilter(filter: name, filterType: "safe", includedFields: include.sorted())])
        case .vote(let type, let id, let kind, let undo):
            guard let caller else { return .badParameter("access_token") }
            let outcome = vote(type: type, id: id, kind: kind, undo: undo, caller: caller, site: site, query: query, now: now)
            switch outcome {
            case .failure(let refusal): return refusal.response
            case .success(.question(let question)): return page([question])
            case .success(.answer(let answer)): return page([answer])
            }
        case .addComment(let postID):
            guard let caller else { return .badParameter("access_token") }
            switch addComment(on: postID, caller: caller, site: site, query: query, now: now) {
            case .failure(let refusal): return refusal.response
            case .success(let comment): return page([comment])
            }
        case .post(let write):
            guard let caller else { return .badParameter("access_token") }
            switch post(write, caller: caller, site: site, query: query, now: now) {
            case .failure(let refusal): return refusal.response
            case .success(.question(let question)): return page([question])
            case .success(.answer(let answer)): return page([answer])
            }
        case .writePermissions:
            guard let caller else { return .badParameter("access_token") }
            return page(writePermissions(for: caller.grant))
        }
    }

    func user(_ grant: ReplicaGrant) -> WireUser {
        WireUser(userId: grant.userID, accountId: grant.userID, displayName: grant.displayName, reputation: grant.reputation,
                 link: "https://stackoverflow.com/users/\(grant.userID)")
    }

    /// The inbox every grant has: a comment on the newest question of the main set (the caller's own, when they
    /// asked one), an answer on `superuser` and a comment on `unix`; the first two unread. The API gives no way to
    /// mark items read, so reading the inbox changes nothing.
    func inbox(for grant: ReplicaGrant, now: Date) -> [WireInboxItem] {
        let nowSeconds = Int(now.timeIntervalSince1970)
        var items: [WireInboxItem] = []
        func site(_ name: String) -> WireSite { DataSet.sites.first { $0.apiSiteParameter == name } ?? DataSet.sites[0] }
        let main = data.main.questions
        if let question = main.first(where: { $0.owner?.userId == grant.userID }) ?? main.first {
            items.append(WireInboxItem(
                itemType: "comment", questionId: question.questionId, answerId: nil, commentId: 880_000_001,
                title: question.title, creationDate: nowSeconds - 600, isUnread: true, site: site("stackoverflow"),
                link: question.link, body: "Have you tried running it under a debugger first?"))
        }
        if let question = data.bySite["superuser"]?.questions.first {
            items.append(WireInboxItem(
                itemType: "new_answer", questionId: question.questionId, answerId: 880_000_002, commentId: nil,
                title: question.title, creationDate: nowSeconds - 3_600, isUnread: true, site: site("superuser"),
                link: question.link, body: "This happens because the shell reads its rc file first."))
        }
        if let question = data.bySite["unix"]?.questions.first {
            items.append(WireInboxItem(
                itemType: "comment", questionId: question.questionId, answerId: nil, commentId: 880_000_003,
                title: question.title, creationDate: nowSeconds - 2 * 86_400, isUnread: false, site: site("unix"),
                link: question.link, body: "Thanks, that fixed it."))
        }
        return items
    }
}
