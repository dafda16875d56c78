public import ArgumentParser
import Foundation

/// How a command line that does not run ends: ArgumentParser's help and version written through `StandardOutput`
/// (status 0), any other problem as one line on stderr with status 64 (`EX_USAGE`).
///
/// ArgumentParser's own `exit(withError:)` prints with `print`, outside the one writer, and its messages can run to
/// several lines; every command of stackterm ends through here instead.
public enum CommandLineEnd {
    /// Ends `command`'s parse that failed with `error` (or asked for help): help on stdout, else the first line of the
    /// problem on stderr, with `arguments` (as typed after the command's name) to say how to search for `-word`.
    public static func end<Command: ParsableCommand>(
        _ command: Command.Type, error: any Error, arguments: [String], appendingToHelp extra: String? = nil
    ) -> Never {
        if command.exitCode(for: error) == .success {
            var text = command.fullMessage(for: error)
            if let extra, text.hasPrefix("OVERVIEW:") { text += "\n\n" + extra }
            StandardOutput.writeLine(text)
            StandardOutput.end(.written)
        }
        let message = command.message(for: error)
        let firstLine = message.split(separator: "\n").first.map(String.init) ?? "bad command line"
        StandardError.write("stackterm: \(dashWordHint(message: firstLine, arguments: arguments) ?? firstLine)")
        fflush(nil)
        _exit(ExitCode.validationFailure.rawValue)
    }

    /// For an unknown option spelt as a word with one dash (`-word`, which the site's search reads as "without
    /// word"), what to type instead: `--` first, then the query. Nil for any other problem.
    public static func dashWordHint(message: String, arguments: [String]) -> String? {
        guard message.hasPrefix("Unknown option") else { return nil }
        let words = arguments.prefix { $0 != "--" }
        guard let word = words.first(where: isDashWord) else { return nil }
        return "\(word) is no option: put -- before a query whose words start with - (stackterm [options] -- QUERY \(word))"
    }

    /// True for `-word`: one dash, then at least two letters, digits or hyphens (not `-n`, not `--name`).
    static func isDashWord(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), !argument.hasPrefix("--") else { return false }
        let rest = argument.dropFirst()
        return rest.count >= 2 && rest.first?.isLetter == true && rest.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
            && !rest.contains("=")
    }
}
