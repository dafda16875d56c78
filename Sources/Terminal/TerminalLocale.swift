public import Browser
#if canImport(Glibc)
import Glibc
#endif
import CNCursesW

/// Picks the locale ncurses runs in: the environment's when it is UTF-8, else an installed UTF-8 locale, else ASCII.
///
/// Under `LANG=C` (or no locale at all) ncurses would drop every non-ASCII character without a word;
/// `C.UTF-8` exists on almost every Linux system, so it is tried first. When no UTF-8 locale exists,
/// frames are drawn in ASCII stand-ins (`TextRepertoire.ascii`) rather than losing characters.
public enum TerminalLocale {
    /// UTF-8 locales tried, in order, when the environment's is not UTF-8.
    static let fallbacks = ["C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8"]

    /// Sets the process locale from the environment, switching `LC_CTYPE` to UTF-8 when it can; returns what frames may hold.
    @discardableResult
    public static func activate() -> TextRepertoire {
        setlocale(LC_ALL, "")
        let repertoire = choose(environmentIsUTF8: isUTF8) { name in
            setlocale(LC_CTYPE, name) != nil && isUTF8
        }
        if repertoire == .ascii { setlocale(LC_CTYPE, "") }
        return repertoire
    }

    /// The decision alone: `.unicode` when the environment's locale or one of `fallbacks` (tried in order
    /// with `tryLocale`, which switches to it and says whether it is UTF-8) is UTF-8, else `.ascii`.
    public static func choose(environmentIsUTF8: Bool, tryLocale: (String) -> Bool) -> TextRepertoire {
        if environmentIsUTF8 { return .unicode }
        for name in fallbacks where tryLocale(name) { return .unicode }
        return .ascii
    }

    /// Whether the current `LC_CTYPE` encodes characters as UTF-8.
    static var isUTF8: Bool {
        guard let codeset = stackterm_codeset() else { return false }
        let name = String(cString: codeset).lowercased()
        return name == "utf-8" || name == "utf8"
    }
}
