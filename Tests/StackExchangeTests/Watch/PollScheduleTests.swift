import Foundation
import Testing
@testable import StackExchange

/// The poll schedule on an injected clock: a simulated day, the once-a-minute rule, pauses and follow-ups.
struct PollScheduleTests {
    let start = Date(timeIntervalSince1970: 1_700_006_400)  // midnight UTC

    /// Runs `schedule` from `from` to `until`, jumping from wake to wake; each send is answered by `respond`.
    func run(
        _ schedule: inout PollSchedule, from: Date, until: Date,
        respond: (WatchRequest, Date) -> [PollEvent] = { request, _ in [.delivered(request)] }
    ) -> [(Date, WatchRequest)] {
        var sent: [(Date, WatchRequest)] = []
        var now = from
        while now < until {
            var wakeAt: Date?
            var actions = schedule.handle(.tick, now: now)
            while !actions.isEmpty {
                switch actions.removeFirst() {
                case .send(let request):
                    sent.append((now, request))
                    for event in respond(request, now) { actions += schedule.handle(event, now: now) }
                case .wake(let at): wakeAt = at
                case .paused: break
                }
            }
            guard let wakeAt, wakeAt > now else { break }
            now = wakeAt
        }
        return sent
    }

    func twoSites() -> [SiteWatches] {
        [
            SiteWatches(site: "stackoverflow", tags: ["swift", "rust", "c"], tagsSince: start, searches: ["ncurses wide": start],
                        followed: [1: start, 2: start, 3: start]),
            SiteWatches(site: "unix", tags: ["bash"], tagsSince: start, followed: [10: start]),
        ]
    }

    @Test func aSimulatedDayAtTheDefaultInterval() throws {
        var schedule = PollSchedule(watches: twoSites(), start: start)
        let sent = run(&schedule, from: start, until: start.addingTimeInterval(86_400))
        // 720 polls; stackoverflow: tags + search + questions = 3, unix: tags + questions = 2.
        #expect(sent.count == 720 * 5)
        let tagPolls = sent.filter { if case .newInTags(site: "stackoverflow", _, _) = $0.1 { true } else { false } }
        #expect(tagPolls.count == 720)
        for (previous, next) in zip(tagPolls, tagPolls.dropFirst()) {
            #expect(next.0.timeIntervalSince(previous.0) == 120)
        }
        // All three tags in one request, any of them; each poll asks from when the previous one was sent.
        let second = try #require(tagPolls.dropFirst().first)
        #expect(second.1 == .newInTags(site: "stackoverflow", tags: ["c", "rust", "swift"], since: start))
        let third = try #require(tagPolls.dropFirst(2).first)
        #expect(third.1 == .newInTags(site: "stackoverflow", tags: ["c", "rust", "swift"], since: start.addingTimeInterval(120)))
        #expect(WatchCost.requestsPerDay(tags: 4, questions: 4, searches: 1, sites: 2, intervalMinutes: 2) == 720 * 5)
        #expect(WatchCost.requestsPerDay(for: twoSites(), settings: WatchSettings()) == 720 * 5)
        #expect(WatchCost.requestsPerDay(for: twoSites(), settings: WatchSettings(intervalMinutes: 10)) == 144 * 5)
    }

