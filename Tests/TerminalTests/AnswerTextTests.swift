import Foundation
import StackExchange
import StacktermCLI
import Testing

/// `--print`'s text: Markdown as written or HTML laid out, wrapped on a terminal and not in a pipe, coloured only when
/// asked; the best answer chosen as a reader expects; the exit status a script relies on.
struct AnswerTextTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    static func question(answers: [Answer]) -> Question {
        var question = Question(
            questionID: 1, title: "How do I exit &quot;vim&quot;?", link: "https://stackoverflow.com/questions/1/x", tags: ["vim"],
            score: 7, answerCount: answers.count, creationDate: date)
        question.answers = answers
        return question
    }

    static func answer(_ id: Int, score: Int, accepted: Bool = false, markdown: String? = nil, html: String? = nil) -> Answer {
        Answer(answerID: id, questionID: 1, score: score, isAccepted: accepted, creationDate: date.addingTimeInterval(Double(id)),
               owner: ShallowUser(displayName: "user\(id)"), body: html, bodyMarkdown: markdown)
    }

    @Test func theBestAnswerIsTheAcceptedOneElseTheHighestScored() {
        let answers = [Self.answer(2, score: 50), Self.answer(3, score: 10, accepted: true), Self.answer(4, score: 60)]
        #expect(ShellEntry.ranked(answers).map(\.answerID) == [3, 4, 2])
        #expect(ShellEntry.ranked(Array(answers.prefix(1)) + [Self.answer(4, score: 60)]).map(\.answerID) == [4, 2])
        let entries = ShellSelection([("stackoverflow", [Self.question(answers: answers)])], count: 1, allAnswers: false).entries
        #expect(entries.map { $0.answers.map(\.answerID) } == [[3]])
        let all = ShellSelection([("stackoverflow", [Self.question(answers: answers)])], count: 1, allAnswers: true).entries
        #expect(all.first?.answers.map(\.answerID) == [3, 4, 2])
    }

    @Test func markdownIsPrintedAsWrittenAndPlainIntoAPipe() {
        let markdown = "Type `:q` then Enter &amp; you are out.\n\n```\n:wq\n```"
        let entry = ShellEntry(site: "stackoverflow", question: Self.question(answers: []), answers: [Self.answer(9, score: 3, accepted: true, markdown: markdown)])
        let text = AnswerText(width: nil, colors: false).text([entry])
        #expect(text == """
            How do I exit "vim"?
            https://stackoverflow.com/questions/1/x · score 7 · vim

            Answer by user9 · score 3 · accepted · https://stackoverflow.com/a/9

            Type `:q` then Enter & you are out.

            ```
            :wq
            ```

            """)
    }

    @Test func htmlIsLaidOutWithFencedCodeAndLinksAsFootnotes() {
        let html = #"<p>See <a href="https://vimhelp.org">the help</a>.</p><pre class="lang-py"><code>print(1)</code></pre>"#
        let entry = ShellEntry(site: "stackoverflow", question: Self.question(answers: []), answers: [Self.answer(9, score: 3, html: html)])
        let lines = AnswerText(width: nil, colors: false).text([entry]).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains("See the help [1]."), "\(lines)")
        #expect(lines.contains("```python") && lines.contains("print(1)"), "\(lines)")
        #expect(lines.contains("[1] https://vimhelp.org"))
    }

    @Test func aTerminalGetsTextWrappedToItsWidthAndColours() {
        let markdown = String(repeating: "word ", count: 40) + "\n\n    indented code that is longer than the width of the terminal stays whole"
        let entry = ShellEntry(site: "stackoverflow", question: Self.question(answers: []), answers: [Self.answer(9, score: 3, markdown: markdown)])
        let plain = AnswerText(width: 30, colors: false).text([entry])
        let lines = plain.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("word") }.count >= 6)
        #expect(lines.filter { $0.hasPrefix("word") }.allSatisfy { $0.count <= 30 })
        #expect(lines.contains { $0.hasPrefix("    indented code") && $0.count > 30 })
        #expect(!plain.contains("\u{1B}["))
        let coloured = AnswerText(width: 30, colors: true).text([entry])
        #expect(coloured.contains("\u{1B}[1m") && coloured.contains("\u{1B}[0m"))
        #expect(coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) == plain)
    }

    /// Strings from the API reach neither the terminal nor the JSON with their controls, bidi or zero-width characters;
    /// a link that is not the site's own plain URL is rebuilt from the site and the id.
    @Test func hostileStringsAreFilteredAndLinksRebuilt() throws {
        let hostile = "\u{1B}]52;c;eA==\u{07}\u{1B}[2J\u{9B}1m\u{7F}\u{202E}\u{2066}\u{200B}"
        var question = Self.question(answers: [])
        question.title = "Title" + hostile
        question.link = "https://stackoverflow.com/questions/1/x" + hostile
        question.tags = ["vim" + hostile]
        var answer = Self.answer(9, score: 3, html: "<p>Body\(hostile) &#x202E;&#x1b;[31m</p>")
        answer.owner = ShallowUser(userID: 5, displayName: "name" + hostile, link: "https://stackoverflow.com/users/5/x" + hostile)
        let entry = ShellEntry(site: "stackoverflow", question: question, answers: [answer])
        let text = AnswerText(width: nil, colors: false).text([entry])
        let json = AnswerJSON.document(query: "q", link: nil, local: false, outcomes: [("stackoverflow", .ok)], entries: [entry])
        for output in [text, json] {
            let bad = output.unicodeScalars.filter { scalar in
                scalar.value != 0x0A && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || scalar.properties.generalCategory == .format)
            }
            #expect(bad.isEmpty, "\(bad.map { String($0.value, radix: 16) }) in \(output.debugDescription)")
        }
        #expect(text.hasPrefix("Title]52;c;eA==[2J1m\nhttps://stackoverflow.com/q/1 · score 7 · vim]52;c;eA==[2J1m\n"), "\(text)")
        #expect(text.contains("Answer by name]52;c;eA==[2J1m · score 3 · https://stackoverflow.com/a/9"), "\(text)")
        #expect(json.contains("\"link\" : \"https://stackoverflow.com/users/5\""), "\(json)")
    }

    @Test func aDashWordIsToldToComeAfterDoubleDash() {
        let hint = CommandLineEnd.dashWordHint(message: "Unknown option '-emacs'", arguments: ["--print", "vim", "-emacs"])
        #expect(hint?.hasPrefix("-emacs is no option: put -- before") == true, "\(hint ?? "nil")")
        #expect(CommandLineEnd.dashWordHint(message: "Unknown option '--prnt'", arguments: ["--prnt", "vim"]) == nil)
        #expect(CommandLineEnd.dashWordHint(message: "Missing value for '-n <N>'", arguments: ["-n"]) == nil)
    }

    @Test func theExitStatusSaysWhatHappened() {
        typealias Outcome = ShellExit.SiteOutcome
        #expect(ShellExit.status(found: true, outcomes: [.ok, .throttled(seconds: 5)]) == .found)
        #expect(ShellExit.status(found: false, outcomes: [.ok, .ok]) == .nothing)
        #expect(ShellExit.status(found: false, outcomes: [.ok, .throttled(seconds: 5)]) == .throttled)
        #expect(ShellExit.status(found: false, outcomes: [.error(id: 400, name: "bad_parameter", message: "no site")]) == .usage)
        #expect(ShellExit.status(found: false, outcomes: [.error(id: nil, name: "unavailable", message: "no network")]) == .unavailable)
        let now = Date()
        #expect(Outcome(.throttled(until: now.addingTimeInterval(12.2)), now: now) == .throttled(seconds: 13))
        #expect(Outcome(.stackExchange(id: 502, name: "throttle_violation", message: "too many requests from this IP, more requests available in 40 seconds"), now: now)
            == .throttled(seconds: 40))
        #expect(Outcome(.transport(URLError(.cannotConnectToHost)), now: now) == .error(id: nil, name: "unavailable", message: "network error: cannot connect to host"))
    }
}
