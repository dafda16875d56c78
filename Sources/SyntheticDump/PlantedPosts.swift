/// The posts every synthetic dump holds whatever its seed, for tests to search for and open: their words appear
/// nowhere else in a dump.
public enum PlantedPosts {
    /// The first question's id; its title holds `titleWord`, its body `phrase` and a code block with `codeWord`.
    public static let questionID = 1
    /// Its accepted answer (score 50), whose body holds `answerWord`.
    public static let acceptedAnswerID = 2
    /// A second answer (score 3).
    public static let otherAnswerID = 3
    /// The comment on the question, holding `commentWord`.
    public static let commentID = 1
    /// The closed question (tags `[vim]`, `|regex|` form), owned by a deleted user named `deletedUser`.
    public static let closedQuestionID = 4

    public static let title = "How do I make xylophone mode work in Vim with unicode café text?"
    public static let titleWord = "xylophone"
    public static let phrase = "purple elephant dance"
    public static let codeWord = "quokkaFunction"
    public static let answerWord = "marzipan"
    public static let commentWord = "zanzibar"
    public static let closedTitle = "Is the gorgonzola register closed forever?"
    public static let deletedUser = "Former Person"
    /// The planted question's tags.
    public static let tags = ["vim", "unicode"]
    /// The planted question's score, and the answers'.
    public static let questionScore = 17
    public static let acceptedScore = 50
    public static let otherScore = 3
}
