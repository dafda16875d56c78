import ArgumentParser
import Browser
import Foundation
import StacktermCLI
import Terminal

/// Runs the person's editor for `stackterm answer`, `ask` and `edit`, directly on this terminal: no shell, the
/// program found on `PATH`, the browser opener's clean environment (no key, no token), default signal dispositions
/// and an empty signal mask (`ChildSpawn`). While it runs, stackterm ignores Ctrl-C and Ctrl-\, which are the
/// editor's; nil without a terminal on standard input.
enum ShellEditor {
    static func runner(environment: [String: String]) -> EditorSession.Runner? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        let childEnvironment = ChildEnvironment.scrubbed(environment)
        return { arguments in
            guard let program = arguments.first, let path = locate(program, environment: environment) else {
                return .failedToStart("\(arguments.first ?? ""): not found on PATH")
            }
            let interrupt = signal(SIGINT, SIG_IGN)
            let quit = signal(SIGQUIT, SIG_IGN)
            defer {
                signal(SIGINT, interrupt)
                signal(SIGQUIT, quit)
            }
            switch ChildSpawn.start([path] + arguments.dropFirst(), environment: childEnvironment) {
            case .failure(let error):
                return .failedToStart(error.message)
            case .success(let pid):
                switch ChildSpawn.waitForExit(pid) {
                case .failure(let error): return .failedToStart(error.message)
                case .success(let status) where status > 128: return .signalled(status - 128)
                case .success(let status): return .exited(status: status)
                }
            }
        }
    }

    /// `program`'s path: as given when it names a path, else the first executable of that name on `PATH`.
    static func locate(_ program: String, environment: [String: String]) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return directories.lazy.map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// The writing commands' entries, reached before ArgumentParser reads the browser's own command line (as `watch`).
enum WriteSubcommands {
    static let names: Set<String> = ["answer", "ask", "edit", "drafts"]

    /// Runs the writing command `arguments` name, if they name one (its name the first word, after the options
    /// `--api-base`, `--site`, `--config` and `--key`, which it takes as its own); returns when they do not.
    static func runIfNamed(_ arguments: [String]) {
        guard let index = StacktermOptions.firstWordIndex(in: arguments), names.contains(arguments[index]) else { return }
        var rest = Array(arguments[(index + 1)...])
        if index > 0, arguments[index] != "drafts" {
            let global: StacktermOptions
            do {
                global = try StacktermOptions.parse(Array(arguments[..<index]))
            } catch {
                CommandLineEnd.end(Stackterm.self, error: error, arguments: arguments)
            }
            if let apiBase = global.apiBase, !rest.contains("--api-base") { rest += ["--api-base", apiBase] }
            if let site = global.sites.first, !rest.contains("--site") { rest += ["--site", site] }
            if let config = global.config, !rest.contains("--config") { rest += ["--config", config] }
            if let key = global.key, !rest.contains("--key") { rest += ["--key", key] }
        }
        runAndExit(arguments[index], rest)
    }

    static func runAndExit(_ name: String, _ arguments: [String]) -> Never {
        SignalWatcher.unblockWatchedSignals()
        SignalWatcher.ignoreBrokenPipes()
        switch name {
        case "answer": AnswerCommand.runAndExit(arguments, runnerMaker: ShellEditor.runner)
        case "ask": AskCommand.runAndExit(arguments, runnerMaker: ShellEditor.runner)
        case "edit": EditCommand.runAndExit(arguments, runnerMaker: ShellEditor.runner)
        default: DraftsCommand.runAndExit(arguments)
        }
    }
}
