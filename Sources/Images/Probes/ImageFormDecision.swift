/// The decision rule: which form pictures take, from the setting, the environment and the terminal's answers.
///
/// kitty, then sixel, then iTerm2 (named by TERM_PROGRAM, when nothing else answered), then blocks; inside tmux,
/// pixels only where passthrough is on and the outer terminal answered; no colour gives ASCII shades.
public struct ImageFormDecision: Sendable, Equatable {
    /// `[images] mode`.
    public var mode: ImageMode
    /// `[images] blocks`: the block characters the font has.
    public var blockStyle: BlockStyle
    /// The environment's say: TERM_PROGRAM, TMUX, NO_COLOR, COLORTERM.
    public var environment: [String: String]
    /// How many colours the terminal has (terminfo's `colors`).
    public var colours: Int
    /// What the terminal answered (through tmux's passthrough inside tmux); nil when it was not asked.
    public var answers: GraphicsProbeAnswers?
    /// Inside tmux: whether `allow-passthrough` is on (nil: not known, counted as off).
    public var tmuxPassthrough: Bool?

    public init(
        mode: ImageMode, blockStyle: BlockStyle = .half, environment: [String: String], colours: Int,
        answers: GraphicsProbeAnswers?, tmuxPassthrough: Bool? = nil
    ) {
        self.mode = mode
        self.blockStyle = blockStyle
        self.environment = environment
        self.colours = colours
        self.answers = answers
        self.tmuxPassthrough = tmuxPassthrough
    }

    /// The form.
    public var form: ImageForm {
        switch mode {
        case .none: return .none
        case .kitty: return .kitty
        case .sixel: return .sixel(registers: registers)
        case .iterm: return .iterm
        case .blocks: return textForm
        case .auto: return pixelForm ?? textForm
        }
    }

    private var isInsideTmux: Bool { !(environment["TMUX"] ?? "").isEmpty }
    private var noColour: Bool { !(environment["NO_COLOR"] ?? "").isEmpty || colours < 16 }
    private var registers: Int { min(256, max(2, answers?.colourRegisters ?? 256)) }

    /// The pixels the terminal showed it draws, if it may be sent them.
    private var pixelForm: ImageForm? {
        if isInsideTmux, tmuxPassthrough != true { return nil }
        if let answers, answers.isComplete {
            if answers.kittyGraphics == true { return .kitty }
            if answers.hasSixel { return .sixel(registers: registers) }
        }
        if !isInsideTmux, ["iTerm.app", "WezTerm"].contains(environment["TERM_PROGRAM"] ?? "") { return .iterm }
        return nil
    }

    private var textForm: ImageForm {
        if noColour { return .shades }
        let depth: ColourDepth = ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "") ? .trueColour : .palette256
        return .blocks(blockStyle, depth)
    }
}
