import HTTPDriver
import Images
import Browser
import Dispatch
import Foundation
import Operations
import Store
import StackExchange
import StacktermCLI
import StorePorts
import Terminal

/// The running program: wires the terminal, the browser and the trace together on the main queue.
///
/// Every event source (stdin, SIGWINCH, SIGINT/SIGTERM/SIGHUP, the animation timer, completions via
/// `onChange`) delivers on the main queue; each hands its event to the controller (a key, a size, a tick, an
/// answer) and then draws one frame on the spot. Drawing only draws: sizes and ticks reach the model from here
/// (`syncSize`, the animation timer), never from a frame.
@MainActor
final class App {
    private let session: TerminalSession
    private let painter: ScreenPainter
    private let controller: BrowserController
    private let trace: TraceWriter?
    /// The queues the store writes on; quitting waits for them so no bookmark is lost.
    private let queues: QueueManager
    /// The network's question pages asked for before the first frame, made once it is out (`startNetwork`).
    private let heldQuestions: HeldQuestionsDataManager?
    /// The person's read marks and bookmarks: quitting waits for their writes and names any not saved.
    private let personal: any PersonalDataManaging
    /// The cache, left within its size limit at quit.
    private let cache: QuestionCache
    /// Decodes keys, mouse reports and pastes; keeps an unfinished sequence across reads. Its table (the standard
    /// sequences and the terminal's own) is built after the first frame (`run`), which reads no key.
    private lazy var decoder = KeyDecoder(table: KeySequenceTable.standard.adding(session.keySequences))
    /// Fires when an unfinished sequence (a lone Esc) has waited long enough to be decided.
    private var flushTimer: (any DispatchSourceTimer)?
    private var sources: [any DispatchSourceProtocol] = []
    private var input: (any DispatchSourceRead)?
    private var animationTimer: (any DispatchSourceTimer)?
    /// The list's row count at the last frame; a change means a page was applied.
    private var lastRowCount = 0
    /// Read events that found nothing to read, in a row: a closed terminal fires forever with no data.
    private var emptyReads = 0
    /// The pixel forms' placement after each frame (nil: pictures are drawn as text, or not at all).
    var pictures: PicturePlacement?
    /// One cell's size in pixels as last found for the pixel forms (read again on SIGWINCH); nil for text forms.
    var cellSize: FoundCellSize?
    /// Whether stackterm runs inside tmux (whose window pixels are made up).
    var insideTmux = false

    private init(
        session: TerminalSession, painter: ScreenPainter, controller: BrowserController, trace: TraceWriter?, queues: QueueManager,
        personal: any PersonalDataManaging, cache: QuestionCache, heldQuestions: HeldQuestionsDataManager?, loadsNetwork: Bool
    ) {
        self.loadsNetwork = loadsNetwork
        self.heldQuestions = heldQuestions
        self.queues = queues
        self.personal = personal
        self.cache = cache
        self.session = session
        self.painter = painter
        self.controller = controller
        self.trace = trace
    }

    /// How the screen looks and where copies go: the config file's `theme` and `copy_command`.
    struct Look: Sendable {
        var theme = Theme.dark
        var copyCommand: String?
        /// `mouse = false` in the config: no mouse reports, so the terminal's own selection works without Shift.
        var mouse = true
        /// `[copy] osc52_max_bytes`: the largest OSC 52 payload (base64) sent to the terminal.
        var osc52MaxBytes = OSC52Clipboard.defaultMaxBytes
        /// `[watch] tags`, by site, and `notify_command`.
        var watchedTags: [String: Set<String>] = [:]
        var notifyCommand: String?
        /// `[images] mode` and `blocks`: what the start-up decides the pictures' form from.
        var imageMode: ImageMode = .auto
        var imageBlocks: BlockStyle = .half
    }

