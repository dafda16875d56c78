import Browser
import StorePorts
import Testing

/// The editor's file: written with its instructions block (and a question's headers), read back as the person wrote it.
struct EditorDocumentTests {
    static let instructions = ["Answer to: How do I quit vim?", "https://unix.stackexchange.com/q/42",
                               "Save and quit to preview; an empty or unchanged file cancels."]

    @Test func theInstructionsBlockIsRemovedAndHeadingsStay() {
        let document = EditorDocument(target: .answer(questionID: 42), instructions: Self.instructions)
        let written = document.text + "# Use :q\n\nThen `:wq` saves.\n## Or ZZ\n"
        let read = EditorDocument.read(written, for: .answer(questionID: 42))
        #expect(read.body == "# Use :q\n\nThen `:wq` saves.\n## Or ZZ")
        #expect(read.title == nil && read.tags == nil)
    }

    @Test func anUntouchedFileIsEmpty() {
        let document = EditorDocument(target: .answer(questionID: 42), instructions: Self.instructions)
        #expect(EditorDocument.read(document.text, for: .answer(questionID: 42)).isEmpty)
        let question = EditorDocument(target: .question, instructions: ["Ask on unix"])
        #expect(EditorDocument.read(question.text, for: .question).isEmpty)
    }

    @Test func aQuestionsHeadersAreParsed() {
        let text = """
            <!-- stackterm:
              Ask on Unix & Linux
            -->
            Title: Why does ls colour differ in tmux?
            Tags: tmux, ls  [colors] <terminal> tmux

            My **body** here.
            # A heading, not a header
            """
        let read = EditorDocument.read(text, for: .question)
        #expect(read.title == "Why does ls colour differ in tmux?")
        #expect(read.tags == ["tmux", "ls", "colors", "terminal"])
        #expect(read.body == "My **body** here.\n# A heading, not a header")
    }

    @Test func crlfAndAMissingFinalNewlineReadTheSame() {
        let lf = EditorDocument.read("<!-- stackterm:\n  x\n-->\nfirst\n\nsecond\n", for: .answer(questionID: 1))
        let crlf = EditorDocument.read("<!-- stackterm:\r\n  x\r\n-->\r\nfirst\r\n\r\nsecond", for: .answer(questionID: 1))
        #expect(lf == crlf)
        #expect(crlf.body == "first\n\nsecond")
    }

    @Test func aFileWithoutTheBlockKeepsEverything() {
        let read = EditorDocument.read("<!-- a comment of mine -->\nbody\n", for: .answer(questionID: 1))
        #expect(read.body == "<!-- a comment of mine -->\nbody")
    }

    @Test func anInstructionCannotCloseTheCommentEarly() {
        let document = EditorDocument(target: .answer(questionID: 1), instructions: ["a --> b"])
        #expect(document.text.components(separatedBy: "-->").count == 2)
        #expect(EditorDocument.read(document.text + "text", for: .answer(questionID: 1)).body == "text")
    }

    @Test func anEditsCurrentTextRoundTrips() {
        let document = EditorDocument(target: .editQuestion(questionID: 7), instructions: ["Edit"],
                                      title: "Old title here", tags: ["bash", "sed"], body: "Line one\n\n    code\n")
        let read = EditorDocument.read(document.text, for: .editQuestion(questionID: 7))
        #expect(read == EditorSubmission(title: "Old title here", tags: ["bash", "sed"], body: "Line one\n\n    code"))
    }

    @Test func targetsRoundTripThroughTheirStorageKeys() {
        for target in [WriteTarget.answer(questionID: 5), .question, .editQuestion(questionID: 6), .editAnswer(answerID: 7)] {
            #expect(WriteTarget(storageKey: target.storageKey) == target)
        }
        #expect(WriteTarget(storageKey: "answer:x") == nil)
        #expect(WriteTarget(storageKey: "question:3") == nil)
    }
}
