@testable import Browser
import Foundation
import StackExchange
import Testing

/// A frame only draws: sizes and ticks reach the model from the runner, never from `render`, and the ages a
/// frame shows are of the time it is drawn.
@MainActor
struct RenderOnlyDrawsTests {
    @Test func aFrameSendsNothingAndChangesNothing() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        _ = h.screen()
        // A sort key: its load falls due after the debounce, at the next tick.
        h.press(.character("s"))
        h.now = h.now.addingTimeInterval(BrowserModel.sortDebounce + 1)
        let requests = h.questions.requests.count
        let whole = String(reflecting: h.controller.model)
        for size in [(80, 24), (100, 30), (20, 4)] {
            _ = h.controller.render(width: size.0, height: size.1)
            h.controller.prepareNextScreen(width: size.0, height: size.1)
        }
        #expect(h.questions.requests.count == requests, "no frame sent the due load")
        #expect(String(reflecting: h.controller.model) == whole, "the model is the same value after the frames")
        #expect(h.controller.model.width == 80 && h.controller.model.height == 24, "a frame's size is not the model's")
        h.controller.tick()
        #expect(h.questions.requests.count == requests + 1, "the runner's tick sends it")
    }

    @Test func aResizeFromTheRunnerReachesTheModelAndSendsWhatItSentBefore() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(30), hasMore: true)
        _ = h.screen(width: 80, height: 40)
        h.press(.end)
        let requests = h.questions.requests.count
        h.controller.resize(width: 80, height: 10)
        #expect(h.controller.model.width == 80 && h.controller.model.height == 10)
        #expect(h.questions.requests.count == requests, "a resize sends nothing, as before")
        // The selection stays visible at the new size (the model settles its scroll on the resize event).
        #expect(h.controller.state.list.scrollOffset == 30 - 8)
        #expect(h.controller.render(width: 80, height: 10).text(ofRow: 8).contains("Question number 30"))
        h.controller.resize(width: 80, height: 10)
        #expect(h.questions.requests.count == requests)
    }

    @Test func theDetailsAgesMoveOnWhileTheQuestionStaysOpen() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(1))
        h.press(.enter)
        h.details.requests[0].deliver(.success(Fixtures.detail(for: h.list.rows[0].question)))
        #expect(h.screen().joined(separator: "\n").contains("asked 5m"))
        // An hour on the injected clock, no key and no tick: the next frame shows the new age.
        h.now = h.now.addingTimeInterval(3600)
        let screen = h.screen().joined(separator: "\n")
        #expect(screen.contains("asked 1h"), "the frame shows the age at the time it is drawn")
        #expect(!screen.contains("asked 5m"))
    }
}
