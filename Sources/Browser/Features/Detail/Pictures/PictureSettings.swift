public import Images

/// `[images]` as the browser reads it: the form, the height, the hosts pictures may come from, and what opens one.
public struct PictureSettings: Sendable, Equatable, Hashable {
    /// The form chosen at start-up; `.none` leaves every picture its box and link.
    public var form: ImageForm
    /// `max_rows`: the most rows one picture takes.
    public var maxRows: Int
    /// `hosts`: hosts allowed besides the sites' image hosts and loopback.
    public var extraHosts: [String]
    /// `viewer`: the command that opens a picture (nil: the browser, as a link).
    public var viewer: String?
    /// One cell's size in pixels, when the terminal said it.
    public var cell: CellSize

    public init(form: ImageForm = .none, maxRows: Int = 20, extraHosts: [String] = [], viewer: String? = nil, cell: CellSize = .standard) {
        self.form = form
        self.maxRows = maxRows
        self.extraHosts = extraHosts
        self.viewer = viewer
        self.cell = cell
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(form.description)
        hasher.combine(maxRows)
        hasher.combine(extraHosts)
        hasher.combine(viewer)
    }
}
