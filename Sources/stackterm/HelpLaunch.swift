import ArgumentParser
import Browser
import Foundation
import StacktermCLI

/// `stackterm help [SUBCOMMAND]`, as `--help` promises ("See 'stackterm help <subcommand>'"): the help of stackterm
/// or of one of its commands on stdout, never a search for the word "help" (`stackterm -- help …` searches).
enum HelpLaunch {
    /// Prints the help `arguments` (the words after `help`) ask for and exits: 0, or 64 for a command that does not exist.
    static func runAndExit(_ arguments: [String]) -> Never {
        guard let name = arguments.first else {
            StandardOutput.writeLine(Stackterm.helpMessage() + "\n\n" + ActionTable.usefulKeysText())
            StandardOutput.end(.written)
        }
        let commands = Stackterm.configuration.subcommands
        guard arguments.count == 1, let command = commands.first(where: { $0._commandName == name }) else {
            let names = commands.map { $0._commandName }.joined(separator: ", ")
            let problem = arguments.count == 1 ? "no command named \(name)" : "help takes one command's name"
            StandardError.write("stackterm: \(problem) (the commands: \(names)); to search for these words, put -- first")
            fflush(nil)
            _exit(ExitCode.validationFailure.rawValue)
        }
        StandardOutput.writeLine(Stackterm.helpMessage(for: command))
        StandardOutput.end(.written)
    }
}
