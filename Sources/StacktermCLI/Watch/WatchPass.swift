import Foundation
import StackExchange
import StorePorts

/// One check of every watch (`stackterm watch --once`): the poll schedule's requests at `now`, each answered by the
/// API through the client or, within a minute of the same request (from this or any stackterm), by the data file.
///
/// What it finds is kept in the data file as new; the watches' times move on only with answers from the API.
struct WatchPass {
    let client: StackExchangeClient
    let store: any WatchKeeping
    let settings: WatchSettings
    let now: Date

    /// What the pass did: the requests sent and answered from the store, and each failure in one line.
    struct Outcome {
        var sent = 0
        var answeredFromStore = 0
        var problems: [String] = []
        /// Requests left for the next check, held by a backoff or the quota floor, and why.
        var held = 0
        var pause: PollPause?
    }

    func run() -> Outcome {
        var outcome = Outcome()
        var schedule = PollSchedule(watches: store.siteWatches(), settings: settings, start: now)
        var titles: [String: [Int: (title: String, link: String)]] = [:]
        var questionOfPost: [String: [Int: Int]] = [:]
        // What earlier runs learnt: the quota (for the floor, until it resets) and the methods still resting.
        if let quota = store.lastQuota(), Self.sameUTCDay(quota.at, now), quota.at <= now {
            schedule.remember(.quota(remaining: quota.remaining, max: quota.max), now: now)
        }
        for (method, until) in store.backoffs() where until > now {
            schedule.remember(.backoff(methodKey: method, seconds: Int(until.timeIntervalSince(now).rounded(.up))), now: now)
        }
        var actions = schedule.handle(.tick, now: now)
        while !actions.isEmpty {
            guard case .send(let request) = actions.removeFirst() else { continue }
            let identity = request.identity
            let stored = store.lastPoll(of: identity).flatMap { poll in
                now.timeIntervalSince(poll.sentAt) < WatchSettings.repeatSpacing && poll.sentAt <= now ? poll : nil
            }
            // The schedule hands out a poll's requests together; a backoff that an earlier one of them brought
            // holds the rest here, through the client's policy, rather than waiting it out in the client's queue.
            if stored == nil, let until = client.backoffDeadline(for: request.methodKey) {
                outcome.held += 1
                let seconds = Int(until.timeIntervalSince(client.clock.now()).rounded(.up))
                outcome.pause = .backingOff(seconds: max(seconds, outcome.pause.flatMap(\.backoffSeconds) ?? 0))
                actions += schedule.handle(.failed(request), now: now)
                continue
            }
            // The schedule hands out a poll's requests together, before any is answered: once an answer of this
            // pass tells a quota under the floor, the rest are left for the next check, as the schedule would.
            if stored == nil, case .underQuotaFloor? = schedule.pause(at: now) {
                outcome.held += 1
                actions += schedule.handle(.failed(request), now: now)
                continue
            }
            if stored != nil { outcome.answeredFromStore += 1 } else { outcome.sent += 1 }
            func answer<Item: Codable & Sendable>(_ type: Item.Type) -> [Item]? {
                if let stored { return (try? JSONDecoder().decode([Item].self, from: stored.response)) ?? [] }
                switch BlockingWatchCall.send(request, as: type, client: client) {
                case .success(let page):
                    let data = (try? JSONEncoder().encode(page.items)) ?? Data("[]".utf8)
                    store.recordPoll(WatchPoll(sentAt: now, response: data), of: identity)
                    if let remaining = page.quotaRemaining, let max = page.quotaMax {
                        store.recordQuota(WatchQuota(remaining: remaining, max: max, at: now))
                        actions += schedule.handle(.quota(remaining: remaining, max: max), now: now)
                    }
                    if let backoff = page.backoff {
                        store.recordBackoff(methodKey: request.methodKey, until: now.addingTimeInterval(TimeInterval(backoff)))
                        actions += schedule.handle(.backoff(methodKey: request.methodKey, seconds: backoff), now: now)
                    }
                    return page.items
                case .failure(let error):
                    outcome.problems.append("\(request.site) \(request.methodKey): \(error.message)")
                    actions += schedule.handle(.failed(request), now: now)
                    return nil
                }
            }
            switch request {
            case .newInTags(let site, let tags, _):
                guard let questions = answer(Question.self) else { continue }
                store.addNew(questions.map { question in
                    let matched = question.tags.filter(tags.contains).map { "[\($0)]" }
                    return item(question, site: site, watch: matched.isEmpty ? tags.map { "[\($0)]" }.joined(separator: " ") : matched.joined(separator: " "))
                })
                if stored == nil {
                    actions += schedule.handle(.delivered(request), now: now)
                    for tag in tags { store.advance(site: site, kind: .tag, subject: tag, to: now) }
                }
            case .newInSearch(let site, let text, _):
                guard let questions = answer(Question.self) else { continue }
                store.addNew(questions.map { item($0, site: site, watch: "\"\(text)\"") })
                if stored == nil {
                    actions += schedule.handle(.delivered(request), now: now)
                    store.advance(site: site, kind: .search, subject: text, to: now)
                }
            case .followedQuestions(let site, _):
                guard let questions = answer(Question.self) else { continue }
                var activity: [Int: Date] = [:]
                for question in questions {
                    titles[site, default: [:]][question.questionID] = (question.plainTitle, question.link ?? "")
                    activity[question.questionID] = question.lastActivityDate ?? question.creationDate
                }
                actions += schedule.handle(.activity(site: site, lastActivity: activity), now: now)
                for (id, date) in schedule.watches[site]?.followed ?? [:] {
                    store.advance(site: site, kind: .question, subject: String(id), to: date)
                }
            case .answers(let site, _, _):
                guard let answers = answer(Answer.self) else { continue }
                store.addNew(answers.map { answer in
                    questionOfPost[site, default: [:]][answer.answerID] = answer.questionID
                    let question = titles[site]?[answer.questionID]
                    return WatchedItem(
                        site: site, kind: .answer, id: answer.answerID, questionID: answer.questionID,
                        title: question?.title ?? "question \(answer.questionID)", link: question?.link ?? "",
                        createdAt: answer.creationDate, watch: "question \(answer.questionID)")
                })
                actions += schedule.handle(.answered(request, answerIDs: answers.map(\.answerID)), now: now)
            case .comments(let site, _, _):
                guard let comments = answer(PostComment.self) else { continue }
                store.addNew(comments.map { comment in
                    let questionID = questionOfPost[site]?[comment.postID] ?? comment.postID
                    let question = titles[site]?[questionID]
                    return WatchedItem(
                        site: site, kind: .comment, id: comment.commentID, questionID: questionID,
                        title: question?.title ?? "question \(questionID)", link: question?.link ?? "",
                        createdAt: comment.creationDate, watch: "question \(questionID)")
                })
            }
        }
        outcome.held += schedule.pending.count
        outcome.pause = schedule.pause(at: now) ?? outcome.pause
        return outcome
    }

    /// The quota is per UTC day: a reading from an earlier day says nothing of today's.
    static func sameUTCDay(_ first: Date, _ second: Date) -> Bool {
        Int(first.timeIntervalSince1970 / 86_400) == Int(second.timeIntervalSince1970 / 86_400)
    }

    private func item(_ question: Question, site: String, watch: String) -> WatchedItem {
        WatchedItem(
            site: site, kind: .question, id: question.questionID, questionID: question.questionID,
            title: question.plainTitle, link: question.link ?? "", createdAt: question.creationDate, watch: watch)
    }
}
