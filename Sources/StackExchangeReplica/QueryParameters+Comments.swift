/// The parts of the query rules particular to `/posts/{ids}/comments`.
extension QueryParameters {
    /// The API sorts comments by `creation` (the default) or `votes`.
    static let commentSorts: Set<String> = ["creation", "votes"]

    /// The sort a route uses when the request names none: votes for answers, creation for comments, else activity.
    static func defaultSort(for route: APIRoute) -> String {
        switch route {
        case .answers, .answersByIDs: "votes"
        case .comments: "creation"
        default: "activity"
        }
    }

    func withBodies(_ comments: [WireComment]) -> [WireComment] {
        withBody ? comments : comments.map { var comment = $0; comment.body = nil; return comment }
    }

    /// Comments in the order of `sort` and `order` (descending unless `order=asc`); ties by id.
    func sorted(_ comments: [WireComment]) -> [WireComment] {
        let sorted = comments.sorted { left, right in
            let (l, r) = sort == "votes" ? (left.score, right.score) : (left.creationDate, right.creationDate)
            return l != r ? l > r : left.commentId > right.commentId
        }
        return ascending ? sorted.reversed() : sorted
    }
}
