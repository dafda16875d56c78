public import Foundation
public import Operations
public import StackExchange
public import StorePorts

/// The runner: feeds the browser model its events and carries out the effects it returns.
///
/// It holds what the model must not: the data managers, the store's ports, the clipboard and the opener, and
/// the cancellation handle of each request in flight by its token. Keys come in through `handle(_:)`, answers
/// through the data managers' completions (already on the main queue: one hop from the network's queue), and
/// `render` draws the model with `BrowserRenderer`. Events that arrive while effects are being carried out (a
/// data manager that answers at once) wait their turn, so the model sees one event at a time.
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
    /// The cancellation handle of each request in flight, by its token.
    private var inFlight: [RequestToken: any Cancellable] = [:]
    private var pending: [BrowserEvent] = []
    private var isDelivering = false
    /// The request being sent, and whether its data manager answered before `send` returned.
    private var sendingToken: RequestToken?
    private var answeredDuringSend = false

    public init(
        configuration: BrowserConfiguration,
        questions: any QuestionsDataManaging,
        details: any QuestionDetailDataManaging,
        urlOpener: any URLOpening,
        clipboard: any Copying = NoClipboard(),
        siteList: (any SiteListProviding)? = nil,
        comments: (any CommentsDataManaging)? = nil,
        personal: (any PersonalDataManaging)? = nil,
        listCache: (any QuestionListCaching)? = nil,
        detailCache: (any QuestionDetailCaching)? = nil,
        account: AccountPorts? = nil,
        remembered: (any RememberedKeeping)? = nil,
        watching: WatchPorts? = nil,
        notifier: (any Notifying)? = nil,
        clock: @escaping @MainActor () -> Date = { Date() }
    ) {
        ports = BrowserPorts(
            questions: questions, details: details, urlOpener: urlOpener, clipboard: clipboard, siteList: siteList,
            comments: comments, personal: personal, listCache: listCache, detailCache: detailCache, account: account,
            remembered: remembered, watching: watching, notifier: notifier)
        self.clock = clock
        model = BrowserModel(configuration: configuration, features: ports.features, now: clock())
    }

    public var state: BrowserState { model.state }
    public var isQuitRequested: Bool { model.isQuitRequested }
    public var needsAnimation: Bool { model.needsAnimation }
    public var frameInfo: FrameInfo { model.frameInfo }
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
    var listRows: ListRowCache { model.layouts.listRows }

    /// The first page load, then the person's marks and the store's notices (all before the first frame).
    ///
    /// The load first, so its request is on its way while the store's files finish opening (issue 17).
    public func start() {
        deliver(.start)
        if let personal = ports.personal {
            deliver(.stored(.personal(personal.marks(), unavailableReason: personal.unavailableReason)))
        }
        let notes = [ports.listCache?.takeStoreNotice(), ports.personal?.unavailableReason].compactMap { $0 }
        if !notes.isEmpty { deliver(.stored(.notices(notes))) }
    }

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

    /// Time passed: a debounced load may fall due.
    public func tick() {
        deliver(.tick)
    }

    /// The screen for the current model at `width`×`height`; the model hears of a new size first.
    public func render(width: Int, height: Int) -> ScreenBuffer {
        if width != model.width || height != model.height { deliver(.resize(width: width, height: height)) }
        deliver(.tick)
        return BrowserRenderer.render(model, width: width, height: height)
    }

    /// Lays out the list rows a PageDown would show next (idle work after a frame: see `BrowserRenderer`).
    public func prepareNextScreen(width: Int, height: Int) {
        BrowserRenderer.prepareNextScreen(model, width: width, height: height)
    }

    /// Cancels everything in flight; called before quitting.
    public func shutdown() {
        deliver(.quit)
    }

    /// Feeds `event` to the model and carries out its effects; events that arrive meanwhile wait their turn.
    func deliver(_ event: BrowserEvent, notify: Bool = false) {
        pending.append(event)
        guard !isDelivering else { return }
        isDelivering = true
        while !pending.isEmpty {
            let next = pending.removeFirst()
            for effect in model.handle(next, at: clock()) { carryOut(effect) }
        }
        isDelivering = false
        if notify { onChange?() }
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
            sendingToken = token
            answeredDuringSend = false
            let handle = ports.send(request, lane: lane, now: clock()) { [weak self] response in
                guard let self else { return }
                if sendingToken == token { answeredDuringSend = true }
                inFlight[token] = nil
                deliver(.response(token, response), notify: true)
                deliverStoreNotices()
            }
            sendingToken = nil
            // A data manager that answered at once has been heard already (its event waits its turn): no handle.
            if !answeredDuringSend { inFlight[token] = handle }
        case .cancel(let token):
            inFlight.removeValue(forKey: token)?.cancel()
        case .read(let read):
            deliver(.stored(ports.read(read)))
        case .write(let write):
            ports.write(write) { [weak self] problem in
                self?.deliver(.stored(.written(write, problem: problem)), notify: true)
            }
        case .openURL(let url):
            ports.urlOpener.open(url) { [weak self] error in
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
        case .wake(let delay):
            DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
                MainActor.assumeIsolated { self?.deliver(.tick, notify: true) }
            }
        }
    }
}
