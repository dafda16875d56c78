#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import Browser
import CNCursesW

/// The terminal in curses mode: checks it can run, starts ncurses, and restores the terminal on every path.
///
/// `start()` refuses a non-terminal stdin or stdout, an unset `TERM` (one without a terminfo entry runs on
/// `xterm-256color`: `termFallback`) and a terminal that cannot move
/// its cursor (`TERM=dumb`) before touching the terminal. `end()` may be called any number of times from any exit path; crash signals and
/// `exit()` restore the terminal too (a C handler and an `atexit` hook), so the shell is never
/// left in raw mode. Main queue only.
@MainActor
public final class TerminalSession {
    /// True between a successful `start()` and `end()`.
    public private(set) var isActive = false
    /// What frames may hold in the locale `start()` chose: all of Unicode, or ASCII when no UTF-8 locale exists.
    public private(set) var repertoire: TextRepertoire = .unicode
    private var screen: OpaquePointer?
    /// `TERM` once `check` passed, so `start` need not read the terminfo entry again.
    private var checkedTerm: String?
    /// Whether the terminal was asked for mouse reports (`mouse = false` in the config says no).
    private var mouseReports = true
    /// The key sequences the terminfo entry names (`KeySequenceTable.adding`); none before `start`.
    ///
    /// Read from the entry the first time they are asked for: the key decoder's table, built once the first frame is
    /// out, is what asks, so the first frame does not wait for them.
    public var keySequences: [(String, Key)] {
        if let read = readSequences { return read }
        guard screen != nil else { return [] }
        let read = Self.readKeySequences()
        readSequences = read
        return read
    }
    private var readSequences: [(String, Key)]?

