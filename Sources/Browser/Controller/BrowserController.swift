public import Foundation
public import StackExchange

/// The browser: turns keys into actions, asks the data managers for pages, and draws the screens.
///
/// Lives on the main actor: every state change and every completion happens there. The
/// terminal calls `handle(_:)` for each key, `render(width:height:)` for each frame, and
/// redraws whenever `onChange` fires (a completion arrived, the spinner ticked).
@MainActor
public final class BrowserController {
    /// Called after state changed without a key (a completion arrived, an opener reported); redraw.
    public var onChange: (() -> Void)?
    /// Set once the person asked to quit; the main loop then restores the terminal and exits 0.
    public private(set) var isQuitRequested = false

    private let configuration: BrowserConfiguration
    private let questions: any QuestionsDataManaging
    private let details: any QuestionDetailDataManaging
    private let urlOpener: any URLOpening
    private let clock: @MainActor () -> Date

    public init(
        configuration: BrowserConfiguration,
        questions: any QuestionsDataManaging,
        details: any QuestionDetailDataManaging,
        urlOpener: any URLOpening,
        clock: @escaping @MainActor () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.questions = questions
        self.details = details
        self.urlOpener = urlOpener
        self.clock = clock
    }

    /// Issues the first page load.
    public func start() {}

    /// Handles one key press.
    public func handle(_ key: Key) {
        if key == .character("q") { isQuitRequested = true }
    }

    /// True while something animates (a load's spinner): the main loop then redraws about 10 times a second.
    public var needsAnimation: Bool { false }

    /// Draws the current screen into a new buffer of the given size.
    public func render(width: Int, height: Int) -> ScreenBuffer {
        ScreenBuffer(width: width, height: height)
    }

    /// What the last `render` drew, for the trace's frame event.
    public var frameInfo: FrameInfo { FrameInfo(screen: "list", rows: 0, selected: 0) }

    /// Cancels everything in flight; called before quitting.
    public func shutdown() {}
}
