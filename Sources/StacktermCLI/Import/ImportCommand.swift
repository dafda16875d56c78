public import ArgumentParser
import DumpImport
import Foundation
import Store

/// `stackterm import PATH [--site NAME]`, `stackterm import --list`, `stackterm import --remove SITE`: a site's
/// data dump made readable offline (`stackterm --offline --site NAME`).
///
/// Exit statuses: 0 done; 1 the import was refused or failed (one line on stderr); 130 stopped by Ctrl-C (the
/// line says how to resume); 64 a bad command line.
public struct ImportCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "import", _superCommandName: "stackterm",
        abstract: "Import a Stack Exchange data dump (a site's .7z, or a folder of its XML files) to read it offline.",
        discussion: """
            Dumps: https://stackoverflow.com/help/data-dumps (CC BY-SA). Then: stackterm --offline --site NAME.
            A row over 4 MB, with more than 100 attributes, or not valid UTF-8 is skipped and named (the import goes \
            on); a dump whose DOCTYPE declares entities is refused. Ctrl-C stops between rows; a second Ctrl-C or \
            SIGTERM stops at once. Either way the same command resumes.
            """
    )

    @Argument(help: ArgumentHelp("The site's .7z (e.g. vi.stackexchange.com.7z) or a folder holding Posts.xml.", valueName: "path"))
    var path: String?

    @Option(help: "The site's API name, when the file name does not say it (vi, unix, stackoverflow, ...).")
    var site: String?

    @Flag(help: "List the imported sites: dump date, questions, answers, size on disk.")
    var list = false

    @Option(help: ArgumentHelp("Remove an imported site.", valueName: "site"))
    var remove: String?

    public init() {}

    /// Runs `stackterm import` with the arguments after `import`, and exits.
    public static func runAndExit(_ arguments: [String]) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Foundation.exit(0)
        } catch {
            guard exitCode(for: error) != .success else { exit(withError: error) }
            let firstLine = message(for: error).split(separator: "\n").first.map(String.init) ?? "bad command line"
            FileHandle.standardError.write(Data("stackterm: \(firstLine)\n".utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
    }

    public func validate() throws {
        let actions = [path != nil, list, remove != nil].filter { $0 }.count
        guard actions == 1 else { throw ValidationError("say one of: a PATH to import, --list or --remove SITE") }
        if site != nil, path == nil { throw ValidationError("--site goes with a PATH to import") }
    }

    public func run() throws {
        let paths = StorePaths(environment: ProcessInfo.processInfo.environment)
        if list {
            print(ImportedSites.listing(paths: paths))
            return
        }
        if let remove {
            let outcome = ImportedSites.remove(remove.lowercased(), paths: paths)
            guard outcome.ok else { Self.fail(outcome.message) }
            print(outcome.message)
            return
        }
        guard let path else { return }
        let importer: DumpImporter
        do {
            importer = try DumpImporter(source: URL(fileURLWithPath: path), site: site, paths: paths)
        } catch {
            Self.fail(error.description)
        }
        let display = ImportProgressDisplay(isTerminal: isatty(STDERR_FILENO) == 1)
        let stop = StopRequest()
        importer.onProgress = { display.show($0) }
        importer.onSkippedRow = { display.skipped($0) }
        importer.shouldStop = { stop.isRequested }
        do {
            let outcome = try importer.run()
            display.finish()
            let skipped = outcome.skipped > 0 ? " (\(outcome.skipped) malformed rows skipped)" : ""
            print("imported \(outcome.site): \(outcome.questions) questions, \(outcome.answers) answers\(skipped), "
                  + "from the dump of \(outcome.dumpDay); read it with: stackterm --offline --site \(outcome.site)")
        } catch {
            display.finish()
            if error.isStop {
                FileHandle.standardError.write(Data("stackterm: \(error.description): stackterm import \(path)\n".utf8))
                Foundation.exit(130)
            }
            Self.fail(error.description)
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("stackterm: \(message)\n".utf8))
        Foundation.exit(1)
    }
}
