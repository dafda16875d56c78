public import Foundation
import Operations
public import StackExchange

/// The browser: turns keys into actions, asks the data managers for pages, and draws the screens.
///
/// Lives on the main actor: every state change and every completion happens there. The
/// terminal calls `handle(_:)` for each key, `render(width:height:)` for each frame, and
/// redraws whenever `onChange` fires (a completion arrived, the spinner ticked).
///
/// Each request carries a generation number; cancelling a load, leaving a screen or starting a
/// new query bumps the generation, so a completion that arrives afterwards is dropped unseen.
@MainActor
public final class BrowserController {
    /// The smallest terminal the screens are drawn in; below it a "terminal too small" notice shows.
    public static let minimumWidth = 30
    public static let minimumHeight = 6

    /// Called after state changed without a key (a completion arrived, an opener reported); redraw.
    public var onChange: (() -> Void)?
    /// Set once the person asked to quit; the main loop then restores the terminal and exits 0.
    public internal(set) var isQuitRequested = false
    /// What the screens show; read by tests and by the views.
    public internal(set) var state: BrowserState
    /// How near the end of the list the selection must come for the next page to be fetched on the
    /// background queue before it is asked for; 0 turns prefetching off.
    public var prefetchDistance = 5
    /// What the terminal can show; under `.ascii` (no UTF-8 locale) frames hold ASCII stand-ins only.
    public var repertoire: TextRepertoire = .unicode

    let configuration: BrowserConfiguration
    let questions: any QuestionsDataManaging
    let details: any QuestionDetailDataManaging
    let urlOpener: any URLOpening
    /// Read marks and bookmarks; nil runs without them.
    let personal: (any PersonalDataManaging)?
    /// Where the site picker gets its list, and the detail view its comments; nil turns the feature off.
    let siteList: (any SiteListProviding)?
    let commentSource: (any CommentsDataManaging)?
    let clock: @MainActor () -> Date
    let keymap: Keymap
    let clipboard: any Copying

    /// The list's page requests in flight, by the paging machine's token (the user's load and the prefetch).
    var listRequests: [PagingMachine.Token: any Cancellable] = [:]
    /// The detail request in flight, and the generation its completion must match.
    var detailRequest: (any Cancellable)?
    var detailGeneration = 0
    /// The next answers page in flight for the open detail, its generation, and whether paging stopped on a failure.
    var answersRequest: (any Cancellable)?
    var answersGeneration = 0
    var isAnswerPagingBlocked = false
    /// The site list request in flight, and the generation its completion must match.
    var sitesRequest: (any Cancellable)?
    var sitesGeneration = 0
    /// The background request for the site names the status bar shows, while it is in flight.
    var siteNamesRequest: (any Cancellable)?
    /// The comments request in flight, and the generation its completion must match.
    var commentsRequest: (any Cancellable)?
    var commentsGeneration = 0
    /// The body height of the last frame, which PageUp/PageDown move by.
    var lastBodyHeight = 10
    /// The width of the last frame, which the detail layout is made for.
    var lastWidth = 80
    /// The list's rows as laid out for the last frames (views layer; see `ListRowCache`).
    var listRows = ListRowCache()

    public init(
        configuration: BrowserConfiguration,
        questions: any QuestionsDataManaging,
        details: any QuestionDetailDataManaging,
        urlOpener: any URLOpening,
        clipboard: any Copying = NoClipboard(),
        siteList: (any SiteListProviding)? = nil,
        comments: (any CommentsDataManaging)? = nil,
        personal: (any PersonalDataManaging)? = nil,
        clock: @escaping @MainActor () -> Date = { Date() }
    ) {
        self.personal = personal
        self.configuration = configuration
        self.questions = questions
        self.details = details
        self.urlOpener = urlOpener
        self.clipboard = clipboard
        self.keymap = configuration.keymap
        self.siteList = siteList
        self.commentSource = comments
        self.clock = clock
        let query = QuestionsQuery(
            site: configuration.site, tags: configuration.tags, sort: configuration.sort,
            pageSize: configuration.pageSize
        )
        self.state = BrowserState(list: ListState(query: query))
    }

