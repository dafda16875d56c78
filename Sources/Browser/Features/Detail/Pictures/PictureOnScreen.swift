public import Foundation
public import Images

/// A fetched picture where the frame just drawn shows its place: for the forms that draw pixels over the blank
/// rows the layout keeps for them (kitty, sixel, iTerm2), which the terminal layer places after each frame.
public struct PictureOnScreen: Sendable, Equatable {
    public let url: String
    public let file: PictureFile
    /// The screen row and column of its top-left cell.
    public let row: Int
    public let column: Int
    /// Its size in cells and scaled pixels.
    public let fit: ImageFit

    public init(url: String, file: PictureFile, row: Int, column: Int, fit: ImageFit) {
        self.url = url
        self.file = file
        self.row = row
        self.column = column
        self.fit = fit
    }
}

/// The pictures of one opening of a question in view, whole: a picture cut by the screen's edge is not drawn.
public struct PicturesOnScreen: Sendable, Equatable {
    /// Which opening of a question they belong to (a new value: the question was left or another opened).
    public let opening: Int
    public let pictures: [PictureOnScreen]

    public init(opening: Int, pictures: [PictureOnScreen]) {
        self.opening = opening
        self.pictures = pictures
    }
}

extension BrowserController {
    /// The fetched pictures wholly in view on the detail screen drawn at `width`×`height` (nil when the detail
    /// is not the screen showing, or its pictures are drawn as text or not at all).
    public func picturesOnScreen(width: Int, height: Int) -> PicturesOnScreen? {
        guard model.state.stack.top == .detail, model.state.prompt == nil, let detail = model.state.detail else { return nil }
        let look = detail.pictures.look
        guard look.drawsPictures, look.form.drawsPixels else { return nil }
        guard let document = layouts.document(for: detail, width: width, now: clock()) else {
            return PicturesOnScreen(opening: detail.revision.opening, pictures: [])
        }
        let body = max(1, height - 1)
        let sticky = document.stickyRows(atScroll: detail.scroll)
        var shown: [PictureOnScreen] = []
        for spot in document.pictures {
            guard case .shown(let file)? = detail.pictures[spot.picture.url] else { continue }
            let rows = spot.pictureRows
            guard !rows.isEmpty else { continue }
            let top = rows.lowerBound - detail.scroll + sticky
            let bottom = rows.upperBound - 1 - detail.scroll + sticky
            guard top >= sticky, bottom < body else { continue }
            let room = max(1, width - spot.column)
            let fit = ImageFit.fitting(width: file.width, height: file.height, columns: room, maxRows: look.maxRows, cell: look.cell)
            shown.append(PictureOnScreen(url: spot.picture.url, file: file, row: top, column: spot.column, fit: fit))
        }
        return PicturesOnScreen(opening: detail.revision.opening, pictures: shown)
    }
}
