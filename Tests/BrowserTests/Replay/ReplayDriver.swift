@testable import Browser
import Foundation
import StackExchange
import StorePorts

/// Drives a `BrowserModel` headless through a `ReplayEvent` sequence, standing in for the runner (it answers
/// the store's reads and writes, the clipboard and the opener at once) and checking the model's invariants
/// after every event. The first broken invariant ends the run.
struct ReplayDriver {
    /// Where a run broke: the event's index and what went wrong.
    struct Violation: Error, CustomStringConvertible {
        let index: Int
        let message: String
        var description: String { "after event \(index): \(message)" }
    }

    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)
    static let site = "stackoverflow"

    private(set) var model: BrowserModel
    private(set) var now = Self.t0
    /// Every request sent, in order: what a stale answer may pick.
    private var issued: [(token: RequestToken, request: BrowserRequest)] = []
    /// The requests in flight as the effects told them (sent, not yet answered or cancelled), with their purpose.
    private var live: [RequestToken: (request: BrowserRequest, purpose: RequestPurpose)] = [:]
    /// The questions whose stored copy was asked of the store and not yet delivered (the runner's reads, which the
    /// ledger does not hold: it holds what goes to the network).
    private var detailReadsOut: Set<QuestionOnSite> = []
    var nextID = 0
    /// What the session reached, for the test that checks the generator gets everywhere.
    private(set) var reached: Set<String> = []
    /// The layouts lent to the model for every event, as the runner lends its own (`BrowserController.layouts`).
    private let layouts: LayoutMemo
    /// The detail document the invariants check against, laid out apart from `layouts`.
    private let layoutCheck = DetailLayoutCheck()

    init() {
        var configuration = BrowserConfiguration(site: Self.site)
        configuration.signedInAs = "bob"
        let features = BrowserFeatures(
            siteList: true, comments: true, personal: true, listCache: true, detailCache: true, account: true,
            commentDrafts: true, inboxStore: true, commentClock: true)
        model = BrowserModel(configuration: configuration, features: features, now: Self.t0)
        model.prefetchDistance = 3
        layouts = LayoutMemo(highlightsCode: configuration.highlightsCode)
    }

    /// Runs `events` from a fresh model; returns the first broken invariant, if any.
    static func run(_ events: [ReplayEvent]) -> Violation? {
        var driver = ReplayDriver()
        return driver.play(events)
    }

    /// Plays `events` on this driver's fresh model; returns the first broken invariant, if any.
    mutating func play(_ events: [ReplayEvent]) -> Violation? {
        do {
            try deliver([.resize(width: 80, height: 24), .start], index: -1)
            for (index, event) in events.enumerated() { try replay(event, index: index) }
        } catch let violation as Violation {
            return violation
        } catch {
            return Violation(index: -1, message: "\(error)")
        }
        return nil
    }

    mutating func replay(_ event: ReplayEvent, index: Int) throws {
        switch event {
        case .key(let key): try deliver([.key(key)], index: index)
        case .mouse(let mouse): try deliver([.mouse(mouse)], index: index)
        case .paste(let text): try deliver([.paste(text)], index: index)
        case .resize(let width, let height): try deliver([.resize(width: width, height: height)], index: index)
        case .tick(let seconds):
            now = now.addingTimeInterval(seconds)
            try deliver([.tick], index: index)
        case .respond(let pick, let isLive, let outcome):
            let candidates: [(token: RequestToken, request: BrowserRequest)] = isLive
                ? live.sorted { $0.key.value < $1.key.value }.map { ($0.key, $0.value.request) } : issued
            guard !candidates.isEmpty else { return }
            let (token, request) = candidates[pick % candidates.count]
            try respond(token: token, request: request, outcome: outcome, index: index)
        }
    }

    /// Delivers the answer to `token` and checks that a stale one changed nothing and a live one went where it belongs.
    private mutating func respond(token: RequestToken, request: BrowserRequest, outcome: ReplayOutcome, index: Int) throws {
        let wasLive = model.ledger.entries[token] != nil
        let modelBefore = model
        let before = model.state
        try deliver([.response(token, response(to: request, outcome: outcome))], index: index)
        if !wasLive {
            // The whole model, not only what the screens show: a stale answer moves no counter, clock or mark either.
            guard model == modelBefore else {
                throw Violation(index: index, message: "the stale answer to \(token) (\(request)) changed the model")
            }
            return
        }
        // A live answer changes only the screen it was asked for.
        let question: (site: String, id: Int)? =
            request.as(BrowserRequest.Detail.self).map { ($0.siteName, $0.questionID) }
            ?? request.as(BrowserRequest.Answers.self).map { ($0.siteName, $0.questionID) }
            ?? request.as(BrowserRequest.Comments.self).map { ($0.siteName, $0.questionID) }
        if let (site, id) = question {
            if before.detail?.site != site || before.detail?.questionID != id, model.state.detail != before.detail {
                throw Violation(index: index, message: "the answer to \(token) (\(request)) changed another question's detail")
            }
        } else if let query = request.as(BrowserRequest.Questions.self)?.query {
            if query != before.list.query, model.state.list.rows != before.list.rows {
                throw Violation(index: index, message: "the answer to \(token) (\(request)) changed another query's rows")
            }
        }
    }

    /// Feeds `events` and everything they set off (the store's answers, as the runner delivers them) to the model.
    private mutating func deliver(_ events: [BrowserEvent], index: Int) throws {
        var pending = events
        var handled = 0
        while !pending.isEmpty {
            let event = pending.removeFirst()
            handled += 1
            guard handled < 500 else { throw Violation(index: index, message: "an event set off 500 more: a loop") }
            if case .response(let token, _) = event { live[token] = nil }
            if case .stored(.cachedDetail(_, let site, let id)) = event { detailReadsOut.remove(QuestionOnSite(site: site, id: id)) }
            for effect in model.handle(event, at: now, layouts: layouts) { pending += try carryOut(effect, index: index) }
            try checkInvariants(index: index)
            note(event)
        }
    }

    /// What the runner would do with `effect`, as events for the model.
    private mutating func carryOut(_ effect: BrowserEffect, index: Int) throws -> [BrowserEvent] {
        switch effect {
        case .send(let token, let request, _):
            guard let entry = model.ledger.entries[token] else {
                throw Violation(index: index, message: "sent \(token) (\(request)), which the ledger does not hold")
            }
            if let twin = live.first(where: { $0.value.request == request && $0.value.purpose == entry.purpose }) {
                throw Violation(index: index, message: "sent \(request) for \(entry.purpose) again as \(token) while \(twin.key) is in flight")
            }
            live[token] = (request, entry.purpose)
            issued.append((token, request))
            return []
        case .raise(let token, _):
            guard live[token] != nil else { throw Violation(index: index, message: "raised \(token), which is not in flight") }
            if case .listPage? = model.ledger.entries[token]?.purpose { reached.insert("prefetch joined") }
            return []
        case .cancel(let token):
            live[token] = nil
            return []
        case .read(let read):
            if case .cachedDetail(let site, let id) = read { detailReadsOut.insert(QuestionOnSite(site: site, id: id)) }
            return [.stored(stored(read))]
        case .write(let write):
            return [.stored(.written(write, problem: nil))]
        case .copy(_, let confirmation):
            return [.copied(error: nil, confirmation: confirmation)]
        case .openURL, .openPicture:
            return [.opened]
        case .wake, .signOut, .notify, .forgetEditorDraft:
            return []
        case .compose(let job):
            // The editor's round, as the runner delivers it: at once, here left unchanged.
            return [.composed(job, .cancelled("the file was not changed: nothing sent"))]
        }
    }

    /// Records what the session reached.
    private mutating func note(_ event: BrowserEvent) {
        let state = model.state
        reached.insert(state.screenName)
        if state.commentEditor != nil { reached.insert("comment editor") }
        if state.bookmarks != nil { reached.insert("bookmarks") }
        if state.prompt != nil { reached.insert("prompt") }
        if state.detail?.comments.visible != nil { reached.insert("comments") }
        if state.list.loadedPages > 1 { reached.insert("page 2") }
        if case .response(let token, _) = event, live[token] == nil, model.ledger.entries[token] == nil { reached.insert("answer") }
        for entry in model.ledger.entries.values {
            let request = entry.request
            if request.is(BrowserRequest.Vote.self) { reached.insert("vote") }
            if request.is(BrowserRequest.AddComment.self) { reached.insert("comment sent") }
            if request.is(BrowserRequest.PostState.self) || request.is(BrowserRequest.MyComments.self) { reached.insert("write check") }
        }
    }

    /// The invariants that hold after every event.
    private func checkInvariants(index: Int) throws {
        func fail(_ message: String) throws { throw Violation(index: index, message: message) }
        if Set(live.keys) != Set(model.ledger.entries.keys) {
            try fail("the requests in flight by the effects \(live.keys.sorted { $0.value < $1.value }) are not the ledger's \(model.ledger.entries.keys.sorted { $0.value < $1.value })")
        }
        if let violation = Self.inFlightViolation(in: model, detailReadsOut: detailReadsOut) { try fail(violation) }
        let state = model.state
        let list = state.list
        if list.selection < 0 || list.selection >= max(1, list.rows.count) {
            try fail("the list's selection \(list.selection) is out of its \(list.rows.count) rows")
        }
        let height = model.listHeight
        if list.scrollOffset < 0 || list.scrollOffset > max(0, list.rows.count - height) {
            try fail("the list's scroll \(list.scrollOffset) is out of bounds (\(list.rows.count) rows, \(height) shown)")
        }
        if !list.rows.isEmpty, list.selection < list.scrollOffset || list.selection >= list.scrollOffset + height {
            try fail("the list's selection \(list.selection) is not shown (scroll \(list.scrollOffset), \(height) rows)")
        }
        if let picker = state.sitePicker, picker.selection < 0 || picker.selection >= max(1, picker.matches.count) {
            try fail("the picker's selection \(picker.selection) is out of its \(picker.matches.count) sites")
        }
        if state.stack.contains(.inbox), state.inbox.selection < 0 || state.inbox.selection >= max(1, state.inbox.items.count) {
            try fail("the inbox's selection \(state.inbox.selection) is out of its \(state.inbox.items.count) items")
        }
        if let detail = state.detail {
            let document = layoutCheck.document(
                for: detail, width: model.width, now: model.now, highlightsCode: model.configuration.highlightsCode)
            let lines = document?.lines.count ?? 0
            // The furthest scroll shows the last line on the last row, a line further under a sticky header.
            if detail.scroll < 0 || detail.scroll > (document?.maxScroll(height: model.bodyHeight) ?? 0) {
                try fail("the detail's scroll \(detail.scroll) is out of its \(lines) lines")
            }
        }
    }
}
