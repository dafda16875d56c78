import Browser
import Dispatch
import Foundation
import Operations
import StackExchange
import StacktermCLI
import Terminal

/// The running program: wires the terminal, the browser and the trace together on the main queue.
///
/// Every event source (stdin, SIGWINCH, SIGINT/SIGTERM/SIGHUP, the animation timer, completions via
/// `onChange`) delivers on the main queue; each handles its event and redraws. Keys are drawn at
/// once; other changes are coalesced into one frame per turn of the main queue.
@MainActor
final class App {
    private let session: TerminalSession
    private let painter: ScreenPainter
    private let controller: BrowserController
    private let trace: TraceWriter?
    /// The queues the store writes on; quitting waits for them so no bookmark is lost.
    private let queues: QueueManager
    private let decoder = KeyDecoder()
    private var sources: [any DispatchSourceProtocol] = []
    private var input: (any DispatchSourceRead)?
    private var animationTimer: (any DispatchSourceTimer)?
    /// The list's row count at the last frame; a change means a page was applied.
    private var lastRowCount = 0
    /// Read events that found nothing to read, in a row: a closed terminal fires forever with no data.
    private var emptyReads = 0

    private init(
        session: TerminalSession, painter: ScreenPainter, controller: BrowserController, trace: TraceWriter?, queues: QueueManager
    ) {
        self.queues = queues
        self.session = session
        self.painter = painter
        self.controller = controller
        self.trace = trace
    }

    /// How the screen looks and where copies go: the config file's `theme` and `copy_command`.
    struct Look: Sendable {
        var theme = Theme.dark
        var copyCommand: String?
    }

    /// Sets everything up and draws the first frame, or prints why it cannot and exits.
    static func launch(
        browser: BrowserConfiguration, backend: BackendConfiguration, tracePath: String?, offline: Bool,
        environment: [String: String], look: Look = Look(), origin: ContinuousClock.Instant
    ) {
        var trace: TraceWriter?
        if let path = tracePath {
            do { trace = try TraceWriter(path: path, origin: origin) } catch { fail(error.description, status: 1) }
        }
        trace?.mark("main")
        let session = TerminalSession()
        do { try session.check(environment: environment) } catch { fail(error.description, status: error.exitCode) }
        // The first request goes out before curses starts: the network and ncurses' set-up overlap.
        let managers = makeDataManagers(configuration: backend, observer: trace, offline: offline, environment: environment)
        trace?.mark("client")
        let foreground = ForegroundProgram(session: session)
        let controller = BrowserController(
            configuration: browser, questions: managers.questions, details: managers.details,
            urlOpener: URLOpener(environment: environment, foreground: foreground),
            clipboard: Clipboard.make(copyCommand: look.copyCommand, environment: environment),
            siteList: managers.sites, comments: managers.comments, personal: managers.personal,
            listCache: managers.listCache, detailCache: managers.detailCache, account: managers.account
        )
        controller.start()
        trace?.mark("first-request")
        let painter: ScreenPainter
        do { painter = try session.start(environment: environment) } catch { fail(error.description, status: error.exitCode) }
        painter.apply(look.theme)
        trace?.mark("curses")
        controller.repertoire = session.repertoire
        let app = App(session: session, painter: painter, controller: controller, trace: trace, queues: managers.queues)
        // After a text browser had the terminal, the whole screen is drawn again.
        foreground.onReturn = { [weak app] in
            app?.watchInput()
            app?.repaintAll()
        }
        app.run()
        // The sources and the controller's onChange hold the app from here on.
        retained = app
    }

    /// The app, kept alive for the life of the process.
    private static var retained: App?

    private func run() {
        // An answer reaches the frame in two hops from the network's queue: the data manager's one hop to main,
        // then this redraw on the spot (no third hop through the main queue).
        controller.onChange = { [weak self] in self?.redraw() }
        watchInput()
        sources.append(SignalWatcher.watch(SignalWatcher.windowChanged) { [weak self] in self?.resize() })
        for (signal, status) in SignalWatcher.terminating {
            sources.append(SignalWatcher.watch(signal) { [weak self] in self?.quit(status: status) })
        }
        redraw()
    }

    /// Reads the keyboard through a new read source on stdin, replacing the one before.
    ///
    /// Called at start and again when a foreground program (a text browser) gives the terminal back: that
    /// program read the keys typed while it ran, and the old source, whose readiness fired for bytes it
    /// never got to read, was seen to go deaf afterwards (about one run in four in the end-to-end test).
    func watchInput() {
        input?.cancel()
        let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        input.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readKeys() }
        }
        input.resume()
        self.input = input
        emptyReads = 0
    }

    /// Decodes and handles every key waiting, then draws one frame.
    private func readKeys() {
        dispatchPrecondition(condition: .onQueue(.main))
        let available = input?.data ?? 0
        let inputs = session.readInputs()
        if inputs.isEmpty, available == 0 {
            emptyReads += 1
            if emptyReads >= 8 { quit(status: 129) }
            return
        }
        emptyReads = 0
        for key in decoder.decode(inputs) {
            controller.handle(key)
            trace?.key(key)
            if controller.isQuitRequested { quit(status: 0) }
        }
        redraw()
    }

    private func resize() {
        session.resizeToWindow()
        repaintAll()
    }

    /// Draws every cell again: after a resize, or when a program that had the terminal returns it.
    func repaintAll() {
        painter.invalidate()
        redraw()
    }

    private func redraw() {
        dispatchPrecondition(condition: .onQueue(.main))
        let start = ContinuousClock.now
        let size = session.size
        painter.paint(controller.render(width: size.columns, height: size.rows))
        let info = controller.frameInfo
        trace?.frame(info, drawTime: .now - start)
        // A page arrived: what decoding it freed goes back to the kernel (see `FreedMemory`).
        if info.rows != lastRowCount {
            lastRowCount = info.rows
            FreedMemory.release()
        }
        updateAnimation()
    }

    /// Runs the spinner's timer (about 10 frames a second) only while something is loading.
    private func updateAnimation() {
        if controller.needsAnimation, animationTimer == nil {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100), leeway: .milliseconds(10))
            timer.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.redraw() } }
            timer.resume()
            animationTimer = timer
        } else if !controller.needsAnimation, let timer = animationTimer {
            timer.cancel()
            animationTimer = nil
        }
    }

    /// Cancels what is in flight, restores the terminal, flushes the trace and exits.
    private func quit(status: Int32) -> Never {
        controller.shutdown()
        // The store's writes (a bookmark just made) finish first; the network's were cancelled just now.
        queues.backgroundQueue.waitUntilAllOperationsAreFinished()
        session.end()
        if let problem = trace?.flush() { printError(problem) }
        exit(status)
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        printError(message)
        exit(status)
    }
}

/// Writes one line to stderr (after the terminal is restored, so it stays on screen).
private func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
