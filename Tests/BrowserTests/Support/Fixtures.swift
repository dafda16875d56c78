import Foundation
import StackExchange

/// Questions and pages with fixed content and dates, for behaviour and snapshot tests.
enum Fixtures {
    /// The fixed "now" every test clock returns.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// `count` plain questions numbered from `first`, each a few minutes older than the last.
    static func questions(_ count: Int, from first: Int = 1) -> [Question] {
        (first..<first + count).map { n in
            Question(
                questionID: 1000 + n, title: "Question number \(n)", link: "https://stackoverflow.com/q/\(1000 + n)",
                tags: ["swift"], score: n, answerCount: n % 3, viewCount: n * 100, isAnswered: n % 3 > 0,
                creationDate: now.addingTimeInterval(-Double(n) * 300), owner: ShallowUser(displayName: "user\(n)")
            )
        }
    }

    static func page(_ items: [Question], hasMore: Bool, quota: Int? = 280) -> Page<Question> {
        Page(items: items, hasMore: hasMore, quotaRemaining: quota)
    }

    /// A varied first page: an accepted answer, escaped HTML, a control character, CJK and emoji titles.
    static let variedQuestions: [Question] = [
        Question(
            questionID: 11, title: "How do I reverse a String in Swift?", link: "https://stackoverflow.com/q/11",
            tags: ["swift", "string"], score: 42, answerCount: 3, viewCount: 12_345, isAnswered: true,
            acceptedAnswerID: 99, creationDate: now.addingTimeInterval(-300),
            owner: ShallowUser(displayName: "Alice &amp; Bob")
        ),
        Question(
            questionID: 12, title: "Why does &lt;code&gt; break my &quot;parser&quot;?", tags: ["html", "parsing"],
            score: -2, answerCount: 0, viewCount: 17, creationDate: now.addingTimeInterval(-3 * 3600),
            owner: ShallowUser(displayName: "bob")
        ),
        Question(
            questionID: 13, title: "Evil \u{1B}[31mred\u{07} title\u{9B}2J with controls", tags: ["security"],
            score: 7, answerCount: 2, viewCount: 2_500_000, isAnswered: false,
            creationDate: now.addingTimeInterval(-2 * 86400), owner: ShallowUser(displayName: "mallory")
        ),
        Question(
            questionID: 14, title: "如何在 Swift 中反转字符串？这是一个很长的标题用于测试截断和对齐", tags: ["swift", "中文"],
            score: 1234, answerCount: 12, viewCount: 999, isAnswered: true, acceptedAnswerID: 5,
            creationDate: now.addingTimeInterval(-40 * 86400), owner: ShallowUser(displayName: "王小明")
        ),
        Question(
            questionID: 15, title: "🚀 Emoji 🎉 titles 👍🏽 with ✨ sparkles and a family 👨‍👩‍👧 should align", tags: ["unicode"],
            score: 0, answerCount: 1, viewCount: 1_050, isAnswered: true,
            creationDate: now.addingTimeInterval(-400 * 86400), owner: nil
        ),
    ]

    /// A detail whose question is `question`.
    static func detail(for question: Question, quota: Int? = 250) -> QuestionDetail {
        QuestionDetail(question: question, answers: [], quotaRemaining: quota)
    }
}
