/// A kind of write the sites count against their limits, named as `/me/write-permissions` names its `object_type`.
///
/// The API documents that each kind has a daily allowance and a minimum time between two writes, and that both
/// depend on the person's reputation, but not the numbers. The replica's numbers follow the sites' help pages where
/// they say something (new users wait between posts: 3 minutes between answers, 40 minutes between questions, below
/// 125 reputation) and are the replica's invention elsewhere; each one is written here and nowhere else.
enum WriteKind: String, CaseIterable, Sendable {
    case question, answer, comment, edit

    /// The reputation at which a person leaves the new users' limits.
    static let establishedReputation = 125

    /// Seconds that must pass after a write of this kind before the next one.
    func minimumSeconds(reputation: Int) -> Int {
        let established = reputation >= Self.establishedReputation
        switch self {
        case .question: return established ? 600 : 2_400
        case .answer: return established ? 30 : 180
        case .comment: return Int(APIRouter.secondsBetweenComments)
        case .edit: return 5
        }
    }

    /// Writes of this kind a person may make in one UTC day.
    func dailyAllowance(reputation: Int) -> Int {
        let established = reputation >= Self.establishedReputation
        switch self {
        case .question: return established ? 50 : 6
        case .answer: return established ? 200 : 30
        case .comment: return APIRouter.dailyCommentAllowance(reputation: reputation)
        case .edit: return 100
        }
    }

    /// The site's refusal of a write sooner than `minimumSeconds` after the last one.
    func tooSoonMessage(reputation: Int) -> String {
        let seconds = minimumSeconds(reputation: reputation)
        let interval = seconds % 60 == 0 && seconds >= 60
            ? "\(seconds / 60) minute" + (seconds == 60 ? "" : "s") : "\(seconds) second" + (seconds == 1 ? "" : "s")
        switch self {
        case .question, .answer: return "You can only post once every \(interval)."
        case .comment: return "You can only comment once every \(interval)."
        case .edit: return "You can only edit once every \(interval)."
        }
    }

    /// The site's refusal of a write beyond the day's allowance.
    var dailyLimitMessage: String {
        switch self {
        case .question: "You have reached your daily question limit."
        case .answer: "You have reached your daily answer limit."
        case .comment: "You have reached your daily comment limit."
        case .edit: "You have reached your daily edit limit."
        }
    }
}
