import Foundation

/// A question (with one answer) whose every string from the server tries to act on the terminal that shows it: the
/// link carries an OSC 52 clipboard write, an OSC 8 hyperlink, `CSI 2J`, a title change, a DCS query (which a terminal
/// answers on stdin), raw C1 controls (CSI, ST, OSC as U+009B, U+009C, U+009D) and DEL; titles, names, tags and bodies
/// carry bidi overrides (U+202E, U+2066) and zero-width characters, as text and as HTML entities. A client must show
/// none of it as it came: `ReplicaFault.hostilePost` serves it.
public enum HostilePost {
    /// The question's id.
    public static let questionID = 79_999_001
    /// The answer's id.
    public static let answerID = 80_999_001
    /// The user's id (the question's and the answer's author).
    public static let userID = 4_242

    /// Every escape the link carries, in order.
    static let escapes = "\u{1B}]52;c;cm0gLXJmIH4K\u{07}"
        + "\u{1B}]8;;https://evil.example/\u{1B}\\click\u{1B}]8;;\u{1B}\\"
        + "\u{1B}[2J"
        + "\u{1B}]0;pwned\u{07}"
        + "\u{1B}P$qm\u{1B}\\"
        + "\u{9B}31m\u{9D}0;c1 title\u{9C}\u{7F}"

    /// The text that turns a line around or hides in it.
    static let bidi = "\u{202E}gnp.exe\u{202C} \u{2066}isolated\u{2069} zero\u{200B}width\u{2060}joined\u{FEFF}"

    static var owner: WireOwner {
        WireOwner(
            accountId: 1, reputation: 1, userId: userID, userType: "registered", displayName: "Mallory \(bidi)\(escapes)",
            link: "https://stackoverflow.com/users/\(userID)/mallory\(escapes)")
    }

    static func question(now: Date) -> WireQuestion {
        let date = Int(now.timeIntervalSince1970) - 600
        let answer = WireAnswer(
            owner: owner, isAccepted: true, score: 3, lastActivityDate: date, creationDate: date, answerId: answerID,
            questionId: questionID, contentLicense: "CC BY-SA 4.0",
            body: "<p>Answer \(bidi) &#x202E;entity&#x202C; and \(escapes) &#x1b;[2J&#x9b;1m</p>\n"
                + "<pre><code>echo hi\(escapes)\n</code></pre>\n"
                + "<p>See <a href=\"https://example.com/doc\(escapes)\">the docs\(bidi)</a>.</p>\n",
            bodyMarkdown: "Answer \(bidi) \(escapes)\n\n    echo hi\(escapes)\n\nSee [the docs](https://example.com/doc\(escapes)).")
        return WireQuestion(
            tags: ["shell", "tag\(bidi)\(escapes)"], owner: owner, isAnswered: true, viewCount: 1, acceptedAnswerId: answerID,
            answerCount: 1, score: 5, lastActivityDate: date, creationDate: date, questionId: questionID,
            contentLicense: "CC BY-SA 4.0",
            link: "https://stackoverflow.com/questions/\(questionID)/hostile\(escapes)",
            title: "Hostile \(bidi) &#x202E;title\(escapes)",
            body: "<p>Question \(bidi) \(escapes)</p>\n",
            bodyMarkdown: "Question \(bidi) \(escapes)",
            answers: [answer])
    }

    /// The page the fault answers with: this one question, the quota untouched.
    static func response(now: Date, quotaMax: Int) -> APIResponse {
        .page([question(now: now)], hasMore: false, quotaMax: quotaMax, quotaRemaining: quotaMax - 1, backoff: nil)
    }
}
