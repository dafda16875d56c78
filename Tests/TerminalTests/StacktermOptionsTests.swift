import ArgumentParser
import Browser
import Foundation
import StackExchange
import StacktermCLI
import Testing

/// The command line: defaults, every option, and each refusal.
struct StacktermOptionsTests {
    /// `EarlyStore` opens the store before parsing unless an argument names another command: every flag whose help
    /// says it exits, and every account command, must be in `otherCommands`.
    @Test func everyFlagThatExitsIsAnotherCommand() {
        let help = StacktermOptions.helpMessage(columns: 1_000)
        let exiting = help.split(separator: "\n").filter { $0.contains(" and exit") }
            .compactMap { line in line.split(separator: " ").first(where: { $0.hasPrefix("--") }).map(String.init) }
        #expect(exiting.count >= 4, "the flags that exit: \(exiting)")
        for flag in exiting { #expect(StacktermOptions.otherCommands.contains(flag), "\(flag) exits but would open the store early") }
        for command in StacktermOptions.AccountCommand.allCases { #expect(StacktermOptions.otherCommands.contains(command.rawValue)) }
        #expect(!StacktermOptions.otherCommands.contains("--offline"), "--offline browses the store")
    }

    @Test func defaults() throws {
        let options = try StacktermOptions.parse([])
        #expect(options.browserConfiguration == BrowserConfiguration(site: "stackoverflow", tags: [], sort: .activity, pageSize: 30))
        let backend = options.backendConfiguration(environment: [:])
        #expect(backend.baseURL == BackendConfiguration.defaultBaseURL)
        #expect(backend.key == nil)
        #expect(options.trace == nil)
    }

    @Test func everyOption() throws {
        let options = try StacktermOptions.parse([
            "--site", "unix", "--tag", "bash", "--sort", "votes", "--page-size", "50",
            "--api-base", "http://127.0.0.1:8080/2.3/", "--key", "k3y", "--trace", "/tmp/t.jsonl",
        ])
        // With a key, the watches' cost is measured against the keyed quota.
        var expected = BrowserConfiguration(site: "unix", tags: ["bash"], sort: .votes, pageSize: 50)
        expected.watch.hasKey = true
        #expect(options.browserConfiguration == expected)
        let backend = options.backendConfiguration(environment: ["STACKEXCHANGE_KEY": "other"])
        #expect(backend.baseURL.absoluteString == "http://127.0.0.1:8080/2.3")
        #expect(backend.site == "unix")
        #expect(backend.key == "k3y")
        #expect(options.trace == "/tmp/t.jsonl")
    }

    @Test func theEnvironmentSuppliesTheKey() throws {
        let options = try StacktermOptions.parse([])
        #expect(options.resolvedKey(environment: ["STACKEXCHANGE_KEY": "envkey"]) == "envkey")
        #expect(options.resolvedKey(environment: ["STACKEXCHANGE_KEY": ""]) == nil)
    }

    @Test(arguments: [
        (["--sort", "newest"], "--sort must be one of activity, creation, votes, hot, week, month"),
        (["--page-size", "0"], "--page-size must be between 1 and 100"),
        (["--page-size", "101"], "--page-size must be between 1 and 100"),
        (["--api-base", "ftp://example.com/2.3"], "--api-base must be an http or https URL"),
        (["--api-base", "not a url"], "--api-base must be an http or https URL"),
        (["--tag", ""], "--tag must be a non-empty tag without spaces"),
        (["--tag", "two words"], "--tag must be a non-empty tag without spaces"),
        (["--site", ""], "--site must be"),
    ])
    func badCommandLinesAreRefusedWithOneLine(arguments: [String], message: String) {
        do {
            _ = try StacktermOptions.parse(arguments)
            Issue.record("accepted \(arguments)")
        } catch {
            let text = StacktermOptions.message(for: error)
            #expect(text.contains(message), "\(text)")
            #expect(!text.contains("\n"))
            #expect(StacktermOptions.exitCode(for: error) == ExitCode(64))
        }
    }

    @Test func aKeyIsNeverEchoedInAnError() {
        do {
            _ = try StacktermOptions.parse(["--key", "s3cr3t-key", "--page-size", "0"])
            Issue.record("accepted a bad page size")
        } catch {
            #expect(!StacktermOptions.fullMessage(for: error).contains("s3cr3t-key"))
        }
    }

    @Test func unknownOptionsAreUsageErrors() {
        do {
            _ = try StacktermOptions.parse(["--colour"])
            Issue.record("accepted an unknown option")
        } catch {
            #expect(StacktermOptions.exitCode(for: error) == ExitCode(64))
        }
    }

    @Test func aKeyTravelsOnlyOverHTTPSOrToLoopback() throws {
        let plain = try StacktermOptions.parse(["--api-base", "http://api.example.com/2.3", "--key", "k3y"])
        #expect(throws: ValidationError.self) { try plain.validateKey(environment: [:]) }
        do {
            try plain.validateKey(environment: [:])
        } catch {
            #expect("\(error)".contains("refusing to send the app key over plain http"))
            #expect(!"\(error)".contains("k3y"))
        }
        let fromEnvironment = try StacktermOptions.parse(["--api-base", "http://api.example.com/2.3"])
        #expect(throws: ValidationError.self) { try fromEnvironment.validateKey(environment: ["STACKEXCHANGE_KEY": "e"]) }
        try fromEnvironment.validateKey(environment: [:])
        try StacktermOptions.parse(["--api-base", "http://127.0.0.1:9/2.3", "--key", "k"]).validateKey(environment: [:])
        try StacktermOptions.parse(["--key", "k"]).validateKey(environment: [:])
    }

    @Test func theHelpRecommendsTheEnvironmentOverKeyOnTheCommandLine() {
        let help = StacktermOptions.helpMessage()
        #expect(help.contains("STACKEXCHANGE_KEY"))
        #expect(help.contains("ps"))
    }

    /// `--print-config` ends with the pictures' form and the terminal's cell size, each with its source: the help
    /// (and so the manual page) says so.
    @Test func thePrintConfigHelpNamesTheCellSizeAndItsSource() throws {
        let help = StacktermOptions.helpMessage(columns: 1_000)
        let line = try #require(help.split(separator: "\n").first { $0.contains("--print-config") })
        #expect(line.contains("cell size in pixels"))
        #expect(line.contains("where it came from"))
    }

    /// Where an account command is named: after the browser's options (and their values), never after `--`, never as
    /// an option's value.
    @Test func anAccountCommandIsTheFirstWordThatIsNoOptionNorValue() {
        #expect(StacktermOptions.accountCommandIndex(in: ["login"]) == 0)
        #expect(StacktermOptions.accountCommandIndex(in: ["--api-base", "http://x/2.3", "--trace", "t", "whoami"]) == 4)
        #expect(StacktermOptions.accountCommandIndex(in: ["--offline", "logout", "--site", "unix"]) == 1)
        #expect(StacktermOptions.accountCommandIndex(in: ["--", "login", "fails"]) == nil)
        #expect(StacktermOptions.accountCommandIndex(in: ["--site", "login"]) == nil)
        #expect(StacktermOptions.accountCommandIndex(in: ["how", "login", "works"]) == nil)
        #expect(StacktermOptions.accountCommandIndex(in: ["-n", "2", "login"]) == 2)
    }
}
