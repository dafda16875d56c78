import Foundation

extension APIRouter {
    /// The most tags `/tags/{tags}/info` takes at once.
    static let maxTagsPerInfo = 20

    /// Answers `/similar`, `/tags/{tags}/info` and `/tags`: GET only, per site, paged, shaped by the filter, and
    /// counted against the quota like every read.
    func respond(to route: AskingRoute, path: String, httpMethod: String, query: [String: String], host: String?, now: Date) -> APIResponse {
        guard httpMethod == "GET" else {
            return .error(id: 404, name: "no_method", message: "this method cannot be called this way")
        }
        repeats.record(path: path, query: query, now: now)
        var parameters: QueryParameters
        switch QueryParameters.parse(query.filter { $0.key != "sort" }, route: .questions) {
        case .success(let parsed): parameters = parsed
        case .failure(let refusal): return refusal.response
        }
        let sort = query["sort"] ?? route.sorts[0]
        guard route.sorts.contains(sort) else { return .badParameter("sort") }
        if let name = query["filter"], ReplicaFilter.builtIn(name) == nil {
            guard let created = accounts.filter(named: name) else { return .badParameter("filter") }
            parameters.filter = ReplicaFilter(withBody: created.withBody, include: created.include)
        }
        let caller: Caller?
        switch authenticate(query: query, host: host, needsToken: false, scope: nil, now: now) {
        case .success(let found): caller = found
        case .failure(let refusal): return refusal.response
        }
        switch route {
        case .similar:
            guard let title = query["title"], !title.trimmingCharacters(in: .whitespaces).isEmpty else { return .badParameter("title") }
        case .tagsInfo(let names):
            guard !names.isEmpty, names.count <= Self.maxTagsPerInfo, !names.contains("") else { return .badParameter("tags") }
        case .tags:
            break
        }
        let quotaRemaining: Int
        let backoff: Int?
        switch admit(method: route.method, now: now) {
        case .refused(let response): return response
        case .admitted(let remaining, let back): (quotaRemaining, backoff) = (remaining, back)
        }
        let site = query["site"] ?? ""
        let siteData = readable(site)
        func page<Item: Encodable>(_ all: [Item], shape: ([Item]) -> [Item] = { $0 }) -> APIResponse {
            let (items, hasMore) = parameters.slice(all)
            return .page(shape(items), hasMore: hasMore, quotaMax: state.quotaMax, quotaRemaining: quotaRemaining,
                         backoff: backoff, filter: parameters.filter, total: all.count)
        }
        switch route {
        case .similar:
            let found = similar(to: query["title"] ?? "", in: siteData, tagged: parameters.tagged,
                                notTagged: Self.tagList(query["nottagged"] ?? ""))
            parameters.sort = sort
            let ordered = sort == "relevance" ? found : parameters.sorted(found, now: now)
            return page(ordered) { questions in
                parameters.filter.shaped(questions.map { decorated($0, site: site, caller: caller, query: query) }) { id in
                    parameters.sorted((siteData.answersByQuestion[id] ?? []).map { decorated($0, site: site, caller: caller, query: query) })
                }
            }
        case .tagsInfo(let names):
            let wanted = Set(names)
            return page(sortedTags(tags(of: siteData).filter { wanted.contains($0.tag.name) }, by: sort, ascending: parameters.ascending))
        case .tags:
            let text = (query["inname"] ?? "").lowercased()
            let found = tags(of: siteData).filter { text.isEmpty || $0.tag.name.contains(text) }
            return page(sortedTags(found, by: sort, ascending: parameters.ascending))
        }
    }

    /// The questions whose titles share words with `title`, most shared first (then by score, then newest), carrying
    /// at least one of `tagged` when given and none of `notTagged`.
    func similar(to title: String, in siteData: DataSet, tagged: [String], notTagged: [String]) -> [WireQuestion] {
        let words = TitleWords(title)
        return siteData.questions.compactMap { question -> (Int, WireQuestion)? in
            if !tagged.isEmpty, !tagged.contains(where: question.tags.contains) { return nil }
            if notTagged.contains(where: question.tags.contains) { return nil }
            let shared = words.shared(with: TitleWords(question.title))
            return shared > 0 ? (shared, question) : nil
        }.sorted { left, right in
            if left.0 != right.0 { return left.0 > right.0 }
            if left.1.score != right.1.score { return left.1.score > right.1.score }
            return left.1.questionId > right.1.questionId
        }.map(\.1)
    }

    /// Every tag of a site's questions, with how many questions carry it and when the newest of them was active.
    func tags(of siteData: DataSet) -> [(tag: WireTag, lastActivity: Int)] {
        var counts: [String: (count: Int, lastActivity: Int)] = [:]
        for question in siteData.questions {
            for tag in question.tags {
                let before = counts[tag] ?? (0, 0)
                counts[tag] = (before.count + 1, max(before.lastActivity, question.lastActivityDate))
            }
        }
        return counts.map { (WireTag(count: $0.value.count, name: $0.key), $0.value.lastActivity) }
    }

    /// Tags in the order of `sort` (`popular`: by count, `activity`, `name`), descending unless `ascending`; ties by name.
    func sortedTags(_ tags: [(tag: WireTag, lastActivity: Int)], by sort: String, ascending: Bool) -> [WireTag] {
        let descending = tags.sorted { left, right in
            switch sort {
            case "name": return left.tag.name > right.tag.name
            case "activity" where left.lastActivity != right.lastActivity: return left.lastActivity > right.lastActivity
            case "popular" where left.tag.count != right.tag.count: return left.tag.count > right.tag.count
            default: return left.tag.name < right.tag.name
            }
        }.map(\.tag)
        return ascending ? descending.reversed() : descending
    }

    /// What `/me/write-permissions` answers for `grant`: one item per kind of write, with the limits the replica
    /// enforces (`WriteKind`). Anyone may add and edit their own posts and comments; an edit is itself never edited
    /// or deleted.
    func writePermissions(for grant: ReplicaGrant) -> [WireWritePermission] {
        WriteKind.allCases.map { kind in
            WireWritePermission(
                userId: grant.userID, objectType: kind.rawValue, canAdd: true, canEdit: kind != .edit, canDelete: kind != .edit,
                maxDailyActions: kind.dailyAllowance(reputation: grant.reputation),
                minSecondsBetweenActions: kind.minimumSeconds(reputation: grant.reputation))
        }
    }
}
