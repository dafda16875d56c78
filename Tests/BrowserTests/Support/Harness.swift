@testable import Browser
import Foundation
import StackExchange

/// A controller wired to stub data managers and a fixed clock the test can move.
@MainActor
final class Harness {
    let questions = StubQuestions()
    let details = StubDetails()
    let sites = StubSites()
    let comments = StubComments()
    /// Asked only when the configuration's picture form is not `none`.
    let pictures = StubPictures()
    let opener: StubOpener
    let clipboard = StubClipboard()
    var now = Fixtures.now
    var changes = 0
    private(set) var controller: BrowserController! = nil

    init(configuration: BrowserConfiguration = BrowserConfiguration(tags: ["swift"]), opener: StubOpener = StubOpener()) {
        self.opener = opener
        var ports = BrowserPorts(
            questions: questions, details: details, urlOpener: opener, clipboard: clipboard, siteList: sites, comments: comments)
        ports.pictures = pictures
        controller = BrowserController(
            configuration: configuration,
            ports: ports,
            clock: { [unowned self] in self.now }
        )
        controller.onChange = { [unowned self] in self.changes += 1 }
        // Most tests count requests exactly; PrefetchTests turn prefetching back on.
        controller.prefetchDistance = 0
    }

    /// Starts the controller and delivers page 1 with `items`.
    func startLoaded(_ items: [Question], hasMore: Bool = true) {
        controller.start()
        questions.requests.last!.deliver(.success(Fixtures.page(items, hasMore: hasMore)))
    }

    func press(_ keys: Key...) {
        for key in keys { controller.handle(key) }
    }

    /// Moves the clock on by `seconds` and lets the controller see the time pass (debounced loads fall due).
    func advance(_ seconds: TimeInterval) {
        now = now.addingTimeInterval(seconds)
        controller.tick()
    }

    func type(_ text: String) {
        for character in text { controller.handle(.character(character)) }
    }

    var list: ListState { controller.state.list }

    /// The screen as text, one line per row, at `width`×`height` (the size delivered first, as the app's
    /// SIGWINCH handling does); then, as the app does once a frame is painted, the controller hears it is out.
    func screen(width: Int = 80, height: Int = 24) -> [String] {
        let buffer = controller.resizeAndRender(width: width, height: height)
        controller.frameIsOut()
        return (0..<height).map { buffer.text(ofRow: $0) }
    }

    /// The status bar's text at `width`×`height`.
    func statusBar(width: Int = 80, height: Int = 24) -> String {
        screen(width: width, height: height).last ?? ""
    }
}

extension BrowserController {
    /// What the app does for a frame in a terminal of `width`×`height`: the size reaches the model first (the app
    /// delivers it on SIGWINCH and at start), then the frame is drawn; drawing itself delivers nothing.
    func resizeAndRender(width: Int, height: Int) -> ScreenBuffer {
        resize(width: width, height: height)
        return render(width: width, height: height)
    }
}
