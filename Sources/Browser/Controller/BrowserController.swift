public import Foundation
public import Images
public import Operations
public import StackExchange
public import StorePorts

/// The runner: feeds the browser model its events and carries out the effects it returns.
///
/// It holds what the model must not: the data managers, the store's ports, the clipboard and the opener, the
/// cancellation handles of the requests the model's ledger holds, and the `LayoutMemo` it lends the model for
/// each event and hands the renderer for each frame. Whether a request is in flight is the ledger's to say: a
/// handle whose token left the ledger (answered, or cancelled) is let go. Keys come in through `handle(_:)`,
/// sizes through `resize`, time through `tick` (the app's signal and timers call them), answers through the data
/// managers' completions (already on the main queue: one hop from the thread the request finished on), and
/// `render` draws the model with `BrowserRenderer` and changes nothing; once a frame is painted, `frameIsOut` (from
/// `prepareNextScreen`) lets the model start what waits for its text to be on the screen. Events that arrive while
/// effects are being carried out (a data manager that answers at once) wait their turn, so the model sees one event
/// at a time.
@MainActor
public final class BrowserController {
    public static let minimumWidth = BrowserModel.minimumWidth
    public static let minimumHeight = BrowserModel.minimumHeight

    /// Called after the model changed without a key (an answer arrived, a copy finished); redraw.
    public var onChange: (() -> Void)?
    /// The browser as a value.
    public private(set) var model: BrowserModel

    let ports: BrowserPorts
    let clock: @MainActor () -> Date
    /// The layouts the model's events and the frames share, memoised by their inputs.
    let layouts: LayoutMemo
    /// How to cancel each request the ledger holds, by its token, and to raise it to the user lane (the handles its
    /// port gave that are `PriorityRaising`). Kept only for tokens still in `model.ledger`: pruned after every event.
    private(set) var cancellationHandles: [RequestToken: [any Cancellable]] = [:]
    private var pending: [BrowserEvent] = []
    private var isDelivering = false

    /// A runner for a browser configured by `configuration` that reaches the world through `ports`, on `clock`'s time.
    public init(
        configuration: BrowserConfiguration, ports: BrowserPorts, clock: @escaping @MainActor () -> Date = { Date() }
    ) {
        self.ports = ports
        self.clock = clock
        layouts = LayoutMemo(highlightsCode: configuration.highlightsCode)
        model = BrowserModel(configuration: configuration, features: ports.features, now: clock())
    }

    public var state: BrowserState { model.state }
    public var isQuitRequested: Bool { model.isQuitRequested }
    public var needsAnimation: Bool { model.needsAnimation }
    public var frameInfo: FrameInfo { model.frameInfo }
    /// How many list rows have been laid out so far (rows copied from the row cache are not counted): the trace's
    /// count of the rows a frame laid out itself.
    public var listRowsLaidOut: Int { layouts.listRows.misses }
    /// Whether the next key goes into text the person is writing (a prompt, the site filter, the comment editor): the
    /// trace then records it without its character.
    public var takesText: Bool {
        let state = model.state
        return state.prompt != nil || state.sitePicker != nil || state.commentEditor != nil
    }
    public var prefetchDistance: Int {
        get { model.prefetchDistance }
        set { model.prefetchDistance = newValue }
    }
    public var repertoire: TextRepertoire {
        get { model.repertoire }
        set { model.repertoire = newValue }
    }
    /// The list rows' layout cache, for tests and benchmarks.
    var listRows: ListRowCache { layouts.listRows }

    /// Starts reading the list's first page from the store in the background, for `start` to take: the launch calls
    /// it before curses starts, so that the read and curses' start share the two cores (BENCHMARKS.md, "The warm
    /// start on two cores"). Nothing for a link's launch, whose first screen is its question.
    public func readFirstPageAhead() {
        guard model.configuration.startQuestion == nil, model.state.list.loadedPages == 0 else { return }
        ports.listCache?.readAhead(model.state.list.query, page: 1)
    }

