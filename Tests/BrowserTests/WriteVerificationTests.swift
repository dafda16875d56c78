import Browser
import Foundation
import StackExchange
import StorePorts
import Testing

/// A write whose answer never came is looked for on the site before anything else: found → posted, else not posted
/// and the draft kept.
struct WriteVerificationTests {
    static let sent = Date(timeIntervalSince1970: 1_795_435_200)
    static let me = ShallowUser(userID: 7)

    static func answer(_ markdown: String, owner: Int = 7, created: Date = sent.addingTimeInterval(2)) -> WrittenPost {
        WrittenPost(questionID: 42, answerID: 900, bodyMarkdown: markdown, link: "https://unix.stackexchange.com/a/900",
                    creationDate: created, owner: ShallowUser(userID: owner))
    }

    @Test func anAnswerIsLookedForAmongTheQuestionsNewestAnswers() throws {
        let verification = WriteVerification(site: "unix", target: .answer(questionID: 42),
                                             submission: EditorSubmission(body: "Use `ls -a`:\n\n    ls -a  \n"), sentAt: Self.sent, userID: 7)
        let request = verification.request(filter: "!kept")
        #expect(request.endpoint == "/questions/42/answers" && !request.isWrite)
        #expect(request.parameters.contains(URLQueryItem(name: "sort", value: "creation")))
        #expect(request.parameters.contains(URLQueryItem(name: "filter", value: "!kept")))
        let landed = Self.answer("Use `ls -a`:\r\n\r\n    ls -a")
        #expect(verification.verdict(found: [Self.answer("something else entirely"), landed]) == .posted(landed))
        #expect(verification.verdict(found: [Self.answer("Use `ls -a`:\n\n    ls -a", owner: 8)]) == .notPosted, "someone else's")
        #expect(verification.verdict(found: [Self.answer("Use `ls -a`:\n\n    ls -a", created: Self.sent.addingTimeInterval(-3_600))])
            == .notPosted, "an older post")
        #expect(verification.verdict(found: []) == .notPosted)
        #expect(WriteVerdict.notPosted.message == "not posted: your draft is kept")
        #expect(WriteVerdict.posted(landed).message.hasSuffix("https://unix.stackexchange.com/a/900"))
    }

    @Test func aQuestionIsLookedForAmongThePersonsOwnAndMatchesByTitleToo() {
        let verification = WriteVerification(
            site: "unix", target: .question,
            submission: EditorSubmission(title: "How do I list hidden files?", tags: ["ls"], body: "I tried ls and saw nothing starting with a dot."),
            sentAt: Self.sent, userID: 7)
        #expect(verification.request(filter: "f").endpoint == "/me/questions")
        let asked = WrittenPost(questionID: 77, title: "How do I list hidden files?", bodyMarkdown: "I tried ls and saw nothing starting with a dot.",
                                creationDate: Self.sent, owner: Self.me)
        var retitled = asked
        retitled.title = "Another title for the same body"
        #expect(verification.verdict(found: [retitled]) == .notPosted)
        #expect(verification.verdict(found: [retitled, asked]) == .posted(asked))
    }

    @Test func anEditIsLookedForOnThePostItself() {
        let verification = WriteVerification(site: "unix", target: .editAnswer(answerID: 900),
                                             submission: EditorSubmission(body: "the new text &amp; more"), sentAt: Self.sent, userID: 7)
        #expect(verification.request(filter: "f").endpoint == "/answers/900")
        #expect(verification.verdict(found: [Self.answer("the old text")]) == .notPosted)
        let edited = Self.answer("the new text &amp;amp; more")
        #expect(verification.verdict(found: [edited]) == .posted(edited), "the Markdown is HTML-escaped on the wire")
    }
}
