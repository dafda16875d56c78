@testable import Browser
import Foundation
import Images
import StackExchange
import Testing

/// Fetching the open question's pictures: at most two at a time, those in view first, the next when one arrives,
/// every one still on its way cancelled when the question is left; `I` turns them off for the run.
@MainActor
struct PictureFetchingTests {
    static let question = Fixtures.questions(1)[0]
    static func address(_ name: String) -> String { "https://i.sstatic.net/\(name).png" }

    /// Two pictures at the top, forty paragraphs, two pictures at the bottom.
    static let detail: QuestionDetail = {
        var q = question
        let filler = (1...40).map { "<p>Paragraph \($0).</p>" }.joined()
        q.body = ["a", "b"].map { #"<p><img src="\#(address($0))" alt="\#($0)"></p>"# }.joined() + filler
            + ["c", "d"].map { #"<p><img src="\#(address($0))" alt="\#($0)"></p>"# }.joined()
        return QuestionDetail(question: q, answers: [], quotaRemaining: 200)
    }()

    static var configuration: BrowserConfiguration {
        var configuration = BrowserConfiguration(tags: ["swift"])
        configuration.pictures = PictureSettings(form: .blocks(.half, .palette256))
        return configuration
    }

    static let file = PictureFile(
        format: .png, width: 16, height: 16, pixels: RGBAImage(width: 16, height: 16) { _, _ in RGBA(red: 200, green: 0, blue: 0) })

    func openDetail(configuration: BrowserConfiguration = PictureFetchingTests.configuration) -> Harness {
        let h = Harness(configuration: configuration)
        h.startLoaded([Self.question])
        _ = h.screen(width: 80, height: 24)
        h.press(.enter)
        h.details.requests[0].deliver(.success(Self.detail))
        // The question's first frame goes out; its pictures are asked for after it.
        _ = h.screen(width: 80, height: 24)
        return h
    }

    @Test func twoAtATimeThoseInViewFirstAndTheNextWhenOneArrives() throws {
        let h = openDetail()
        #expect(h.pictures.requests.map(\.url) == [Self.address("a"), Self.address("b")])
        #expect(h.screen(width: 80, height: 24).contains { $0.contains("[image: a · loading…][1]") })
        // At the bottom, c and d are in view: when a arrives, d (in view) goes before... c, which is in view too.
        h.press(.character("G"))
        h.pictures.requests[0].deliver(.file(Self.file))
        #expect(h.pictures.requests.count == 3)
        let third = h.pictures.requests[2].url
        #expect([Self.address("c"), Self.address("d")].contains(third), "in view first: \(third)")
        h.press(.character("g"))
        #expect(h.screen(width: 80, height: 24).contains { $0.contains("[image: a · 16×16][1]") })
        #expect(h.pictures.requests.allSatisfy { $0.site == "stackoverflow" && $0.questionID == Self.question.questionID })
    }

    @Test func aPictureOutOfViewWaitsForThoseInView() throws {
        let h = openDetail()
        h.press(.character("G"))
        h.pictures.requests[0].deliver(.file(Self.file))
        h.pictures.requests[1].deliver(.refused("broken PNG header: cut short"))
        // With c and d in view, both are asked before anything else; nothing is asked twice.
        #expect(Set(h.pictures.requests.map(\.url)) == Set(["a", "b", "c", "d"].map(Self.address)))
        #expect(h.pictures.requests.count == 4)
        h.press(.character("g"))
        #expect(h.screen(width: 80, height: 24).contains { $0.contains("[image: b · broken PNG header: cut short][2]") })
    }

    @Test func leavingTheQuestionCancelsThePicturesOnTheirWay() throws {
        let h = openDetail()
        let inFlight = h.pictures.requests
        #expect(inFlight.count == 2)
        h.press(.character("h"))
        #expect(inFlight.allSatisfy { $0.handle.isCancelled })
        // A late answer changes nothing.
        inFlight[0].deliver(.file(Self.file))
        #expect(h.pictures.requests.count == 2)
    }

    @Test func capitalIHidesThePicturesForTheRun() throws {
        let h = openDetail()
        let inFlight = h.pictures.requests
        h.press(.character("I"))
        #expect(inFlight.allSatisfy { $0.handle.isCancelled })
        #expect(h.screen(width: 80, height: 24).contains { $0.contains("[image: a][1]") })
        h.press(.character("h"), .enter)
        h.details.requests.last!.deliver(.success(Self.detail))
        _ = h.screen(width: 80, height: 24)
        #expect(h.pictures.requests.count == 2, "nothing asked while they are off")
        h.press(.character("I"))
        #expect(h.pictures.requests.count == 4)
    }

    @Test func withoutAFormNothingIsFetched() {
        let h = openDetail(configuration: BrowserConfiguration(tags: ["swift"]))
        #expect(h.pictures.requests.isEmpty)
        #expect(h.screen(width: 80, height: 24).contains { $0.contains("[image: a][1]") })
    }

    @Test func enterAndOOpenThePictureAtTheTopAndYCopiesItsAddress() throws {
        let h = openDetail()
        h.pictures.requests[0].deliver(.file(Self.file))
        _ = h.screen(width: 80, height: 24)
        let document = try #require(h.controller.layouts.document(for: h.controller.state.detail!, width: 80, now: h.now))
        let spot = try #require(document.pictures.first)
        for _ in 0..<spot.lines.lowerBound { h.press(.character("j")) }
        h.press(.enter)
        #expect(h.opener.urls.last == Self.address("a"))
        h.press(.character("y"))
        #expect(h.clipboard.copied.last == Self.address("a"))
        h.press(.character("g"))
        h.press(.character("o"))
        #expect(h.opener.urls.last != Self.address("a"), "o at the title opens the question")
    }

    @Test func capitalJAndKStepOverThePicturesLikeThePostsParts() throws {
        let h = openDetail()
        for request in h.pictures.requests { request.deliver(.file(Self.file)) }
        _ = h.screen(width: 80, height: 24)
        let document = try #require(h.controller.layouts.document(for: h.controller.state.detail!, width: 80, now: h.now))
        let boxes = document.pictures.map(\.lines.lowerBound)
        h.press(.character("J"))
        #expect(h.controller.state.detail?.scroll == boxes[0])
        h.press(.character("J"))
        #expect(h.controller.state.detail?.scroll == boxes[1])
        h.press(.character("K"))
        #expect(h.controller.state.detail?.scroll == boxes[0])
        h.press(.character("K"))
        #expect(h.controller.state.detail?.scroll == 0)
    }
}