    /// The first page load, then the person's marks and the store's notices (all before the first frame).
    ///
    /// The load first, so its request is on its way while the store's files finish opening. A data file being made
    /// from nothing (the first launch) holds no marks: the first frame does not wait for SQLite to make it, and its
    /// outcome (the marks, or why there are none this run) is delivered once it is made.
    public func start() {
        deliver(.start)
        var notes = [ports.listCache?.takeStoreNotice()].compactMap { $0 }
        if let personal = ports.personal {
            if personal.isBeingMadeFromNothing {
                personal.whenSettled { [weak self] in self?.deliverPersonal(personal, notify: true) }
            } else {
                deliverPersonal(personal, notify: false)
                notes += [personal.unavailableReason].compactMap { $0 }
            }
        }
        if !notes.isEmpty { deliver(.stored(.notices(notes))) }
    }

    /// The person's marks as the data file has them, and why there are none if the file cannot be used; `notify`
    /// when it comes after the first frame, with the reason said as a notice then.
    private func deliverPersonal(_ personal: any PersonalDataManaging, notify: Bool) {
        let reason = personal.unavailableReason
        deliver(.stored(.personal(personal.marks(), unavailableReason: reason)), notify: notify)
        if notify, let reason { deliver(.stored(.notices([reason])), notify: true) }
    }

    /// Says `text` once, as the store's notices are said (in the status bar and the message log).
    public func say(notice text: String) { deliver(.stored(.notices([text]))) }

    /// Handles one key press.
    public func handle(_ key: Key) {
        deliver(.key(key))
        deliverStoreNotices()
    }

    /// Handles one decoded input: a key, a mouse report or a paste.
    public func handle(_ input: TerminalInput) {
        switch input {
        case .key(let key): deliver(.key(key))
        case .mouse(let event): deliver(.mouse(event))
        case .paste(let text): deliver(.paste(text))
        case .focus(let focused): deliver(.focus(focused))
        }
        deliverStoreNotices()
    }

    /// Performs one action, as a key bound to it would.
    public func perform(_ action: Action) {
        deliver(.action(action))
    }

    /// Time passed (the animation timer, a wake the model asked for): a debounced load may fall due.
    public func tick() {
        deliver(.tick)
    }

    /// The terminal is `width`×`height` now (at start, and on SIGWINCH): the model hears of a new size.
    public func resize(width: Int, height: Int) {
        guard width != model.width || height != model.height else { return }
        deliver(.resize(width: width, height: height))
    }

    /// The terminal's cell is `cell` pixels now (a resize found a new size): the model hears of it when it changed.
    public func cellSizeChanged(_ cell: CellSize) {
        guard cell != model.configuration.pictures.cell else { return }
        deliver(.cellSize(cell))
    }

    /// The pictures' form was decided after the first frame (`PictureFormProbe.runOrDefer`): the model hears of it
    /// when it changed. Returns whether it did (the runner then draws a frame).
    @discardableResult
    public func picturesDecided(_ form: ImageForm, cell: CellSize) -> Bool {
        guard form != model.configuration.pictures.form || cell != model.configuration.pictures.cell else { return false }
        deliver(.picturesDecided(form, cell: cell))
        return true
    }

    /// The screen for the current model at `width`×`height`, at the clock's time. Drawing only draws: it delivers
    /// nothing to the model, so a frame never sends a request.
    public func render(width: Int, height: Int) -> ScreenBuffer {
        BrowserRenderer.render(model, layouts: layouts, width: width, height: height, now: clock())
    }

    /// Idle work once a frame is out (the app calls this after painting it): what the model left until the frame
    /// showed its text (`frameIsOut`), then the list rows a PageDown would show next (see `BrowserRenderer`).
    public func prepareNextScreen(width: Int, height: Int) {
        frameIsOut()
        BrowserRenderer.prepareNextScreen(model, layouts: layouts, width: width, height: height, now: clock())
    }

    /// The frame for the model as it stands is out. When the model waits for one (a question's text shown, its
    /// pictures not asked for yet: `BrowserModel.awaitsFrame`) it hears `.frameShown` and asks for them, and
    /// `onChange` asks for the frame that shows their boxes changed; after any other frame, nothing happens.
    public func frameIsOut() {
        guard model.awaitsFrame else { return }
        let drawn = model.state.detail?.revision
        deliver(.frameShown)
        if model.state.detail?.revision != drawn { onChange?() }
    }

    /// Cancels everything in flight; called before quitting.
    public func shutdown() {
        deliver(.quit)
    }

