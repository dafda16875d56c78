public import Foundation
public import StackExchange

/// The comments of the open question as a value: whether they are shown, and whether they have been fetched.
///
/// Comments are fetched the first time they are shown; hiding them keeps them, so showing them again costs
/// no request. A failed fetch is tried again the next time they are shown.
public struct CommentsState: Hashable, Sendable {
    /// Where fetching stands.
    public enum Phase: Hashable, Sendable {
        case notLoaded
        case loading(startedAt: Date)
        /// The comments of each post id, oldest first, and how many there are in all.
        case loaded([Int: [PostComment]], count: Int)
        case failed(String)
    }

    public var phase: Phase = .notLoaded
    /// True while the person wants them under the posts.
    public var isShown = false

    public init() {}

    public var isLoading: Bool {
        if case .loading = phase { return true }
        return false
    }

    /// The comments by post id, when they are shown and loaded; what the layout draws.
    public var visible: [Int: [PostComment]]? {
        guard isShown, case .loaded(let byPost, _) = phase else { return nil }
        return byPost
    }

    /// The comments arrived: grouped by post, each post's oldest first.
    public mutating func receive(_ comments: [PostComment]) {
        var byPost: [Int: [PostComment]] = [:]
        for comment in comments { byPost[comment.postID, default: []].append(comment) }
        for (post, list) in byPost {
            byPost[post] = list.sorted { ($0.creationDate, $0.commentID) < ($1.creationDate, $1.commentID) }
        }
        phase = .loaded(byPost, count: comments.count)
    }
}
