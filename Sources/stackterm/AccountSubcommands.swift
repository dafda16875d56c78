import ArgumentParser
import Foundation
import StacktermCLI
import Store
import Terminal

/// An account command: its own options, to which those before its name are added.
protocol AccountSubcommand: ParsableCommand {
    var options: AccountOptions { get set }
}

/// `stackterm login`: signs in through the site's OAuth dialog (paste the address it ends on).
struct LoginCommand: AccountSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign in through the site's OAuth dialog (paste the address it ends on).")
    @OptionGroup var options: AccountOptions
    func run() throws { try AccountLaunch.run(.login, options: options) }
}

/// `stackterm logout`: de-authorises the token and forgets it.
struct LogoutCommand: AccountSubcommand {
    static let configuration = CommandConfiguration(commandName: "logout", abstract: "De-authorise the token and forget it.")
    @OptionGroup var options: AccountOptions
    func run() throws { try AccountLaunch.run(.logout, options: options) }
}

/// `stackterm whoami`: says who is signed in.
struct WhoamiCommand: AccountSubcommand {
    static let configuration = CommandConfiguration(commandName: "whoami", abstract: "Say who is signed in.")
    @OptionGroup var options: AccountOptions
    func run() throws { try AccountLaunch.run(.whoami, options: options) }
}

/// Runs an account command with the settings its options and the config file give, then exits with its status.
enum AccountLaunch {
    static func run(_ command: StacktermOptions.AccountCommand, options: AccountOptions) throws -> Never {
        let environment = ProcessInfo.processInfo.environment
        let browseOptions = try options.stacktermOptions()
        try browseOptions.validateKey(environment: environment)
        let resolved: (settings: StacktermSettings, warnings: [String])
        do {
            resolved = try StacktermSettings.resolve(options: browseOptions, environment: environment)
        } catch {
            fail(error.description, status: ConfigError.exitStatus)
        }
        let path = browseOptions.config ?? ConfigFile.defaultPath(environment: environment)
        if let problem = resolved.settings.backendConfiguration.keyTransportProblem {
            fail("\(path): \(problem)", status: ConfigError.exitStatus)
        }
        for warning in resolved.warnings { FileHandle.standardError.write(Data("stackterm: \(warning)\n".utf8)) }
        let settings = resolved.settings
        var commands = AccountCommands(settings: settings, paths: StorePaths(environment: environment))
        let browserEnvironment = ChildEnvironment.scrubbed(settings.openerEnvironment(environment))
        commands.openBrowser = { url in
            guard let command = URLOpener.command(for: url, environment: browserEnvironment) else { return }
            // The login goes on whether or not a browser came up: the address is printed for pasting anyway.
            if case .success(let pid) = ChildSpawn.start(command, environment: browserEnvironment, input: .nullDevice,
                                                         output: .nullDevice, error: .nullDevice) {
                Thread.detachNewThread { _ = ChildSpawn.waitForExit(pid) }
            }
        }
        Foundation.exit(commands.run(command))
    }

    static func fail(_ message: String, status: Int32) -> Never {
        StandardError.write("stackterm: \(message)")
        Foundation.exit(status)
    }
}