    /// The terminfo capabilities of the keys the browser knows: the plain ones, then xterm's extended names
    /// for the modified arrows and page keys (`kDN5` is Ctrl-Down), which ncurses reads with the entry.
    static let keyCapabilities: [(String, Key)] = {
        var list: [(String, Key)] = [
            ("kcuu1", .up), ("kcud1", .down), ("kcub1", .left), ("kcuf1", .right), ("khome", .home), ("kend", .end),
            ("kpp", .pageUp), ("knp", .pageDown), ("kdch1", .delete), ("kcbt", .modified(.tab, .shift)), ("kent", .enter),
        ]
        list += (1...12).map { ("kf\($0)", Key.function($0)) }
        let extended: [(String, Key)] = [
            ("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right), ("kHOM", .home), ("kEND", .end),
            ("kPRV", .pageUp), ("kNXT", .pageDown), ("kDC", .delete),
        ]
        for (name, key) in extended {
            for m in 2...8 { list.append((name + String(m), .with(KeyModifiers(xtermParameter: m), key))) }
        }
        return list
    }()

    private static func readKeySequences() -> [(String, Key)] {
        keyCapabilities.compactMap { name, key in
            guard let value = stackterm_key_string(name) else { return nil }
            return (String(cString: value), key)
        }
    }

    public init() {}

    /// Gives the environment the LINES and COLUMNS that `start` sets for a moment, empty, where it lacks them; call in
    /// `main` before any other thread starts (`stackterm_reserve_size_env` in CNCursesW says why).
    public static func reserveSizeEnvironment() {
        stackterm_reserve_size_env()
    }

    /// Checks the terminal and switches it to curses mode; returns the painter for its frames.
    ///
    /// A second call while active returns a fresh painter without restarting curses.
    public func start(environment: [String: String], mouse: Bool = true) throws(TerminalError) -> ScreenPainter {
        if isActive { return ScreenPainter() }
        let term: String
        if let checkedTerm { term = checkedTerm } else { term = try check(environment: environment) }
        repertoire = TerminalLocale.activate()
        // Our own SIGWINCH source does the resizing; with the signal ignored before newterm,
        // ncurses does not install a handler of its own.
        signal(SIGWINCH, SIG_IGN)
        guard let screen = stackterm_newterm(term) else { throw .unknownTerm(term) }
        self.screen = screen
        isActive = true
        stackterm_install_crash_handlers()
        atexit { stackterm_end_curses_if_active() }
        set_escdelay(25)
        cbreak()
        noecho()
        nonl()
        // The keypad stays off: ncurses would decode only the sequences of the terminfo entry and pass the rest
        // on in pieces; `KeyDecoder` reads them all, the entry's own included (`keySequences`).
        keypad(stackterm_stdscr(), false)
        nodelay(stackterm_stdscr(), true)
        intrflush(stackterm_stdscr(), false)
        curs_set(0)
        mouseReports = mouse
        // Not ncurses' mouse API: `mousemask` decodes SGR (1006) reports only when the entry's `kmous` is `\E[<`,
        // which xterm-256color, screen and tmux entries are not (theirs is `\E[M`, X10, which ends at column 223);
        // and with the keypad off ncurses decodes no sequence at all. So the modes are asked for here, and
        // `KeyDecoder` reads SGR reports (and X10 ones from a terminal without 1006).
        stackterm_set_input_modes(mouse ? 1 : 0, 1)
        return ScreenPainter()
    }

    /// Checks that stackterm can run here without touching the terminal; returns `TERM`.
    ///
    /// `start()` checks again; calling this first lets the first request go out before curses starts.
    @discardableResult
    public func check(environment: [String: String]) throws(TerminalError) -> String {
        guard isatty(STDIN_FILENO) == 1 else { throw .inputNotATerminal }
        guard isatty(STDOUT_FILENO) == 1 else { throw .outputNotATerminal }
        guard let term = environment["TERM"], !term.isEmpty else { throw .termNotSet }
        switch stackterm_cursor_addressing(term) {
        case -1:
            // The terminals that draw pixels (kitty, WezTerm, foot, Alacritty) name themselves in TERM with entries
            // a server often lacks; as programs run over ssh from them do, stackterm runs on xterm's, which they all
            // understand.
            guard stackterm_cursor_addressing(Self.fallbackTerm) == 1 else { throw .unknownTerm(term) }
            termFallback = TermFallback(asked: term, used: Self.fallbackTerm)
            checkedTerm = Self.fallbackTerm
            return Self.fallbackTerm
        case 0: throw .noCursorAddressing(term)
        default:
            checkedTerm = term
            return term
        }
    }

    /// The terminfo entry used when `TERM` has none.
    public static let fallbackTerm = "xterm-256color"

    /// Set by `check` when `TERM` had no terminfo entry and `fallbackTerm` is used instead.
    public private(set) var termFallback: TermFallback?

    /// Gives the terminal back if curses has it, from any thread: for a fatal error's message printed after it.
    nonisolated public static func endIfActive() {
        stackterm_end_curses_if_active()
    }

    /// Restores the terminal (leaves curses mode); does nothing when not active.
    public func end() {
        guard isActive else { return }
        isActive = false
        stackterm_reset_input_modes()
        endwin()
    }

    /// Leaves curses mode for a program that takes the terminal over (`ForegroundProgram`); `resume()` returns.
    func suspend() {
        guard isActive else { return }
        def_prog_mode()
        stackterm_reset_input_modes()
        endwin()
    }

    /// Back to curses mode after `suspend()`; the caller repaints the whole screen.
    func resume() {
        guard isActive else { return }
        reset_prog_mode()
        // The program may have left the keypad in application mode: the decoder takes either form.
        stackterm_set_input_modes(mouseReports ? 1 : 0, 1)
        wrefresh(stackterm_stdscr())
    }

    /// The terminal's size in rows and columns as curses currently knows it.
    public var size: (rows: Int, columns: Int) {
        var rows: Int32 = 0
        var columns: Int32 = 0
        stackterm_getmaxyx(stackterm_stdscr(), &rows, &columns)
        return (Int(rows), Int(columns))
    }

    /// Asks the kernel for the terminal's new size after SIGWINCH and resizes curses to it.
    ///
    /// Returns false when the size could not be read (curses keeps its old size).
    @discardableResult
    public func resizeToWindow() -> Bool {
        guard isActive else { return false }
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard stackterm_window_size(STDOUT_FILENO, &rows, &columns) == 0 else { return false }
        resizeterm(rows, columns)
        return true
    }

    /// Reads every input waiting (`get_wch` until ERR): one read event's worth, for `KeyDecoder`.
    public func readInputs() -> [RawInput] {
        guard isActive else { return [] }
        var inputs: [RawInput] = []
        var value: wint_t = 0
        while true {
            let result = get_wch(&value)
            if result == OK {
                inputs.append(.character(UInt32(value)))
            } else if result == KEY_CODE_YES {
                inputs.append(.keyCode(Int32(bitPattern: UInt32(value))))
            } else {
                break
            }
        }
        return inputs
    }
}
