@testable import Browser
import Foundation
import Images
import StackExchange
import Testing

/// A question with pictures costs its first frame what it costs with pictures off: its text is laid out once, and
/// the pictures' states changing afterwards (asked for, arrived, `I`) draw their own lines again, never the text.
@MainActor
struct PictureFirstFrameTests {
    typealias F = PictureFetchingTests

    /// Opens `F.detail` with `configuration` and draws its first frame: the pictures asked for before it, the layouts
    /// and picture redraws that frame took, and its text; then, once the frame is out, the next frame.
    func openAndDraw(_ configuration: BrowserConfiguration)
        -> (h: Harness, askedBefore: Int, layouts: Int, redraws: Int, screen: [String], next: [String], nextLayouts: Int, nextRedraws: Int)
    {
        let h = Harness(configuration: configuration)
        h.startLoaded([F.question])
        _ = h.screen(width: 80, height: 24)
        h.press(.enter)
        let layouts = h.controller.layouts.documentLayouts, redraws = h.controller.layouts.pictureRedraws
        h.details.requests[0].deliver(.success(F.detail))
        let askedBefore = h.pictures.requests.count
        let buffer = h.controller.resizeAndRender(width: 80, height: 24)
        let screen = (0..<24).map { buffer.text(ofRow: $0) }
        let drawn = (h.controller.layouts.documentLayouts - layouts, h.controller.layouts.pictureRedraws - redraws)
        h.controller.frameIsOut()
        let next = h.screen(width: 80, height: 24)
        return (
            h, askedBefore, drawn.0, drawn.1, screen, next, h.controller.layouts.documentLayouts - layouts - drawn.0,
            h.controller.layouts.pictureRedraws - redraws - drawn.1
        )
    }

    @Test func theFirstFrameLaysTheQuestionOutOnceWithPicturesAsWithout() {
        let on = openAndDraw(F.configuration)
        #expect(on.askedBefore == 0, "no picture asked for before the first frame")
        #expect(on.screen.contains { $0.contains("[image: a · waiting][1]") })
        #expect(on.layouts == 1, "the text laid out once")
        #expect(on.redraws == 0, "the first frame draws the boxes as laid out")
        #expect(on.h.pictures.requests.count == 2, "two pictures asked for once the first frame is out")
        #expect(on.next.contains { $0.contains("[image: a · loading…][1]") })
        #expect(on.nextLayouts == 0 && on.nextRedraws == 1, "the boxes drawn again once they say loading, not the text")
        var off = F.configuration
        off.pictures = PictureSettings(form: .none)
        let without = openAndDraw(off)
        #expect(without.screen.contains { $0.contains("[image: a][1]") })
        #expect(without.layouts == 1 && without.redraws == 0)
        #expect(without.h.pictures.requests.isEmpty)
    }

    @Test func aPictureArrivingDrawsItsLinesNotTheText() throws {
        let h = openAndDraw(F.configuration).h
        let layouts = h.controller.layouts.documentLayouts
        h.pictures.requests[0].deliver(.file(F.file))
        let screen = h.screen(width: 80, height: 24)
        #expect(screen.contains { $0.contains("[image: a · 16×16][1]") })
        let shown = try #require(h.controller.layouts.document(for: h.controller.state.detail!, width: 80, now: h.now))
        #expect(shown.pictures[0].pictureRows.count > 0)
        h.press(.character("I"))
        _ = h.screen(width: 80, height: 24)
        let hidden = try #require(h.controller.layouts.document(for: h.controller.state.detail!, width: 80, now: h.now))
        #expect(hidden.pictures[0].pictureRows.isEmpty, "off: the box alone")
        #expect(hidden.lines.count < shown.lines.count)
        #expect(h.controller.layouts.documentLayouts == layouts, "no layout of the text for the pictures' changes")
    }

    /// The document with its pictures drawn again is the one a layout with their new states gives, lines, answers'
    /// headers and code blocks moved by the rows the pictures gained or lost.
    @Test func redrawnPicturesGiveTheDocumentALayoutGives() throws {
        let body = #"<p>Top.</p><blockquote><p><img src="https://i.sstatic.net/a.png" alt="a quoted picture with a long alternative text"></p></blockquote>"#
            + #"<pre><code>let x = 1</code></pre><p><img src="https://i.sstatic.net/b.png" alt="b"></p><p>End.</p>"#
        var question = F.question
        question.body = body
        let answers = [Answer(answerID: 7, questionID: question.questionID, score: 1, creationDate: Fixtures.now, body: body)]
        let detail = QuestionDetail(question: question, answers: answers)
        let wide = PictureFile(
            format: .png, width: 64, height: 64, pixels: RGBAImage(width: 64, height: 64) { x, _ in RGBA(red: UInt8(x * 4), green: 0, blue: 0) })
        var shelf = PictureShelf(look: PictureLook(form: .blocks(.half, .palette256), maxRows: 6))
        let first = DetailLayout.layout(detail, width: 30, now: Fixtures.now, pictures: shelf)
        var document = first
        let steps: [(String, PictureState?)] = [
            ("a", .loading), ("b", .loading), ("a", .shown(wide)), ("b", .failed("broken PNG header: cut short")), ("a", nil),
        ]
        for (name, state) in steps {
            let drawn = shelf
            shelf["https://i.sstatic.net/\(name).png"] = state
            document.redrawPictures(shelf, from: drawn)
            #expect(document == DetailLayout.layout(detail, width: 30, now: Fixtures.now, pictures: shelf), "after \(name): \(String(describing: state))")
        }
        let drawn = shelf
        shelf.look.isShown = false
        document.redrawPictures(shelf, from: drawn)
        #expect(document == DetailLayout.layout(detail, width: 30, now: Fixtures.now, pictures: shelf))
        var bare = first
        bare.redrawPictures(nil, from: PictureShelf(look: PictureLook(form: .blocks(.half, .palette256), maxRows: 6)))
        #expect(bare == DetailLayout.layout(detail, width: 30, now: Fixtures.now))
    }
}
