@testable import Browser
import Foundation
import Images
import StackExchange
import Testing

/// A question's text goes to the screen before its pictures are asked for: the event that brings the text asks for
/// none and its frame shows the text with the boxes waiting; once that frame is out (`.frameShown`) the pictures are
/// asked for, those in view first, two at a time.
@MainActor
struct PictureAfterFrameTests {
    typealias F = PictureFetchingTests
    static let now = Fixtures.now

    /// The model with `F.question` opened from the list at 80×24 (pictures in blocks), its reply awaited.
    func opening() -> (model: BrowserModel, reply: RequestToken) {
        var model = BrowserModel(configuration: F.configuration, now: Self.now)
        _ = model.handle(.resize(width: 80, height: 24), at: Self.now)
        let list = sent(model.handle(.start, at: Self.now))
        _ = model.handle(.response(list, .questions(.success(Fixtures.page([F.question], hasMore: false)))), at: Self.now)
        let reply = sent(model.handle(.key(.enter), at: Self.now))
        return (model, reply)
    }

    /// The token of the first request among `effects`.
    func sent(_ effects: [BrowserEffect]) -> RequestToken {
        for case .send(let token, _, _) in effects { return token }
        Issue.record("nothing was asked for")
        return RequestToken(value: -1)
    }

    /// The addresses of the pictures `effects` ask for, in order, each on the background lane.
    func picturesAsked(_ effects: [BrowserEffect]) -> [String] {
        effects.compactMap { effect in
            guard case .send(_, let request, let lane) = effect, let picture = request.as(BrowserRequest.Picture.self) else { return nil }
            #expect(lane == .background)
            return picture.url
        }
    }

    func screen(_ model: BrowserModel, layouts: LayoutMemo) -> [String] {
        let frame = BrowserRenderer.render(model, layouts: layouts, width: 80, height: 24, now: Self.now)
        return (0..<24).map { frame.text(ofRow: $0) }
    }

    @Test func theRepliesEventAsksForNoPictureAndThoseInViewFollowOnceItsFrameIsOut() {
        var (model, reply) = opening()
        let layouts = LayoutMemo()
        let replied = model.handle(.response(reply, .detail(.success(F.detail))), at: Self.now, layouts: layouts)
        #expect(picturesAsked(replied).isEmpty, "the text's event asks for no picture")
        #expect(model.ledger.tokens(for: DetailScreen.picturePurpose).isEmpty)
        let first = screen(model, layouts: layouts)
        #expect(first.contains { $0.contains(F.question.title) })
        #expect(first.contains { $0.contains("Paragraph 1.") }, "the text is in the first frame")
        #expect(first.contains { $0.contains("[image: a · waiting][1]") } && first.contains { $0.contains("[image: b · waiting][2]") })
        #expect(model.awaitsFrame)

        let framed = model.handle(.frameShown, at: Self.now, layouts: layouts)
        #expect(picturesAsked(framed) == [F.address("a"), F.address("b")], "those in view, two at a time")
        #expect(model.ledger.tokens(for: DetailScreen.picturePurpose).count == 2)
        #expect(!model.awaitsFrame)
        let next = screen(model, layouts: layouts)
        #expect(next.contains { $0.contains("[image: a · loading…][1]") } && next.contains { $0.contains("[image: b · loading…][2]") })
        #expect(picturesAsked(model.handle(.frameShown, at: Self.now, layouts: layouts)).isEmpty, "nothing asked twice")
    }

    @Test func thePicturesInViewWhenTheFrameIsOutGoFirst() {
        var (model, reply) = opening()
        _ = model.handle(.response(reply, .detail(.success(F.detail))), at: Self.now)
        // The person is at the end of the question before the frame is out: c and d are in view there.
        #expect(picturesAsked(model.handle(.key(.character("G")), at: Self.now)).isEmpty)
        #expect(picturesAsked(model.handle(.frameShown, at: Self.now)) == [F.address("c"), F.address("d")])
    }

    @Test func aQuestionLeftBeforeItsFrameIsOutAsksForNothing() {
        var (model, reply) = opening()
        _ = model.handle(.response(reply, .detail(.success(F.detail))), at: Self.now)
        _ = model.handle(.key(.character("h")), at: Self.now)
        #expect(!model.awaitsFrame)
        #expect(picturesAsked(model.handle(.frameShown, at: Self.now)).isEmpty)
        #expect(model.ledger.tokens(for: DetailScreen.picturePurpose).isEmpty)
    }

    @Test func withPicturesOffNoFrameIsAwaited() {
        var configuration = F.configuration
        configuration.pictures = PictureSettings(form: .none)
        var model = BrowserModel(configuration: configuration, now: Self.now)
        _ = model.handle(.resize(width: 80, height: 24), at: Self.now)
        let list = sent(model.handle(.start, at: Self.now))
        _ = model.handle(.response(list, .questions(.success(Fixtures.page([F.question], hasMore: false)))), at: Self.now)
        let reply = sent(model.handle(.key(.enter), at: Self.now))
        _ = model.handle(.response(reply, .detail(.success(F.detail))), at: Self.now)
        #expect(!model.awaitsFrame, "the controller sends no event after the frames of a question without pictures to fetch")
    }

    /// Through the runner, as the app drives it: the reply asks for nothing, the frame is drawn, and once it is out
    /// the two pictures in view are asked for and a frame follows that shows them loading.
    @Test func theRunnerAsksOnceTheFrameIsOutAndDrawsAgain() {
        let h = Harness(configuration: F.configuration)
        h.startLoaded([F.question])
        _ = h.screen(width: 80, height: 24)
        h.press(.enter)
        h.details.requests[0].deliver(.success(F.detail))
        #expect(h.pictures.requests.isEmpty, "nothing asked before the text's frame")
        let changes = h.changes
        let buffer = h.controller.resizeAndRender(width: 80, height: 24)
        #expect((0..<24).contains { buffer.text(ofRow: $0).contains("[image: a · waiting][1]") })
        #expect(h.pictures.requests.isEmpty, "drawing asks for nothing")
        h.controller.frameIsOut()
        #expect(h.pictures.requests.map(\.url) == [F.address("a"), F.address("b")])
        #expect(h.changes == changes + 1, "the boxes changed: a frame is asked for")
        h.controller.frameIsOut()
        #expect(h.pictures.requests.count == 2)
        #expect(h.changes == changes + 1, "no frame asked when nothing changed")
        #expect(h.screen(width: 80, height: 24).contains { $0.contains("[image: a · loading…][1]") })
    }
}
