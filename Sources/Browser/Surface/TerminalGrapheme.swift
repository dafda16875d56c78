import Foundation

/// Rewrites a grapheme cluster into the form that `wcwidth`, ncurses and common terminals agree on the width of.
///
/// Terminals disagree about clusters built from several code points: tmux 3.3 draws `👍🏽` (emoji and
/// skin-tone modifier) as 4 columns and `👩‍💻` (a ZWJ sequence) as 2, while glibc's `wcwidth`, and so ncurses,
/// counts every code point (4 for both), and kitty or WezTerm draw both as 2; `☀️` (a variation selector)
/// is 1 column in tmux and 2 in terminals that honour the selector. No width the screen buffer could
/// choose is right everywhere, and ncurses skips cursor motions it believes are no-ops, so placing the
/// next cell explicitly cannot repair a terminal that drew a glyph wider than ncurses thinks.
/// So stackterm normalises instead: every cluster becomes one whose width is the sum of its code points'
/// widths on every terminal above, and the buffer, ncurses and the terminal then count alike:
/// - an emoji modifier (skin tone, U+1F3FB…U+1F3FF) after a base is dropped: `👍🏽` → `👍` (2);
/// - a ZWJ sequence keeps its first emoji: `👩‍💻` → `👩` (2);
/// - variation selectors (U+FE0E, U+FE0F) are dropped: `☀️` → `☀` (1);
/// - combining marks are composed where Unicode has a precomposed letter: `e` + U+0301 → `é` (1);
///   those that remain are zero-width and ncurses keeps them in the base's cell;
/// - a flag (two regional indicators) is kept: 1 + 1 columns in `wcwidth`, one 2-column flag in terminals;
/// - tag characters (the letters of `🏴󠁧󠁢󠁳󠁣󠁴󠁿`) are dropped, and a cluster keeps at most three code points
///   (a `Cell` holds three), so a pile of combining marks keeps its first two.
/// The painter still starts every non-ASCII cluster at its own column (see `ScreenPainter`), so a
/// cluster some terminal still counts differently cannot shift the cells after it in ncurses' screen.
public enum TerminalGrapheme {
    /// `character` in its terminal-safe form; ASCII and single code points come back unchanged.
    public static func normalised(_ character: Character) -> Character {
        if character.isASCII { return character }
        let scalars = character.unicodeScalars
        var kept = String.UnicodeScalarView()
        var changed = false
        var hasMark = false
        for (index, scalar) in zip(0..., scalars) {
            let v = scalar.value
            if v == 0x200D, index > 0 { changed = true; break }
            if v == 0xFE0E || v == 0xFE0F || (0xE0020...0xE007F).contains(v) || (index > 0 && (0x1F3FB...0x1F3FF).contains(v)) {
                changed = true
                continue
            }
            if index > 0, scalar.properties.generalCategory == .nonspacingMark { hasMark = true }
            kept.append(scalar)
        }
        if !changed && !hasMark && kept.count <= 3 { return character }
        var text = String(kept)
        if hasMark { text = text.precomposedStringWithCanonicalMapping }
        if text.unicodeScalars.count > 3 { text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(3))) }
        // Dropping code points never splits a cluster, but stay safe if Unicode's rules disagree.
        return text.first ?? " "
    }
}