    /// Sets everything up and draws the first frame, or prints why it cannot and exits.
    static func launch(
        browser: BrowserConfiguration, backend: BackendConfiguration, tracePath: String?, offline: Bool,
        environment: [String: String], look: Look = Look(), origin: ContinuousClock.Instant, early: EarlyStoreStart? = nil,
        picturesAfterFirstFrame: Bool = false,
        startMarks: [(String, ContinuousClock.Instant)] = []
    ) {
        var trace: TraceWriter?
        if let path = tracePath {
            do { trace = try TraceWriter(path: path, origin: origin) } catch { fail(error.description, status: 1) }
        }
        for (name, instant) in startMarks { trace?.mark(name, at: instant) }
        trace?.mark("main")
        // When the warm-up (a link, a query) has loaded libcurl, in its place among the marks.
        if let trace, NetworkWarmUp.isStarted { NetworkWarmUp.whenLoaded { trace.mark("libcurl", at: $0) } }
        CurlLibrary.onFailure(networkUnavailable)
        let session = TerminalSession()
        let term: String
        do { term = try session.check(environment: environment) } catch { fail(error.description, status: error.exitCode) }
        var browser = browser
        // Asked once, before curses starts, only when the mode is auto (within the probe's deadline); inside tmux, for a
        // launch whose first screen is a list, once the first frame is out (`decidePicturesLater`).
        let (pictures, picturesLater) = PictureFormProbe.runOrDefer(
            mode: look.imageMode, blocks: look.imageBlocks, term: term, environment: environment,
            deferring: picturesAfterFirstFrame)
        browser.pictures.form = pictures.form
        // Blocks and shades are text: their cells are taken as 8×16 for the picture's aspect, whatever the font.
        browser.pictures.cell = pictures.form.drawsPixels ? pictures.cell.cell : .standard
        trace?.mark("pictures")
        // A link or a query: the first frame worth having is the network's answer (`NetworkAtLaunch`).
        let networkFirst = !offline && (browser.startQuestion != nil || browser.searchText != nil)
        // The store starts opening here, on other threads, while curses starts; the queues are held until the first
        // frame is out, so nothing else competes with it (`QueueManager.hold`; for a link or a query, the background
        // lane only).
        let managers = makeDataManagers(configuration: backend, observer: trace, offline: offline, environment: environment,
            cacheSizeMegabytes: browser.cacheSizeMegabytes, early: early?.store, watchedTags: look.watchedTags,
            networkFirst: networkFirst
        )
        trace?.mark("client")
        let foreground = ForegroundProgram(session: session)
        browser.startsOffline = offline
        var ports = managers.browserPorts(
            urlOpener: URLOpener(environment: environment, foreground: foreground),
            clipboard: Clipboard.make(copyCommand: look.copyCommand, osc52MaxBytes: look.osc52MaxBytes, environment: environment),
            notifier: TerminalNotifier(method: browser.watch.notify, command: look.notifyCommand, environment: environment),
            editor: editorRunner(foreground: foreground, environment: environment), environment: environment
        )
        if let viewer = browser.pictures.viewer {
            ports.pictureViewer = URLOpener(environment: environment.merging(["BROWSER": viewer]) { $1 }, foreground: foreground)
        }
        if browser.pictures.form != .none {
            ports.pictures = LivePictures(
                queues: managers.queues, cache: managers.cache, hosts: PictureHosts(extra: browser.pictures.extraHosts), offline: offline,
                userAgent: backend.userAgent)
        }
        let controller = BrowserController(configuration: browser, ports: ports)
        // A link's question or a query's results are asked for before curses starts, so that its start overlaps the
        // request (only the background lane is held for such a launch: `EarlyStore`); the model draws nothing here.
        if networkFirst {
            controller.start()
            trace?.mark("first-request")
        }
        // The store's copy of the first page is read on another thread while curses starts; `start` takes it.
        if !networkFirst { controller.readFirstPageAhead() }
        let painter: ScreenPainter
        do { painter = try session.start(environment: environment, mouse: look.mouse) } catch { fail(error.description, status: error.exitCode) }
        painter.apply(look.theme)
        trace?.mark("curses")
        if !networkFirst {
            // The first page is asked for now (the store's copy is read here; the request waits in the held queues).
            controller.start()
            trace?.mark("first-request")
        }
        if let fallback = session.termFallback { controller.say(notice: fallback.message) }
        controller.repertoire = session.repertoire
        let app = App(session: session, painter: painter, controller: controller, trace: trace, queues: managers.queues,
            personal: managers.personal, cache: managers.cache, heldQuestions: managers.heldQuestions, loadsNetwork: !offline
        )
        // After a text browser had the terminal, the whole screen is drawn again.
        foreground.onReturn = { [weak app] in
            app?.watchInput()
            app?.repaintAll()
        }
        if browser.pictures.form.drawsPixels {
            app.pictures = PicturePlacement(
                form: browser.pictures.form, insideTmux: !(environment["TMUX"] ?? "").isEmpty, sixelLimit: pictures.answers?.maxSixelGeometry)
        }
        if browser.pictures.form.drawsPixels { app.cellSize = pictures.cell }
        app.insideTmux = !(environment["TMUX"] ?? "").isEmpty
        app.picturesLater = picturesLater
        // Nothing on disk to paint: the network starts now, before the first frame ("loading…") is drawn.
        if controller.state.list.rows.isEmpty { app.startNetwork() }
        app.run()
        // The sources and the controller's onChange hold the app from here on.
        retained = app
    }

