public import Browser
public import Images

/// What the pixel forms write after each frame, as a value: given the pictures the frame shows whole, the bytes
/// that bring the terminal's pixels in line, and whether the frame's cells must be painted again first.
///
/// - kitty: each picture is sent once per question under an id, placed by id where it shows (a later place with
///   the same placement moves it), its placement removed when it leaves the screen, and every id deleted when
///   the question is left.
/// - sixel and iTerm2: only the pictures in view are drawn, again whenever one moves or leaves; the cells are
///   painted again first, since the old pixels stay until the cells under them are redrawn.
///
/// A sixel picture is never larger than the terminal's maximum geometry (XTSMGRAPHICS), when it said one: it is
/// reduced to fit, its aspect kept, in the cells the layout gave it.
///
/// Inside tmux (allow-passthrough on) every picture escape is wrapped for the outer terminal; the cursor is moved
/// with tmux's own CUP, so tmux puts it where the pane has the picture.
public struct PicturePlacement: Sendable {
    public let form: ImageForm
    public let insideTmux: Bool
    /// The largest sixel image the terminal draws (XTSMGRAPHICS), when it said.
    public let sixelLimit: PixelSize?
    private var opening: Int?
    private var ids: [String: UInt32] = [:]
    private var nextID: UInt32 = 1
    private var placed: [String: Place] = [:]
    private var drawn: [Place] = []
    private var encoded: [Place: [UInt8]] = [:]

    /// Where and how large one picture is drawn.
    struct Place: Hashable, Sendable {
        var url: String
        var row: Int
        var column: Int
        var columns: Int
        var rows: Int
        var pixelWidth: Int
        var pixelHeight: Int
    }

    public init(form: ImageForm, insideTmux: Bool, sixelLimit: PixelSize? = nil) {
        self.form = form
        self.insideTmux = insideTmux
        self.sixelLimit = sixelLimit
    }

    /// `width` × `height` reduced, aspect kept, to fit within `limit` (never enlarged).
    public static func capped(width: Int, height: Int, to limit: PixelSize?) -> PixelSize {
        guard let limit, limit.width > 0, limit.height > 0, width > limit.width || height > limit.height else {
            return PixelSize(width: width, height: height)
        }
        let scale = min(Double(limit.width) / Double(width), Double(limit.height) / Double(height))
        return PixelSize(width: max(1, min(limit.width, Int((Double(width) * scale).rounded()))),
                         height: max(1, min(limit.height, Int((Double(height) * scale).rounded()))))
    }

    /// The ids sent to the terminal and not yet deleted (kitty), by address.
    public var sentIDs: [String: UInt32] { ids }

    /// The bytes for the frame that shows `shown` (nil: no question, or pictures not drawn as pixels), and whether
    /// the frame must be painted again before they are written.
    public mutating func frame(_ shown: PicturesOnScreen?) -> (bytes: [UInt8], repaint: Bool) {
        var out: [UInt8] = []
        var repaint = false
        if shown?.opening != opening {
            // The question was left (or another opened): the terminal forgets its pictures.
            for id in ids.values.sorted() { out += escape(KittyGraphics.delete(id: id)) }
            if !drawn.isEmpty { repaint = true }
            ids = [:]
            placed = [:]
            drawn = []
            encoded = [:]
            opening = shown?.opening
        }
        let places = (shown?.pictures ?? []).map { picture in
            Place(url: picture.url, row: picture.row, column: picture.column, columns: picture.fit.columns,
                  rows: picture.fit.rows, pixelWidth: picture.fit.pixelWidth, pixelHeight: picture.fit.pixelHeight)
        }
        let files = Dictionary((shown?.pictures ?? []).map { ($0.url, $0.file) }) { first, _ in first }
        switch form {
        case .kitty:
            for (url, _) in placed where !places.contains(where: { $0.url == url }) {
                if let id = ids[url] { out += escape(KittyGraphics.hide(id: id)) }
                placed[url] = nil
            }
            for place in places {
                guard let file = files[place.url] else { continue }
                let id: UInt32
                if let known = ids[place.url] {
                    id = known
                } else {
                    id = nextID
                    nextID += 1
                    ids[place.url] = id
                    out += escape(KittyGraphics.transmit(file.pixels, id: id))
                }
                guard placed[place.url] != place else { continue }
                out += Self.cursor(place) + escape(KittyGraphics.place(id: id, columns: place.columns, rows: place.rows))
                placed[place.url] = place
            }
        case .sixel, .iterm:
            guard places != drawn else { break }
            if !drawn.isEmpty { repaint = true }
            for place in places {
                guard let file = files[place.url] else { continue }
                let bytes = encoded[place] ?? encode(file, at: place)
                encoded[place] = bytes
                out += Self.cursor(place) + escape(bytes)
            }
            encoded = encoded.filter { entry in places.contains(entry.key) }
            drawn = places
        case .blocks, .shades, .none:
            break
        }
        guard !out.isEmpty else { return ([], repaint) }
        // The cursor goes back where curses left it.
        return (Array("\u{1B}7".utf8) + out + Array("\u{1B}8".utf8), repaint)
    }

    private func encode(_ file: PictureFile, at place: Place) -> [UInt8] {
        switch form {
        case .sixel(let registers):
            let size = Self.capped(width: place.pixelWidth, height: place.pixelHeight, to: sixelLimit)
            return SixelEncoder(registers: registers).encode(file.pixels.resized(width: size.width, height: size.height))
        default:
            let pixels = file.pixels.resized(width: place.pixelWidth, height: place.pixelHeight)
            return ITermInlineImage.draw(file: ImageEncoder.png(pixels), columns: place.columns, rows: place.rows)
        }
    }

    private func escape(_ bytes: [UInt8]) -> [UInt8] {
        insideTmux ? TmuxPassthrough.wrap(bytes) : bytes
    }

    private static func cursor(_ place: Place) -> [UInt8] {
        Array("\u{1B}[\(place.row + 1);\(place.column + 1)H".utf8)
    }
}
