import Foundation
import StackExchange

/// The open question's pictures: which are fetched when (at most two at a time, those in view first), what their
/// replies change, and what leaving the question cancels.
extension DetailScreen {
    /// How many pictures are fetched at once.
    static let picturesInFlight = 2

    /// The purpose every picture request is filed under.
    static var picturePurpose: RequestPurpose { BrowserRequest.Picture.ownPurpose }

    /// How the pictures of a question opened now are drawn.
    static func pictureLook(_ settings: PictureSettings, shown: Bool) -> PictureLook {
        PictureLook(form: settings.form, maxRows: settings.maxRows, cell: settings.cell, isShown: shown)
    }

    /// Asks for the pictures of `document` not yet asked for, up to two in flight: those in view first, then the
    /// rest top to bottom. A picture whose host is not allowed is marked at once and stays a link.
    mutating func fetchPictures(in document: DetailDocument, context: inout ScreenContext) -> [BrowserEffect] {
        guard var detail, detail.pictures.look.drawsPictures, !document.pictures.isEmpty else { return [] }
        let hosts = PictureHosts(extra: context.configuration.pictures.extraHosts)
        let view = detail.scroll..<(detail.scroll + context.bodyHeight)
        let order = document.pictures.enumerated().sorted { a, b in
            let aInView = a.element.lines.overlaps(view), bInView = b.element.lines.overlaps(view)
            return aInView != bInView ? aInView : a.offset < b.offset
        }.map(\.element)
        var inFlight = context.ledger.tokens(for: Self.picturePurpose).count
        var effects: [BrowserEffect] = []
        for spot in order where detail.pictures[spot.picture.url] == nil {
            let url = spot.picture.url
            if let refusal = hosts.refusal(url) {
                detail.pictures[url] = .failed(refusal)
                continue
            }
            guard inFlight < Self.picturesInFlight else { break }
            let issue = context.ledger.issue(
                BrowserRequest.Picture(url: url, siteName: detail.site, questionID: detail.questionID), lane: .background,
                at: context.now)
            detail.pictures[url] = .loading
            effects += issue.effects
            inFlight += 1
        }
        self.detail = detail
        return effects
    }

    /// A picture's reply: drawn, or its box says why not; the next picture waiting is asked for.
    mutating func receivePicture(
        _ reply: Result<PictureOutcome, APIError>, for url: String, questionID: Int, in context: inout ScreenContext
    ) -> [BrowserEffect] {
        guard var detail, detail.questionID == questionID else { return [] }
        switch reply {
        case .success(.file(let file)): detail.pictures[url] = .shown(file)
        case .success(.refused(let reason)): detail.pictures[url] = .failed(reason)
        case .failure(.decoding(let reason)): detail.pictures[url] = .failed(reason)
        case .failure(let error): detail.pictures[url] = .failed(error.message)
        }
        self.detail = detail
        return []
    }

    /// Leaving the question: every picture still on its way is cancelled.
    mutating func cancelPictures(in context: inout ScreenContext) -> [BrowserEffect] {
        context.ledger.cancelAll(for: Self.picturePurpose)
    }

    /// The picture the top of the screen is on (its box or its rows), for the keys that act on one.
    func currentPicture(in document: DetailDocument) -> DetailDocument.PictureSpot? {
        guard let detail else { return nil }
        let top = detail.scroll + document.stickyRows(atScroll: detail.scroll)
        return document.pictures.first { $0.lines.contains(top) || $0.lines.lowerBound == detail.scroll }
    }

    /// `I`: pictures off for the rest of the run, or back on.
    mutating func togglePictures(in context: inout ScreenContext) -> [BrowserEffect] {
        picturesHidden.toggle()
        context.notice = picturesHidden ? "pictures off" : "pictures on"
        guard var detail else { return [] }
        detail.pictures.look.isShown = !picturesHidden
        if picturesHidden { detail.pictures.forgetLoading() }
        self.detail = detail
        return picturesHidden ? cancelPictures(in: &context) : []
    }
}

extension DetailScreen {
    /// After every event: the pictures of the document showing that are due are asked for, once a frame has shown
    /// its text (`frameShown`). The event that brings the text asks for none: the text goes to the screen first,
    /// its boxes waiting, and the pictures in view are asked for once that frame is out.
    mutating func fetchPicturesDue(in context: inout ScreenContext) -> [BrowserEffect] {
        guard let detail, detail.pictures.look.drawsPictures, detail.isTextFramed,
              let document = context.layouts.document(for: detail, width: context.width, now: context.now)
        else { return [] }
        return fetchPictures(in: document, context: &context)
    }

    /// True while the open question's text waits for a frame to show it, in a run that draws pictures (also while
    /// `I` hides them: turned on again, they are asked for at once for text already shown).
    var awaitsFrame: Bool {
        guard let detail, detail.loaded != nil else { return false }
        return detail.pictures.look.form != .none && !detail.isTextFramed
    }

    /// A frame went out showing the open question as it is now: its pictures may be asked for.
    mutating func frameShown() {
        detail?.frameShown()
    }

    /// Enter and `o` open the picture at the top of the screen (in `[images] viewer`, else the browser), `y` copies
    /// its address; nil when the action is not one of those or no picture is there.
    func performOnPicture(_ action: Action, in document: DetailDocument, context: inout ScreenContext) -> [BrowserEffect]? {
        guard [.open, .openInBrowser, .copyLink].contains(action) else { return nil }
        guard let spot = currentPicture(in: document) else { return action == .open ? [] : nil }
        let url = spot.picture.url
        if action == .copyLink { return ScreenContext.copying(url) { _ in "copied \(url)" } }
        return [.openPicture(url)]
    }
}