    /// Issues the first page load; calling it again once the list has started does nothing.
    public func start() {
        guard state.list.loadedPages == 0, !state.list.isLoading else { return }
        loadListPage(1)
        showStoreNotices()
        loadSiteNames()
    }

    /// Handles one key press: the prompt takes every key while it is open, else the keymap decides.
    public func handle(_ key: Key) {
        // A background write that failed since the last key (a full disk) is said after this key's own message.
        defer { showLaterStoreNotices() }
        if state.prompt != nil {
            handlePromptKey(key)
            return
        }
        if state.sitePicker != nil {
            handleSitePickerKey(key)
            return
        }
        guard let action = keymap.action(for: key, on: keymapScreen) else { return }
        perform(action)
    }

    /// Performs one action on whichever screen is showing.
    public func perform(_ action: Action) {
        if state.isHelpVisible {
            switch action {
            case .toggleHelp, .escape, .back, .quit: state.isHelpVisible = false
            default: break
            }
            return
        }
        if action == .toggleHelp {
            state.isHelpVisible = true
        } else if action == .sites {
            openSitePicker()
        } else if state.detail != nil {
            performInDetail(action)
        } else {
            performInList(action)
        }
    }

    /// The keymap screen keys are looked up in: the prompt while it is open, else the screen showing.
    var keymapScreen: KeymapScreen {
        if state.prompt != nil { return .prompt }
        return helpScreen
    }

    /// The screen whose keys the help overlay lists: the one under it.
    var helpScreen: KeymapScreen { state.detail == nil ? .list : .detail }

    /// True while something animates (a load's spinner): the main loop then redraws about 10 times a second.
    public var needsAnimation: Bool {
        state.list.isLoading || state.detail?.isLoading == true || isThrottleCountingDown
            || state.sitePicker?.isLoading == true || state.detail?.comments.isLoading == true
    }

    /// Draws the current screen into a new buffer of the given size.
    public func render(width: Int, height: Int) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height, repertoire: repertoire)
        guard width >= Self.minimumWidth, height >= Self.minimumHeight else {
            TooSmallNotice.draw(into: &buffer, minimumWidth: Self.minimumWidth, minimumHeight: Self.minimumHeight)
            return buffer
        }
        let now = clock()
        let bodyHeight = height - 1
        lastBodyHeight = bodyHeight
        lastWidth = width
        if var picker = state.sitePicker {
            picker.keepSelectionVisible(height: SitePickerView.listHeight(bodyHeight: bodyHeight))
            SitePickerView.draw(picker, now: now, into: &buffer, height: bodyHeight)
            state.sitePicker = picker
        } else if var detail = state.detail {
            let document = detail.document(width: width, now: now)
            if let document { detail.find?.refresh(in: document.lines, width: width) }
            detail.scroll(by: 0, lineCount: document?.lines.count ?? 0, height: bodyHeight)
            DetailView.draw(detail, document: document, now: now, into: &buffer, height: bodyHeight)
            state.detail = detail
        } else {
            state.list.keepSelectionVisible(height: bodyHeight)
            ListView.draw(state.list, now: now, into: &buffer, height: bodyHeight, cache: &listRows, marks: rowMarks)
        }
        StatusBar.draw(state, now: now, into: &buffer, row: height - 1)
        if state.isHelpVisible { HelpOverlay.draw(keymap: keymap, screen: helpScreen, into: &buffer) }
        return buffer
    }

    /// What the last `render` drew, for the trace's frame event.
    public var frameInfo: FrameInfo {
        FrameInfo(screen: state.screenName, rows: state.list.rows.count, selected: state.list.selection)
    }

    /// Cancels everything in flight; called before quitting.
    public func shutdown() {
        cancelSitesRequest()
        siteNamesRequest?.cancel()
        cancelPrefetch()
        cancelListLoad()
        cancelDetailRequest()
        cancelAnswersRequest()
        if state.detail?.isLoading == true { state.detail?.phase = .failed("cancelled") }
    }

    /// Tells the main loop to redraw after a change that did not come from a key.
    func changed() {
        onChange?()
    }
}
