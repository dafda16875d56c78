public import Images

/// `[images]`: how the posts' pictures are drawn, how tall at most, and what opens one.
public struct ImageSettings: Sendable, Equatable {
    /// `mode`: the form, or `auto` to ask the terminal when the browser starts.
    public var mode: ImageMode = .auto
    /// `max_rows`: the most rows one picture takes.
    public var maxRows: Int = ImageSettings.defaultMaxRows
    /// `blocks`: the block characters the font has, for the text forms.
    public var blocks: BlockStyle = .half
    /// `viewer`: the command that opens a picture (nil: the browser that opens links).
    public var viewer: String?
    /// `hosts`: hosts pictures may come from besides the sites' image hosts and loopback.
    public var hosts: [String] = []

    public static let defaultMaxRows = 20
    public static let maxRowsRange = 1...200

    public init() {}

    /// What `--print-config` says of the form: the mode when it is set, else that the terminal is asked at start.
    public var formDescription: String {
        mode == .auto ? "auto (asked of the terminal when the browser starts)" : mode.rawValue
    }
}
