import Foundation
import StackExchange
import StorePorts

/// The watch screen's polling: the data file's watches read at start, the poll schedule driven by the model's clock
/// (a `.wake` timer at the schedule's next time, never a loop), each request on the background lane through the
/// context's ledger, and what it finds kept in the data file, shown in the banner and told outside the terminal.
/// The model routes the schedule's ticks and the `watch` request kind's replies here, lending the `ScreenContext`.
extension WatchState {
    /// A timer is asked for this much after the schedule's time. Its tick then never lands a hair before that time,
    /// and a request that left later than the schedule thinks (held in the client's queue until the first frame was
    /// out, or by the IP throttle) is still more than a minute old when the same request is sent again: the API
    /// counts the same request within a minute as abuse (the replica caught this at `interval_minutes = 1`).
    static let watchWakeMargin: TimeInterval = 1

    /// At start: the watches, from the data file.
    static func start(in context: ScreenContext) -> [BrowserEffect] {
        context.features.watching ? [.read(.watches)] : []
    }

    /// The data file's watches: the schedule starts now (its first poll at once), with what earlier runs learnt.
    mutating func receiveWatches(_ snapshot: WatchSnapshot, in context: inout ScreenContext) -> [BrowserEffect] {
        if hasReadDataFile { return refresh(from: snapshot, in: &context) }
        hasReadDataFile = true
        entries = snapshot.watches
        unseen = snapshot.unseen
        announced = Set(snapshot.unseen)
        receiveLooks(snapshot.looks)
        let settings = context.configuration.watch.schedule
        var schedule = PollSchedule(watches: WatchEntry.siteWatches(snapshot.watches), settings: settings, start: context.now)
        if let quota = snapshot.quota, quota.at <= context.now, Self.sameUTCDay(quota.at, context.now) {
            schedule.remember(.quota(remaining: quota.remaining, max: quota.max), now: context.now)
            quotaMax = quota.max
            quotaHeard = quota.remaining
            quotaHeardAt = quota.at
        }
        for (method, until) in snapshot.backoffs where until > context.now {
            schedule.remember(.backoff(methodKey: method, seconds: Int(until.timeIntervalSince(context.now).rounded(.up))), now: context.now)
        }
        if context.configuration.startsOffline { schedule.remember(.offline(true), now: context.now) }
        self.schedule = schedule
        requestsPerDay = WatchCost.requestsPerDay(for: schedule.watches.values.sorted { $0.site < $1.site }, settings: settings)
        return poll(.tick, in: &context) + scheduleRefresh(in: context)
    }

    /// A tick: the schedule's time came (the `.wake` it asked for), so what is due is sent.
    mutating func pollIfDue(in context: inout ScreenContext) -> [BrowserEffect] {
        guard schedule != nil, let due = wakeAt, context.now >= due else { return [] }
        wakeAt = nil
        return poll(.tick, in: &context)
    }

    /// Hands `event` to the schedule and carries out what it says.
    mutating func poll(_ event: PollEvent, in context: inout ScreenContext) -> [BrowserEffect] {
        guard var schedule = schedule else { return [] }
        let actions = schedule.handle(event, now: context.now)
        self.schedule = schedule
        return carryOutPoll(actions, in: &context)
    }

