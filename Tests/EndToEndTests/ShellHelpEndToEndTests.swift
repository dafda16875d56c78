import Foundation
import StackExchangeReplica
import Testing

/// `stackterm help [SUBCOMMAND]` prints help as `--help` promises, and a query's `-word` without `--` says what to type.
@Suite(.serialized)
struct ShellHelpEndToEndTests {
    @Test func helpPrintsTheHelpOfStacktermAndOfEachCommandAndSendsNothing() async throws {
        try await ShellEndToEndTests.with { replica, store in
            let promised = try ShellRun.run(["--help"], replica: replica, store: store)
            #expect(promised.status == 0)
            #expect(promised.output.contains("stackterm help <subcommand>"), "the promise this keeps")
            let root = try ShellRun.run(["help"], replica: replica, store: store)
            #expect(root.status == 0, "\(root.errors)")
            #expect(root.output.hasPrefix("OVERVIEW: "), "\(root.output)")
            #expect(root.output.contains("USAGE: stackterm"))
            for command in ["import", "watch", "login", "logout", "whoami"] {
                let run = try ShellRun.run(["help", command], replica: replica, store: store)
                #expect(run.status == 0, "\(command): \(run.errors)")
                #expect(run.output.contains("USAGE: stackterm \(command)"), "\(command): \(run.output)")
                #expect(run.errors.isEmpty)
            }
            let unknown = try ShellRun.run(["help", "nosuch"], replica: replica, store: store)
            #expect(unknown.status == 64)
            #expect(unknown.errors.hasPrefix("stackterm: no command named nosuch"), "\(unknown.errors)")
            #expect(unknown.errors.filter { $0 == "\n" }.count == 1)
            #expect(replica.logEntries().isEmpty, "no search for \"help import\": \(replica.logEntries().map(\.path))")
        }
    }

    @Test func aDashWordWithoutDoubleDashSaysToPutItFirst() async throws {
        try await ShellEndToEndTests.with { replica, store in
            let run = try ShellRun.run(["--print", "vim", "-emacs"], replica: replica, store: store)
            #expect(run.status == 64)
            #expect(run.errors.hasPrefix("stackterm: -emacs is no option: put -- before"), "\(run.errors)")
            #expect(run.errors.filter { $0 == "\n" }.count == 1, "one line: \(run.errors)")
            #expect(replica.logEntries().isEmpty)
            // As it says: `--` first, and the word reaches the search.
            let fixed = try ShellRun.run(["--print", "--", "vim", "-emacs"], replica: replica, store: store)
            #expect(fixed.status == 0 || fixed.status == 1, "\(fixed.errors)")
            let search = try #require(replica.logEntries().first { $0.path.hasSuffix("/search/advanced") })
            #expect(search.query["q"] == "vim -emacs")
        }
    }
}
