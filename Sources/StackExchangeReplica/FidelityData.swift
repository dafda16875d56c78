import Foundation

/// Questions added to the bundled data for the points where the live API is easy to get wrong: tags with
/// reserved characters (`c++`, `c#`, `.net`, `node.js`, `objective-c`), questions with several of them (search
/// OR versus AND), and a question with more answers than one page holds (240).
///
/// Built in code rather than in `scripts/generate-replica-data.py`'s output, so the JSON stays as generated;
/// dates sit well before the newest question, so the start-up shift and the first screens do not change.
enum FidelityData {
    /// The question with 240 answers.
    static let manyAnswersQuestionID = 79_100_100
    static let manyAnswersCount = 240

    /// The extra questions and answers, dated relative to `newest` (the newest creation date of the data).
    static func make(newest: Int) -> (questions: [WireQuestion], answers: [WireAnswer]) {
        let day = 86_400
        let tagged: [(Int, String, [String])] = [
            (79_100_001, "Why does std::vector&lt;bool&gt; behave differently in c++?", ["c++"]),
            (79_100_002, "Linking a c++ program against ncursesw on Linux", ["c++", "linux"]),
            (79_100_003, "Pattern matching on records in C# 12", ["c#", ".net"]),
            (79_100_004, "Running a .NET 8 console app on Linux", [".net", "linux"]),
            (79_100_005, "Back-pressure with node.js streams", ["node.js", "javascript"]),
            (79_100_006, "Retain cycles with blocks in objective-c", ["objective-c"]),
            (79_100_007, "Async Main in a C# console app", ["c#"]),
        ]
        var questions = tagged.enumerated().map { index, entry in
            question(id: entry.0, title: entry.1, tags: entry.2, answers: 0, date: newest - (400 + index) * day)
        }
        questions.append(question(
            id: manyAnswersQuestionID, title: "Which terminal emulators draw emoji with skin tones correctly?",
            tags: ["terminal-emulator"], answers: manyAnswersCount, date: newest - 420 * day))
        let answers = (1...manyAnswersCount).map { number in
            WireAnswer(
                owner: WireOwner(accountId: 9_000 + number, reputation: number, userId: 9_000 + number, userType: "registered",
                                 displayName: "answerer\(number)", link: "https://stackoverflow.com/users/\(9_000 + number)"),
                isAccepted: number == 1, score: manyAnswersCount + 1 - number, lastActivityDate: newest - 410 * day + number,
                creationDate: newest - 410 * day + number, answerId: 80_100_000 + number, questionId: manyAnswersQuestionID,
                contentLicense: "CC BY-SA 4.0", body: "<p>Answer \(number) of \(manyAnswersCount).</p>\n")
        }
        return (questions, answers)
    }

    private static func question(id: Int, title: String, tags: [String], answers: Int, date: Int) -> WireQuestion {
        WireQuestion(
            tags: tags, owner: WireOwner(accountId: 8_000, reputation: 100, userId: 8_000, userType: "registered",
                                         displayName: "fidelity", link: "https://stackoverflow.com/users/8000"),
            isAnswered: answers > 0, viewCount: 10 * (answers + 1), acceptedAnswerId: answers > 0 ? 80_100_001 : nil,
            answerCount: answers, score: 1, lastActivityDate: date, creationDate: date, questionId: id,
            contentLicense: "CC BY-SA 4.0", link: "https://stackoverflow.com/questions/\(id)", title: title,
            body: "<p>\(title)</p>\n")
    }
}