    @Test func noIdenticalRequestWithinAMinuteEvenAtTheShortestInterval() {
        var schedule = PollSchedule(watches: twoSites(), settings: WatchSettings(intervalMinutes: 0), start: start)
        #expect(schedule.settings.intervalMinutes == 1)
        // Every followed question changes at every poll: follow-ups repeat as often as they can.
        var tick = 0.0
        let sent = run(&schedule, from: start, until: start.addingTimeInterval(3 * 3600)) { request, now in
            switch request {
            case .followedQuestions(let site, let ids):
                tick += 1
                return [.activity(site: site, lastActivity: Dictionary(uniqueKeysWithValues: ids.map { ($0, now.addingTimeInterval(tick)) }))]
            case .answers: return [.answered(request, answerIDs: [900])]
            default: return [.delivered(request)]
            }
        }
        var last: [String: Date] = [:]
        for (time, request) in sent {
            if let previous = last[request.identity] { #expect(time.timeIntervalSince(previous) >= 60, "\(request.identity)") }
            last[request.identity] = time
        }
        #expect(sent.count == 180 * (5 + 2 * 2))
    }

    @Test func aChangedQuestionIsFollowedByItsAnswersThenTheirComments() {
        var schedule = PollSchedule(watches: twoSites(), start: start)
        var actions = schedule.handle(.tick, now: start)
        #expect(actions.contains(.send(.followedQuestions(site: "stackoverflow", ids: [1, 2, 3]))))
        // Only 2 moved on; 3 reports the activity already seen.
        let later = start.addingTimeInterval(30)
        actions = schedule.handle(.activity(site: "stackoverflow", lastActivity: [1: start, 2: later, 3: start]), now: start)
        #expect(actions.first == .send(.answers(site: "stackoverflow", questionIDs: [2], since: start)))
        actions = schedule.handle(.answered(.answers(site: "stackoverflow", questionIDs: [2], since: start), answerIDs: [20, 21]), now: start)
        #expect(actions.first == .send(.comments(site: "stackoverflow", postIDs: [2, 20, 21], since: start)))
        #expect(schedule.watches["stackoverflow"]?.followed[2] == later)
        // Nothing changed: no follow-up.
        actions = schedule.handle(.activity(site: "stackoverflow", lastActivity: [1: start, 2: later]), now: start.addingTimeInterval(120))
        #expect(!actions.contains { if case .send(.answers) = $0 { true } else { false } })
    }

    @Test func backoffHoldsOnlyItsMethodAndSaysTheSeconds() {
        var schedule = PollSchedule(watches: twoSites(), start: start)
        _ = run(&schedule, from: start, until: start.addingTimeInterval(1))
        let now = start.addingTimeInterval(100)
        var actions = schedule.handle(.backoff(methodKey: "/search/advanced", seconds: 90), now: now)
        #expect(!actions.contains { if case .send = $0 { true } else { false } })
        actions = schedule.handle(.tick, now: start.addingTimeInterval(120))
        let sent = actions.compactMap { if case .send(let request) = $0 { request } else { nil } }
        #expect(sent.map(\.methodKey) == ["/questions/{ids}", "/questions/{ids}"])
        #expect(actions.contains(.paused(.backingOff(seconds: 70))))
        #expect(actions.contains(.wake(at: now.addingTimeInterval(90))))
        actions = schedule.handle(.tick, now: now.addingTimeInterval(90))
        #expect(actions.filter { if case .send(.newInTags) = $0 { true } else { false } }.count == 2)
        #expect(schedule.pause(at: now.addingTimeInterval(90)) == nil)
    }

    @Test func offlineSendsNothingUntilBack() {
        var schedule = PollSchedule(watches: twoSites(), start: start)
        var actions = schedule.handle(.offline(true), now: start)
        #expect(actions.first == .paused(.offline))
        #expect(!actions.contains { if case .send = $0 { true } else { false } })
        actions = schedule.handle(.tick, now: start.addingTimeInterval(600))
        #expect(!actions.contains { if case .send = $0 { true } else { false } })
        actions = schedule.handle(.offline(false), now: start.addingTimeInterval(601))
        #expect(actions.filter { if case .send = $0 { true } else { false } }.count == 5)
    }

    @Test func underTheQuotaFloorPollingWaitsForTheReset() {
        // Without a key: 300 a day, the floor a tenth of it.
        var schedule = PollSchedule(watches: twoSites(), start: start)
        var sentToday = 0
        let noon = start.addingTimeInterval(12 * 3600)
        var remaining = 300
        let sent = run(&schedule, from: start, until: start.addingTimeInterval(86_400 + 3600)) { request, now in
            if now < start.addingTimeInterval(86_400) {
                sentToday += 1
                remaining -= 1
                return [.delivered(request), .quota(remaining: remaining, max: 300)]
            }
            return [.delivered(request)]
        }
        // Sent while 30 or more were left: the 271st leaves 29, under the floor.
        #expect(sentToday == 271)
        let lastToday = sent.filter { $0.0 < start.addingTimeInterval(86_400) }.last?.0
        #expect(lastToday.map { $0 < noon } == true)
        // Polling starts again at midnight UTC.
        #expect(sent.contains { $0.0 == start.addingTimeInterval(86_400) })
        #expect(schedule.pause(at: noon) == nil)
    }

    @Test func whatAnEarlierRunLearntHoldsTheFirstTick() {
        var schedule = PollSchedule(watches: twoSites(), start: start)
        schedule.remember(.backoff(methodKey: "/search/advanced", seconds: 20), now: start)
        let actions = schedule.handle(.tick, now: start)
        let sent = actions.compactMap { if case .send(let request) = $0 { request.methodKey } else { nil } }
        #expect(sent == ["/questions/{ids}", "/questions/{ids}"])
        var floored = PollSchedule(watches: twoSites(), start: start)
        floored.remember(.quota(remaining: 10, max: 300), now: start)
        #expect(!floored.handle(.tick, now: start).contains { if case .send = $0 { true } else { false } })
    }

    @Test func aConfiguredFloorIsKept() {
        var schedule = PollSchedule(watches: twoSites(), settings: WatchSettings(quotaFloor: 50), start: start)
        let actions = schedule.handle(.quota(remaining: 49, max: 10_000), now: start)
        #expect(actions.contains(.paused(.underQuotaFloor(remaining: 49, floor: 50))))
        #expect(!actions.contains { if case .send = $0 { true } else { false } })
        #expect(actions.contains(.wake(at: start.addingTimeInterval(86_400))))
    }

    @Test func aHundredAndOneQuestionsTakeTwoRequests() {
        let followed = Dictionary(uniqueKeysWithValues: (1...101).map { ($0, start) })
        let watches = SiteWatches(site: "stackoverflow", tagsSince: start, followed: followed)
        #expect(watches.pollRequests.count == 2)
        let sixTags = SiteWatches(site: "stackoverflow", tags: ["a", "b", "c", "d", "e", "f"], tagsSince: start)
        #expect(sixTags.pollRequests == [
            .newInTags(site: "stackoverflow", tags: ["a", "b", "c", "d", "e"], since: start),
            .newInTags(site: "stackoverflow", tags: ["f"], since: start),
        ])
        #expect(WatchCost.requestsPerDay(tags: 10, questions: 50, sites: 2, intervalMinutes: 2) == 720 * 4)
        // 10 tags in two requests (5 at most each), 250 questions in three.
        #expect(WatchCost.requestsPerDay(tags: 10, questions: 250, sites: 1, intervalMinutes: 5) == 288 * 5)
    }

    @Test func theWatchRequestsAreTheOnesTheIssueNames() throws {
        let config = BackendConfiguration(baseURL: URL(string: "http://127.0.0.1:1/2.3")!, site: "stackoverflow")
        let tags = try WatchRequest.newInTags(site: "stackoverflow", tags: ["c++", "swift"], since: start).url(configuration: config)
        #expect(tags.absoluteString.contains("/search/advanced?"))
        #expect(tags.absoluteString.contains("tagged=c%2B%2B%3Bswift"))
        #expect(tags.absoluteString.contains("sort=creation"))
        #expect(tags.absoluteString.contains("fromdate=1700006400"))
        let questions = try WatchRequest.followedQuestions(site: "stackoverflow", ids: [1, 2]).url(configuration: config)
        #expect(questions.path.hasSuffix("/questions/1;2"))
        #expect(questions.absoluteString.contains("sort=activity"))
        #expect(throws: RequestValidationError.self) {
            try WatchRequest.followedQuestions(site: "stackoverflow", ids: Array(1...101)).url(configuration: config)
        }
    }
}

/// The once-a-minute rule where the interval alone would not keep it: watches dropped and added back.
struct PollScheduleRepeatTests {
    let start = Date(timeIntervalSince1970: 1_700_006_400)

    @Test func aSiteAddedBackWithinAMinuteWaitsForTheMinute() {
        let watches = [SiteWatches(site: "unix", tags: ["bash"], tagsSince: start)]
        var schedule = PollSchedule(watches: watches, start: start)
        #expect(schedule.handle(.tick, now: start).contains(.send(.newInTags(site: "unix", tags: ["bash"], since: start))))
        _ = schedule.handle(.watchesChanged([]), now: start.addingTimeInterval(10))
        let actions = schedule.handle(.watchesChanged(watches), now: start.addingTimeInterval(20))
        #expect(!actions.contains { if case .send = $0 { true } else { false } })
        #expect(actions.contains(.wake(at: start.addingTimeInterval(60))))
        let later = schedule.handle(.tick, now: start.addingTimeInterval(60))
        #expect(later.filter { if case .send = $0 { true } else { false } }.count == 1)
    }
}
