import Browser
import Foundation

/// Where stackterm's one-line messages go when the screen is not up: standard error, each line through the screen's
/// filter for control, bidi and zero-width characters (`InvisibleCharacters.printableLine`), since many carry text
/// from the network or from a file (a site's message, a path) that must not move the cursor or turn the line around.
public enum StandardError {
    /// Writes `line` and a line break.
    public static func write(_ line: String) {
        FileHandle.standardError.write(Data((InvisibleCharacters.printableLine(line) + "\n").utf8))
    }
}
