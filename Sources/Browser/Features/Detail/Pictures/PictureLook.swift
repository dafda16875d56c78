public import Images

/// How the open question's pictures are drawn: the form the terminal takes, how tall at most, and whether they
/// show at all this run (`I`).
public struct PictureLook: Equatable, Sendable {
    /// The form chosen at start-up (`ImageFormDecision`).
    public var form: ImageForm
    /// `[images] max_rows`.
    public var maxRows: Int
    /// One cell's size in pixels, for the scale rule.
    public var cell: CellSize
    /// False once `I` turned pictures off for the run: boxes and links only.
    public var isShown: Bool

    public init(form: ImageForm = .none, maxRows: Int = 20, cell: CellSize = .standard, isShown: Bool = true) {
        self.form = form
        self.maxRows = max(1, maxRows)
        self.cell = cell
        self.isShown = isShown
    }

    /// Whether pictures are fetched and drawn at all.
    public var drawsPictures: Bool { isShown && form != .none }
}
