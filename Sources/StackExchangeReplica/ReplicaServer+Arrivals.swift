public import Foundation

/// Arrivals and the once-a-minute rule, for tests of watching and of ages that move on.
extension ReplicaServer {
    /// A new question on `site`, created now (the replica's clock) or `secondsAgo`, with `tags`; returns its id.
    /// Title and body are derived from its number unless given.
    @discardableResult
    public func arrive(
        question title: String? = nil, tags: [String], site: String = "stackoverflow", body: String? = nil,
        secondsAgo: Int = 0
    ) -> Int {
        arrivals.question(
            site: site, title: title, tags: tags.map { $0.lowercased() }, body: body,
            now: now.addingTimeInterval(-TimeInterval(secondsAgo)))
    }

    /// A new answer on question `questionID` of `site`, created now; moves the question's activity on.
    @discardableResult
    public func arriveAnswer(questionID: Int, site: String = "stackoverflow", body: String? = nil) -> Int {
        arrivals.answer(site: site, questionID: questionID, body: body, now: now)
    }

    /// A new comment on post `postID` (question `questionID` or one of its answers), created now.
    @discardableResult
    public func arriveComment(postID: Int, questionID: Int, site: String = "stackoverflow", body: String? = nil) -> Int {
        arrivals.comment(site: site, postID: postID, questionID: questionID, body: body, now: now)
    }

    /// Each request repeated within a minute of the same one (path and query, key and token aside), as
    /// `path?sorted query`, in the order they arrived.
    public var repeatViolations: [String] { repeats.violations }

    /// The replica's time (the wall clock moved by `advanceClock`).
    public var now: Date { currentTime() }
}
