/// One result of ncurses' `get_wch`: a character, or a key code when it returned `KEY_CODE_YES`.
public enum RawInput: Hashable, Sendable {
    /// A Unicode scalar value (`get_wch` returned `OK`); control characters included (27 is Esc).
    case character(UInt32)
    /// An ncurses key code (`KEY_UP`, `KEY_NPAGE`, …), see `KeyCode`.
    case keyCode(Int32)
}
