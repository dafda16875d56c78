/// A post as a vote or favourite answers it: its score after the write and the caller's own vote on it.
///
/// Decoded from the question or answer the write returns; the flags are present only through the sign-in filter.
public struct PostVoteState: Decodable, Sendable, Hashable {
    /// The answer's id for an answer, else the question's.
    public var postID: Int
    public var score: Int
    public var upvoted: Bool
    public var downvoted: Bool
    public var favorited: Bool

    public init(postID: Int, score: Int, upvoted: Bool = false, downvoted: Bool = false, favorited: Bool = false) {
        self.postID = postID
        self.score = score
        self.upvoted = upvoted
        self.downvoted = downvoted
        self.favorited = favorited
    }

    enum CodingKeys: String, CodingKey {
        case questionID = "question_id"
        case answerID = "answer_id"
        case score, upvoted, downvoted, favorited
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        postID = try c.decodeIfPresent(Int.self, forKey: .answerID) ?? c.decode(Int.self, forKey: .questionID)
        score = try c.decodeIfPresent(Int.self, forKey: .score) ?? 0
        upvoted = try c.decodeIfPresent(Bool.self, forKey: .upvoted) ?? false
        downvoted = try c.decodeIfPresent(Bool.self, forKey: .downvoted) ?? false
        favorited = try c.decodeIfPresent(Bool.self, forKey: .favorited) ?? false
    }
}

/// What `/filters/create` answers: the new filter's name.
public struct CreatedFilter: Decodable, Sendable, Hashable {
    public var filter: String
}

/// What `/apps/{tokens}/de-authenticate` answers for each token it de-authorised.
public struct DeauthorisedToken: Decodable, Sendable, Hashable {
    public var accountID: Int?
    enum CodingKeys: String, CodingKey { case accountID = "account_id" }
}
