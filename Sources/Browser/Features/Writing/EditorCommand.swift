public import Foundation

/// The editor a text is written in: `$VISUAL`, else `$EDITOR`, else the first of `sensible-editor`, `editor` and
/// `vi` found on `PATH`. The variable's value may carry arguments (`code -w`, `emacsclient -t`): it is split into
/// words as a shell would split it (quotes and backslashes), and the program is run with them directly, never through
/// a shell, with the file's path as the last argument.
public struct EditorCommand: Hashable, Sendable {
    /// The program and its arguments, the file's path not yet added.
    public var arguments: [String]
    /// Where the command came from (`VISUAL`, `EDITOR` or `PATH`), for the messages.
    public var source: String

    public init(arguments: [String], source: String) {
        self.arguments = arguments
        self.source = source
    }

    /// The command the environment names, or why there is none.
    public static func resolve(
        environment: [String: String], isExecutable: (String) -> Bool = { FileManager.default.isExecutableFile(atPath: $0) }
    ) -> Result<EditorCommand, EditorCommandProblem> {
        for variable in ["VISUAL", "EDITOR"] {
            guard let value = environment[variable], !value.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            switch ShellWords.split(value) {
            case .success(let words) where !words.isEmpty:
                return .success(EditorCommand(arguments: words, source: variable))
            case .success:
                continue
            case .failure(let problem):
                return .failure(EditorCommandProblem(message: "$\(variable) cannot be read as a command: \(problem.message)"))
            }
        }
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        for program in ["sensible-editor", "editor", "vi"] {
            if let found = directories.lazy.map({ "\($0)/\(program)" }).first(where: isExecutable) {
                return .success(EditorCommand(arguments: [found], source: "PATH"))
            }
        }
        return .failure(EditorCommandProblem(message: "no editor: set $VISUAL or $EDITOR (e.g. export EDITOR=nano)"))
    }

    /// The command's words with `path` added last.
    public func invocation(path: String) -> [String] { arguments + [path] }
}

/// Why no editor could be run, in one line.
public struct EditorCommandProblem: Error, Hashable, Sendable {
    public var message: String
}

/// A command line split into words as a POSIX shell splits a simple command: blanks separate words; single quotes
/// keep everything to the next single quote; double quotes keep everything but `\"`, `\\`, `\$` and `` \` `` escapes;
/// a backslash outside quotes keeps the next character. No expansion of any kind.
public enum ShellWords {
    public static func split(_ line: String) -> Result<[String], EditorCommandProblem> {
        var words: [String] = []
        var current = ""
        var inWord = false
        var iterator = Array(line).makeIterator()
        while let character = iterator.next() {
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(current); current = ""; inWord = false }
            case "'":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "'" { closed = true; break }
                    current.append(next)
                }
                if !closed { return .failure(EditorCommandProblem(message: "a single quote is not closed")) }
            case "\"":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "\"" { closed = true; break }
                    if next == "\\" {
                        guard let escaped = iterator.next() else { break }
                        if "\"\\$`".contains(escaped) { current.append(escaped) } else { current.append("\\"); current.append(escaped) }
                        continue
                    }
                    current.append(next)
                }
                if !closed { return .failure(EditorCommandProblem(message: "a double quote is not closed")) }
            case "\\":
                inWord = true
                if let escaped = iterator.next() { if escaped != "\n" { current.append(escaped) } }
            default:
                inWord = true
                current.append(character)
            }
        }
        if inWord { words.append(current) }
        return .success(words)
    }
}