    /// Files `kind` in the model's ledger on `lane` and sends it, as a screen's request is sent; its reply comes back
    /// as any other (`BrowserEvent.response`, routed by its kind). How a kind no screen asks for yet is tried.
    @discardableResult
    func issue(_ kind: some RequestKind, lane: RequestPriority = .user) -> RequestToken {
        let issued = model.ledger.issue(kind, lane: lane, at: clock())
        for effect in issued.effects { carryOut(effect) }
        forgetHandlesOfAnsweredRequests()
        return issued.token
    }

    /// Feeds `event` to the model and carries out its effects; events that arrive meanwhile wait their turn.
    func deliver(_ event: BrowserEvent, notify: Bool = false) {
        pending.append(event)
        guard !isDelivering else { return }
        isDelivering = true
        while !pending.isEmpty {
            let next = pending.removeFirst()
            for effect in model.handle(next, at: clock(), layouts: layouts) { carryOut(effect) }
            forgetHandlesOfAnsweredRequests()
        }
        isDelivering = false
        if notify { onChange?() }
    }

    /// Lets go of the handles of requests the ledger no longer holds: answered (perhaps before `send` returned),
    /// or cancelled (the `.cancel` effect has run by now).
    private func forgetHandlesOfAnsweredRequests() {
        guard cancellationHandles.contains(where: { model.ledger.entries[$0.key] == nil }) else { return }
        cancellationHandles = cancellationHandles.filter { model.ledger.entries[$0.key] != nil }
    }

    /// A cache problem found since (a write that met a full disk) is said once, after the key's own message.
    /// (Read marks and bookmarks say each write's outcome themselves: `.stored(.written(…))`.)
    private func deliverStoreNotices() {
        guard let note = ports.listCache?.takeStoreNotice() else { return }
        deliver(.stored(.notices([note])))
    }

    /// Carries out one effect.
    private func carryOut(_ effect: BrowserEffect) {
        switch effect {
        case .send(let token, let request, let lane):
            let handle = ports.send(request, lane: lane, now: clock()) { [weak self] response in
                guard let self else { return }
                deliver(.response(token, response), notify: true)
                deliverStoreNotices()
            }
            cancellationHandles[token, default: []].append(handle)
        case .raise(let token, _):
            // The person waits for what a prefetch is fetching: the one request is raised, not asked again.
            for case let handle as any PriorityRaising in cancellationHandles[token] ?? [] { handle.raiseToUserPriority() }
        case .cancel(let token):
            for handle in cancellationHandles.removeValue(forKey: token) ?? [] { handle.cancel() }
        case .read(let read):
            // The watches are in the data file: while it is made from nothing (the first launch) they are read once
            // it is, so the first frame does not wait for SQLite (another stackterm may fill it meanwhile).
            if [.watches, .watchItems].contains(read), let personal = ports.personal, personal.isBeingMadeFromNothing {
                personal.whenSettled { [weak self] in
                    guard let self else { return }
                    deliver(.stored(ports.read(read)), notify: true)
                }
            } else {
                deliver(.stored(ports.read(read)))
            }
        case .write(let write):
            ports.write(write) { [weak self] problem in
                self?.deliver(.stored(.written(write, problem: problem)), notify: true)
            }
        case .openURL(let url), .openPicture(let url):
            let opener = if case .openPicture = effect { ports.pictureViewer ?? ports.urlOpener } else { ports.urlOpener }
            opener.open(url) { [weak self] error in
                guard let error else {
                    self?.deliver(.opened, notify: true)
                    return
                }
                self?.deliver(.openFailed(error), notify: true)
            }
        case .copy(let text, let confirmation):
            ports.clipboard.copy(text) { [weak self] error in
                self?.deliver(.copied(error: error, confirmation: confirmation), notify: true)
            }
        case .signOut:
            ports.account?.signIn.signOut()
        case .notify(let notification, let ifPaneHidden):
            ports.notifier?.notify(notification, ifPaneHidden: ifPaneHidden)
        case .compose(let job):
            let outcome = ports.writing?.compose(job) ?? .failed("writing is off in this run")
            deliver(.composed(job, outcome), notify: true)
        case .forgetEditorDraft(let site, let target):
            ports.writing?.drafts.discard(site: site, target: target)
        case .wake(let delay):
            DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
                MainActor.assumeIsolated { self?.deliver(.tick, notify: true) }
            }
        }
    }
}