    /// Runs the person's editor with the terminal handed over whole (`ForegroundProgram`), from the main queue, in
    /// the opener's environment less every secret (`ChildEnvironment`).
    private static func editorRunner(foreground: ForegroundProgram, environment: [String: String]) -> EditorSession.Runner {
        { arguments in
            MainActor.assumeIsolated {
                switch foreground.runEditor(arguments, environment: environment) {
                case .success(.exited(let status)): .exited(status: status)
                case .success(.signaled(let signal)): .signalled(signal)
                case .failure(let error): .failedToStart(error.message)
                }
            }
        }
    }

    /// The app, kept alive for the life of the process.
    private static var retained: App?

    /// Whether libcurl is loaded once the network starts (not for `--offline`).
    private let loadsNetwork: Bool
    private var networkStarted = false

    /// Makes the requests asked for before the first frame, lets the held queues go (`QueueManager.hold`) and loads
    /// libcurl beside the first request, once.
    private func startNetwork() {
        guard !networkStarted else { return }
        networkStarted = true
        // libcurl's load first: it is the longest step before the first request can leave, and building that request
        // (`heldQuestions`) needs none of it.
        if loadsNetwork {
            DispatchQueue.global(qos: .userInitiated).async { [trace] in
                CurlLibrary.require()
                // Loaded just now; a warm-up's load is marked when it happens (`launch`).
                if !NetworkWarmUp.isStarted { trace?.mark("libcurl") }
            }
        }
        heldQuestions?.release()
        queues.release()
    }

    /// Starts watching the terminal and draws the first frame, then starts the network if it has not started.
    private func run() {
        // An answer reaches the main queue in one hop from the thread its request finished on (the data manager's
        // `PendingDelivery`), and is drawn there on the spot (no second hop through the main queue).
        controller.onChange = { [weak self] in self?.redraw() }
        watchInput()
        sources.append(SignalWatcher.watch(SignalWatcher.windowChanged) { [weak self] in self?.resize() })
        for (signal, status) in SignalWatcher.terminating {
            sources.append(SignalWatcher.watch(signal) { [weak self] in self?.quit(status: status) })
        }
        syncSize()
        redraw()
        // The first frame, from the store, is out: the requests it set off may start.
        startNetwork()
        decidePicturesLater()
        // The key table, before the first key can be read (the input source runs on this queue, after this returns).
        _ = decoder
    }

    /// The pictures' decision left until the first frame was out (`PictureFormProbe.runOrDefer`), if any.
    private var picturesLater: PictureFormProbe.Later?

    /// Asks tmux, once the first frame is out, and decides the pictures' form with its answer: the model, the
    /// placement of pixel forms and the cell size follow a form that differs from the one the launch took.
    private func decidePicturesLater() {
        guard let later = picturesLater else { return }
        picturesLater = nil
        later.decide { [weak self] decided in
            guard let self else { return }
            trace?.mark("pictures-decided")
            if decided.form.drawsPixels {
                pictures = PicturePlacement(form: decided.form, insideTmux: insideTmux, sixelLimit: decided.answers?.maxSixelGeometry)
                cellSize = decided.cell
            }
            if controller.picturesDecided(decided.form, cell: decided.form.drawsPixels ? decided.cell.cell : .standard) { redraw() }
        }
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
        handle(decoder.decode(inputs))
    }

    /// Hands each decoded input to the browser, draws one frame, and waits for the rest of an unfinished sequence.
    private func handle(_ decoded: [TerminalInput]) {
        for input in decoded {
            let intoText = controller.takesText
            controller.handle(input)
            trace?.input(input, intoText: intoText)
            if controller.isQuitRequested { quit(status: 0) }
        }
        for spelled in decoder.takeDropped() { trace?.unknownSequence(spelled) }
        flushTimer?.cancel()
        flushTimer = nil
        if let wait = decoder.pendingTimeout {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            let (seconds, attoseconds) = wait.components
            timer.schedule(deadline: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
            timer.setEventHandler { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.handle(self.decoder.flush())
                }
            }
            timer.resume()
            flushTimer = timer
        }
        if !decoded.isEmpty { redraw() }
    }

    /// SIGWINCH: curses takes the window's new size, the model hears of it (and of the cell's size in pixels, read
    /// again), and every cell is drawn again.
    private func resize() {
        session.resizeToWindow()
        if let found = cellSize, let window = WindowPixels.read() {
            let now = window.cellSize(resizing: found, insideTmux: insideTmux)
            cellSize = now
            controller.cellSizeChanged(now.cell)
        }
        repaintAll()
    }

    /// Draws every cell again: after a resize, or when a program that had the terminal returns it (the window may
    /// have changed size meanwhile, so the model hears the size first).
    func repaintAll() {
        syncSize()
        painter.invalidate()
        redraw()
    }

