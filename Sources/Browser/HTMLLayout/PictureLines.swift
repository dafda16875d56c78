import Images

/// A picture's lines in the detail layout: its box (`[image: alt · 640×480][3]`), then the picture drawn as text
/// cells (coloured blocks, or shades without colour) or, for a form that draws pixels, blank rows it is placed over.
///
/// The box shows at once; the picture's rows come when it has been fetched, scaled by `ImageFit` to the room the
/// text has and at most `PictureLook.maxRows` rows, never enlarged.
enum PictureLines {
    static let boxStyle = CellStyle(.dim, role: .dim)

    /// The box line's text, without its link number: what the picture is and what became of it.
    static func boxText(_ picture: PostPicture, state: PictureState?, look: PictureLook?) -> String {
        var parts = [picture.alt.isEmpty ? "image" : "image: \(picture.alt)"]
        switch state {
        case .shown(let file)?: parts.append("\(file.width)×\(file.height)")
        case .failed(let reason)?: parts.append(reason)
        case .loading?: parts.append("loading…")
        case nil: if look?.drawsPictures == true { parts.append("waiting") }
        }
        return "[" + parts.joined(separator: " · ") + "]"
    }

    /// The box and the picture's rows, the box after `first`, the rows after `rest`, in `room` columns.
    static func lines(
        _ picture: PostPicture, state: PictureState?, look: PictureLook?, room: Int, first: [StyledSpan], rest: [StyledSpan]
    ) -> [StyledLine] {
        let (box, rows) = parts(picture, state: state, look: look, room: room, first: first, rest: rest)
        return box + rows
    }

    /// The box's lines and the picture's rows, apart.
    static func parts(
        _ picture: PostPicture, state: PictureState?, look: PictureLook?, room: Int, first: [StyledSpan], rest: [StyledSpan]
    ) -> (box: [StyledLine], rows: [StyledLine]) {
        var box = InlineText()
        box.append(boxText(picture, state: state, look: look), style: boxStyle)
        box.append("[\(picture.link)]", style: HTMLBlockBuilder.linkMarkerStyle)
        let lines = BlockRenderer.textLines(box, room: room, first: first, rest: rest)
        guard let look, look.drawsPictures, case .shown(let file)? = state else { return (lines, []) }
        let fit = ImageFit.fitting(width: file.width, height: file.height, columns: room, maxRows: look.maxRows, cell: look.cell)
        guard fit.rows > 0, fit.columns > 0 else { return (lines, []) }
        return (lines, rows(file, fit: fit, form: look.form).map { StyledLine(rest + $0) })
    }

    /// The picture's rows in `form`: cells for the text forms, blank rows as wide as the picture for the others.
    static func rows(_ file: PictureFile, fit: ImageFit, form: ImageForm) -> [[StyledSpan]] {
        let cells: ImageCells
        switch form {
        case .blocks(let style, _):
            // The painter speaks the 256-colour palette (ncurses' colour pairs): a 24-bit colour is sent as its nearest entry.
            cells = Images.BlockRenderer(style: style, depth: .palette256).render(file.pixels, fit: fit)
        case .shades:
            cells = ShadeRenderer().render(file.pixels, fit: fit)
        case .kitty, .sixel, .iterm, .none:
            return Array(repeating: [StyledSpan(String(repeating: " ", count: fit.columns))], count: fit.rows)
        }
        return cells.rows.map { row in row.map { StyledSpan(String($0.character), style: style(of: $0)) } }
    }

    /// A cell's style: its palette colours, or plain when it has none (shades).
    static func style(of cell: ImageCell) -> CellStyle {
        guard case .palette(let foreground) = cell.foreground, case .palette(let background) = cell.background else { return .plain }
        return CellStyle(picture: CellStyle.PictureColours(foreground: foreground, background: background))
    }
}
