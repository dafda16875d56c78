public import Images
public import StackExchange

/// Everything that can happen to the browser: the model's only input besides the time it happens at.
public enum BrowserEvent: Sendable {
    /// Start: the first list page, the site names.
    case start
    /// A key the terminal decoded; the keymap of the screen showing turns it into an action.
    case key(Key)
    /// A mouse report: the wheel scrolls, a click selects or opens.
    case mouse(MouseEvent)
    /// A bracketed paste: text for the prompt, never keys.
    case paste(String)
    /// An action, from the keymap or a test.
    case action(Action)
    /// The screen's size changed (and before the first frame).
    case resize(width: Int, height: Int)
    /// The terminal's cell is this many pixels now (a resize found a new size): pictures are scaled with it.
    case cellSize(CellSize)
    /// The pictures' form was decided after the first frame (inside tmux, once tmux said whether it passes pictures
    /// through): `form`, scaled by `cell`.
    case picturesDecided(ImageForm, cell: CellSize)
    /// The answer to the request `token` names.
    case response(RequestToken, BrowserResponse)
    /// What the store answered, or told since.
    case stored(StoreResult)
    /// Time passed: debounced loads fall due, spinners move.
    case tick
    /// Copying ended: nil on success, else why not.
    case copied(error: String?, confirmation: String)
    /// Opening a link failed.
    case openFailed(String)
    /// The browser took the link (the opener ended well).
    case opened
    /// The terminal's focus report: true when it has the focus (`ESC [ I`), false when not (`ESC [ O`).
    case focus(Bool)
    /// The editor had the terminal for `EditorJob` and gave it back: what came of it.
    case composed(EditorJob, EditorSessionOutcome)
    /// Quitting: everything in flight is cancelled.
    case quit
    /// The frame for the model as it stood is on the screen (the runner says so once it is painted, when
    /// `BrowserModel.awaitsFrame`): what waits for the text to show, the pictures' requests, may start.
    case frameShown
}