    /// Tells the controller the terminal's size (a resize event to the model when it changed); frames never do.
    private func syncSize() {
        let size = session.size
        controller.resize(width: size.columns, height: size.rows)
    }

    private func redraw() {
        dispatchPrecondition(condition: .onQueue(.main))
        let start = ContinuousClock.now
        let laidOutBefore = controller.listRowsLaidOut
        let size = session.size
        let buffer = controller.render(width: size.columns, height: size.rows)
        painter.paint(buffer)
        if var placement = pictures {
            // The pixel forms draw over the rows the frame left blank for them, once the frame is out.
            let (bytes, repaint) = placement.frame(controller.picturesOnScreen(width: size.columns, height: size.rows))
            pictures = placement
            if repaint {
                painter.invalidate()
                painter.paint(buffer)
            }
            TerminalOutput.write(bytes)
        }
        let info = controller.frameInfo
        trace?.frame(info, drawTime: .now - start, laidOut: controller.listRowsLaidOut - laidOutBefore)
        // Once the frame is out, the rows of the next screen are laid out, so a PageDown only copies cells.
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                let size = self.session.size
                self.controller.prepareNextScreen(width: size.columns, height: size.rows)
            }
        }
        // A page arrived: what decoding it freed goes back to the kernel (see `FreedMemory`).
        if info.rows != lastRowCount {
            lastRowCount = info.rows
            FreedMemory.release()
        }
        updateAnimation()
    }

    /// Runs the spinner's timer (about 10 frames a second) only while something is loading; each firing is a
    /// tick to the model (a debounced load may fall due) and then a frame.
    private func updateAnimation() {
        if controller.needsAnimation, animationTimer == nil {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100), leeway: .milliseconds(10))
            timer.setEventHandler { [weak self] in
                MainActor.assumeIsolated {
                    self?.controller.tick()
                    self?.redraw()
                }
            }
            timer.resume()
            animationTimer = timer
        } else if !controller.needsAnimation, let timer = animationTimer {
            timer.cancel()
            animationTimer = nil
        }
    }

    /// Cancels what is in flight, waits for the store's writes, restores the terminal, flushes the trace and exits.
    ///
    /// A read mark or bookmark that could not be saved (a full disk, another program holding the data file's lock
    /// past the busy timeout, a write still unfinished at the deadline) is named on stderr once the screen is back,
    /// one line each, and the exit status is 74 (`EX_IOERR`) instead of 0: nothing the person did is lost silently.
    private func quit(status: Int32) -> Never {
        // The model says `saving…` while writes it sent are unconfirmed; that frame is out before the wait.
        controller.shutdown()
        redraw()
        // The store's writes (a bookmark just made) finish first; the network's were cancelled just now.
        let unsaved = UnsavedChanges.drain(personal, queues: queues)
        session.end()
        // After the terminal is given back, so the prune and the WAL's truncation never hold up the screen.
        cache.finish()
        personal.finish()
        for line in unsaved.stderrLines { printError(line) }
        if let problem = trace?.flush() { printError(problem) }
        // `_exit`, not `exit`: everything that must reach the disk or the terminal is done above, and `exit` would run
        // the destructors and `atexit` handlers of libcurl's libraries (OpenSSL, GnuTLS…) while Foundation's networking
        // threads may still be using them: a quit just after the first frame crashed (SIGSEGV) about once in 60.
        fflush(nil)
        _exit(unsaved.exitStatus(asked: status))
    }

    /// libcurl could not be loaded when the network needed it: the main queue gives the terminal back, prints the
    /// line and exits with status 69 (`EX_UNAVAILABLE`); the thread that needed libcurl waits here meanwhile.
    private static let networkUnavailable: CurlLibrary.FailureHandler = { message in
        let line = message.map { String(cString: $0) } ?? "stackterm: libcurl could not be loaded"
        let end: @Sendable () -> Void = {
            TerminalSession.endIfActive()
            printError(line)
            // `_exit`, as at quit: `exit` would run libcurl's libraries' destructors under Foundation's threads
            // (an end-to-end run crashed here, status 139, once).
            fflush(nil)
            _exit(69)
        }
        // On the main thread (nothing calls the network there today) it ends here: waiting for itself would hang.
        if Thread.isMainThread { end() }
        DispatchQueue.main.async(execute: end)
        while true { pause() }
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        printError(message)
        // `_exit`: a link's or a query's libcurl may be loading on another thread (`NetworkWarmUp`), and `exit` would run
        // its libraries' clean-up beside it.
        fflush(nil)
        _exit(status)
    }
}

/// Writes one line to stderr (after the terminal is restored, so it stays on screen).
private func printError(_ message: String) {
    StandardError.write(message)
}
