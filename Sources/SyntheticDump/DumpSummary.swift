/// What a generated dump holds, so that a test can check an import's counts exactly.
public struct DumpSummary: Sendable, Hashable, Codable {
    public var questions = 0
    public var answers = 0
    public var comments = 0
    public var users = 0
    public var closedQuestions = 0
    /// Posts whose owner is a deleted user (`OwnerDisplayName` only).
    public var deletedOwnerPosts = 0
    /// The bytes of XML written, all files together.
    public var xmlBytes = 0

    public var posts: Int { questions + answers }

    public init() {}
}