    /// The schedule's actions as effects: each request on the background lane through the ledger, one timer for the
    /// next time (asked for only when that time changed), the pause for the screens.
    mutating func carryOutPoll(_ actions: [PollAction], in context: inout ScreenContext) -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        for action in actions {
            switch action {
            case .send(let request):
                effects += context.ledger.issue(.watch(request), lane: .background, purpose: .watch, at: context.now).effects
            case .paused:
                break
            case .wake(let at):
                guard wakeAt != at else { continue }
                wakeAt = at
                effects.append(.wake(after: max(0, at.timeIntervalSince(context.now)) + Self.watchWakeMargin))
            }
        }
        let pause = schedule?.pause(at: context.now)
        // A pause that begins (or changes its kind) is said once; the `W` screen shows it while it lasts.
        if let pause, isWatching, !Self.sameKind(pause, self.pause) { context.say(warning: pause.message) }
        self.pause = pause
        return effects
    }

    /// A watch request's answer: the schedule hears it, the data file keeps the times and what is new.
    mutating func receiveWatch(
        _ result: Result<WatchAnswer, APIError>, entry: RequestLedger.Entry, in context: inout ScreenContext
    ) -> [BrowserEffect] {
        guard let request = entry.request.as(BrowserRequest.Watch.self)?.request, var schedule = schedule else { return [] }
        var actions: [PollAction] = []
        var writes: [WatchWrite] = []
        var found: [WatchedItem] = []
        let answer: WatchAnswer
        switch result {
        case .failure(let error):
            if case .throttled(let until) = error {
                actions += schedule.handle(.backoff(methodKey: request.methodKey, seconds: max(1, Int(until.timeIntervalSince(context.now).rounded(.up)))), now: context.now)
            }
            actions += schedule.handle(.failed(request), now: context.now)
            self.schedule = schedule
            return carryOutPoll(actions, in: &context)
        case .success(let value):
            answer = value
        }
        if !answer.fromStore, let remaining = answer.quotaRemaining, let max = answer.quotaMax {
            quotaMax = max
            quotaHeard = remaining
            actions += schedule.handle(.quota(remaining: remaining, max: max), now: context.now)
            writes.append(.quota(WatchQuota(remaining: remaining, max: max, at: context.now)))
        }
        if !answer.fromStore, let backoff = answer.backoff {
            actions += schedule.handle(.backoff(methodKey: request.methodKey, seconds: backoff), now: context.now)
            writes.append(.backoff(methodKey: request.methodKey, until: context.now.addingTimeInterval(TimeInterval(backoff))))
        }
        switch (request, answer.items) {
        case (.newInTags(let site, let tags, _), .questions(let questions)):
            found = questions.map { question in
                let matched = question.tags.filter(tags.contains).map { "[\($0)]" }
                return Self.watchedItem(question, site: site, watch: (matched.isEmpty ? tags.map { "[\($0)]" } : matched).joined(separator: " "))
            }
            if !answer.fromStore {
                actions += schedule.handle(.delivered(request), now: context.now)
                writes += tags.map { .advance(site: site, kind: .tag, subject: $0, to: entry.sentAt) }
            }
        case (.newInSearch(let site, let text, _), .questions(let questions)):
            found = questions.map { Self.watchedItem($0, site: site, watch: "\"\(text)\"") }
            if !answer.fromStore {
                actions += schedule.handle(.delivered(request), now: context.now)
                writes.append(.advance(site: site, kind: .search, subject: text, to: entry.sentAt))
            }
        case (.followedQuestions(let site, _), .questions(let questions)):
            var activity: [Int: Date] = [:]
            for question in questions {
                followedTitles[site, default: [:]][question.questionID] = FollowedTitle(title: question.plainTitle, link: question.link ?? "")
                activity[question.questionID] = question.lastActivityDate ?? question.creationDate
            }
            actions += schedule.handle(.activity(site: site, lastActivity: activity), now: context.now)
            for (id, date) in schedule.watches[site]?.followed ?? [:] {
                writes.append(.advance(site: site, kind: .question, subject: String(id), to: date))
            }
        case (.answers(let site, _, _), .answers(let answers)):
            found = answers.map { answer in
                questionOfPost[site, default: [:]][answer.answerID] = answer.questionID
                return followedItem(site: site, kind: .answer, id: answer.answerID, questionID: answer.questionID, at: answer.creationDate)
            }
            actions += schedule.handle(.answered(request, answerIDs: answers.map(\.answerID)), now: context.now)
        case (.comments(let site, _, _), .comments(let comments)):
            found = comments.map { comment in
                let questionID = questionOfPost[site]?[comment.postID] ?? comment.postID
                return followedItem(site: site, kind: .comment, id: comment.commentID, questionID: questionID, at: comment.creationDate)
            }
        default:
            break
        }
        self.schedule = schedule
        var effects = carryOutPoll(actions, in: &context) + writes.map { BrowserEffect.write(.watch($0)) }
        // The data file says what is new: an item seen already (by `watch --once`, or earlier) is not shown again
        // (read once the write is done: `BrowserModel.watchWritten`).
        if !found.isEmpty { effects.append(.write(.watch(.addNew(found)))) }
        return effects
    }

    /// The data file's unseen items: the banner shows them; those never announced are told outside the terminal,
    /// while the terminal says it is not focused (or, when it never said, if the runner finds stackterm not seen).
    /// `defaultSite` is the list's site: the banner names the others.
    mutating func receiveUnseen(_ items: [WatchedItem], defaultSite: String, in context: ScreenContext) -> [BrowserEffect] {
        unseen = items
        let fresh = items.filter { !announced.contains($0) }
        guard !fresh.isEmpty else { return [] }
        announced.formUnion(fresh)
        guard isFocused != true, context.configuration.watch.notifies,
              let summary = WatchBanner.text(fresh, defaultSite: defaultSite)
        else { return [] }
        let title = "stackterm: " + summary.dropFirst(2)
        return [.notify(TerminalNotification(title: title, text: fresh.last!.title), ifPaneHidden: isFocused == nil)]
    }

    /// The terminal's focus report (`CSI ?1004h`: `ESC [ I` in, `ESC [ O` out).
    mutating func focusChanged(_ focused: Bool) -> [BrowserEffect] {
        isFocused = focused
        return []
    }

    static func sameKind(_ pause: PollPause, _ other: PollPause?) -> Bool {
        switch (pause, other) {
        case (.offline, .offline?), (.backingOff, .backingOff?), (.underQuotaFloor, .underQuotaFloor?): true
        default: false
        }
    }

    static func watchedItem(_ question: Question, site: String, watch: String) -> WatchedItem {
        WatchedItem(
            site: site, kind: .question, id: question.questionID, questionID: question.questionID,
            title: question.plainTitle, link: question.link ?? "", createdAt: question.creationDate, watch: watch)
    }

    func followedItem(site: String, kind: WatchedItem.Kind, id: Int, questionID: Int, at date: Date) -> WatchedItem {
        let question = followedTitles[site]?[questionID]
        return WatchedItem(
            site: site, kind: kind, id: id, questionID: questionID, title: question?.title ?? "question \(questionID)",
            link: question?.link ?? "", createdAt: date, watch: "question \(questionID)")
    }
}
