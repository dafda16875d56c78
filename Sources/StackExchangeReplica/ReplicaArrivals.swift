import Foundation
import Synchronization

/// Questions, answers and comments that arrive while the replica runs (`--arrivals`, `ReplicaServer.arrive…`).
///
/// They are kept apart from the loaded data set and merged into the site's set for each request, so the bundled
/// data stays shared and immutable. Content is deterministic: the nth arrival has id `firstID + n` and a title
/// and body derived from n, unless the caller gives them.
final class ReplicaArrivals: Sendable {
    /// Ids of arrivals start here, above every id of the bundled data.
    static let firstID = 900_000_000

    private struct Values {
        var nextID = ReplicaArrivals.firstID
        var questions: [String: [WireQuestion]] = [:]
        var answers: [String: [WireAnswer]] = [:]
        var comments: [String: [WireComment]] = [:]
        /// Bundled questions whose activity moved on (a new answer or comment), by site and id.
        var touched: [String: [Int: (activity: Int, answers: Int)]] = [:]
    }

    private let values = Mutex(Values())

    /// True while nothing has arrived: requests are served from the data set as it is.
    var isEmpty: Bool { values.withLock { $0.questions.isEmpty && $0.answers.isEmpty && $0.comments.isEmpty } }

    /// A new question on `site` created at `now`; returns its id.
    func question(site: String, title: String?, tags: [String], body: String?, now: Date) -> Int {
        values.withLock { values in
            let id = values.nextID
            values.nextID += 1
            let seconds = Int(now.timeIntervalSince1970)
            let question = WireQuestion(
                tags: tags, owner: Self.owner, isAnswered: false, viewCount: 1, answerCount: 0, score: 0,
                lastActivityDate: seconds, creationDate: seconds, questionId: id, contentLicense: "CC BY-SA 4.0",
                link: Self.siteURL(site) + "/questions/\(id)", title: title ?? "Arrival \(id - Self.firstID): a new question",
                body: body ?? "<p>Arrival \(id - Self.firstID), asked while the replica ran.</p>")
            values.questions[site, default: []].append(question)
            return id
        }
    }

    /// A new answer on question `questionID` of `site` (an arrival or a bundled one); returns its id.
    func answer(site: String, questionID: Int, body: String?, now: Date) -> Int {
        values.withLock { values in
            let id = values.nextID
            values.nextID += 1
            let seconds = Int(now.timeIntervalSince1970)
            values.answers[site, default: []].append(WireAnswer(
                owner: Self.owner, isAccepted: false, score: 0, lastActivityDate: seconds, creationDate: seconds,
                answerId: id, questionId: questionID, contentLicense: "CC BY-SA 4.0",
                body: body ?? "<p>Answer \(id - Self.firstID), written while the replica ran.</p>"))
            Self.touch(&values, site: site, questionID: questionID, at: seconds, newAnswer: true)
            return id
        }
    }

    /// A new comment on post `postID` of `site`, whose question is `questionID`; returns its id.
    func comment(site: String, postID: Int, questionID: Int, body: String?, now: Date) -> Int {
        values.withLock { values in
            let id = values.nextID
            values.nextID += 1
            let seconds = Int(now.timeIntervalSince1970)
            values.comments[site, default: []].append(WireComment(
                owner: Self.owner, edited: false, score: 0, creationDate: seconds, postId: postID, commentId: id,
                contentLicense: "CC BY-SA 4.0", body: body ?? "Comment \(id - Self.firstID), written while the replica ran."))
            Self.touch(&values, site: site, questionID: questionID, at: seconds, newAnswer: false)
            return id
        }
    }

    /// `base` with what arrived on `site`.
    func merged(into base: DataSet, site: String) -> DataSet {
        let (questions, answers, comments, touched) = values.withLock {
            ($0.questions[site] ?? [], $0.answers[site] ?? [], $0.comments[site] ?? [], $0.touched[site] ?? [:])
        }
        guard !questions.isEmpty || !answers.isEmpty || !comments.isEmpty else { return base }
        var all = base.questions + questions
        for index in all.indices {
            guard let change = touched[all[index].questionId] else { continue }
            all[index].lastActivityDate = max(all[index].lastActivityDate, change.activity)
            all[index].answerCount += change.answers
            all[index].isAnswered = all[index].isAnswered || change.answers > 0
        }
        var byQuestion = base.answersByQuestion
        for answer in answers { byQuestion[answer.questionId, default: []].append(answer) }
        var byPost = base.commentsByPost
        for comment in comments { byPost[comment.postId, default: []].append(comment) }
        return DataSet(indexing: all, answersByQuestion: byQuestion, commentsByPost: byPost)
    }

    private static func touch(_ values: inout Values, site: String, questionID: Int, at seconds: Int, newAnswer: Bool) {
        if let index = values.questions[site]?.firstIndex(where: { $0.questionId == questionID }) {
            values.questions[site]![index].lastActivityDate = seconds
            if newAnswer {
                values.questions[site]![index].answerCount += 1
                values.questions[site]![index].isAnswered = true
            }
            return
        }
        let earlier = values.touched[site]?[questionID]
        values.touched[site, default: [:]][questionID] = (seconds, (earlier?.answers ?? 0) + (newAnswer ? 1 : 0))
    }

    /// The site's address as `/sites` gives it (`https://unix.stackexchange.com`).
    private static func siteURL(_ site: String) -> String {
        ReplicaSites.all.first { $0.apiSiteParameter == site }?.siteUrl ?? "https://stackoverflow.com"
    }

    private static let owner = WireOwner(
        accountId: 1, reputation: 101, userId: 1, userType: "registered", displayName: "replica arrival",
        link: "https://stackoverflow.com/users/1")
}
