import ArgumentParser
import StacktermCLI
import Testing

/// The hand-read browse command line must read every command line it accepts exactly as ArgumentParser does.
struct BrowseCommandLineTests {
    /// Every option's value, spelled out, so two readings can be compared whole. Reading an option that was
    /// never set stops the program, so this also proves the fast path sets every one.
    static func fields(_ options: StacktermOptions) -> [String: String] {
        [
            "words": String(describing: options.words), "sites": String(describing: options.sites),
            "print": "\(options.print)", "json": "\(options.json)", "count": String(describing: options.count),
            "allAnswers": "\(options.allAnswers)",
            "tag": String(describing: options.tag), "sort": String(describing: options.sort),
            "pageSize": String(describing: options.pageSize), "apiBase": String(describing: options.apiBase),
            "key": String(describing: options.key), "trace": String(describing: options.trace),
            "config": String(describing: options.config), "printConfig": "\(options.printConfig)",
            "writeDefaultConfig": "\(options.writeDefaultConfig)", "offline": "\(options.offline)",
            "cacheInfo": "\(options.cacheInfo)", "clearCache": "\(options.clearCache)",
        ]
    }

    @Test func fieldsNameEveryOption() {
        // A new option must be added to `fields` (and so to the comparison below) and to `unparsedDefaults`.
        #expect(Mirror(reflecting: StacktermOptions()).children.count == Self.fields(StacktermOptions.defaultsForTests).count)
    }

    /// Fragments of command lines: good and bad values of every browse option in both spellings, flags, commands,
    /// and things only ArgumentParser may read.
    static let fragments: [[String]] = {
        let values: [(String, [String])] = [
            ("--site", ["unix", "", "two words", "a=b", "-x"]),
            ("--tag", ["bash", "", "two words"]),
            ("--sort", ["votes", "newest"]),
            ("--page-size", ["50", "0", "101", "abc", "+5", "050", "-3"]),
            ("--api-base", ["http://127.0.0.1:8080/2.3/", "https://api.stackexchange.com/2.3", "ftp://x/2.3", "not a url"]),
            ("--key", ["k3y", ""]),
            ("--trace", ["/tmp/t.jsonl", ""]),
            ("--config", ["/tmp/c.toml", ""]),
            ("--count", ["3", "0", "31", "x"]),
            ("-n", ["2", "-1", "abc"]),
        ]
        var fragments: [[String]] = []
        for (name, spellings) in values {
            for value in spellings { fragments += [[name, value], ["\(name)=\(value)"]] }
            fragments.append([name])
        }
        fragments += [
            ["--offline"], ["--offline=true"], ["--help"], ["-h"], ["help"], ["--version"], ["login"], ["whoami"],
            ["--print-config"], ["--cache-info"], ["--clear-cache"], ["--write-default-config"], ["--"], ["--sit", "x"],
            ["-site", "x"], ["--SITE", "x"], ["extra"], ["two", "words"], ["https://stackoverflow.com/q/1"], [""], ["--print"],
            ["--json"], ["--all-answers"], ["--print=true"], ["logout"], ["-x"], ["-n3"],
        ]
        return fragments
    }()

    /// Every fragment alone, every pair, and the empty command line.
    static let commandLines: [[String]] = {
        var lines: [[String]] = [[]]
        for first in fragments {
            lines.append(first)
            for second in fragments { lines.append(first + second) }
        }
        return lines
    }()

    /// The command lines are compared in `shares` interleaved shares, each a test case of its own, so they run beside
    /// each other and beside the other suites: every parse by ArgumentParser checks its whole definition in a debug
    /// build, and one case comparing all of them, one after another, ended the unit run alone, long after the rest.
    static let shares = 4

    /// Async, and yields between command lines: thousands of ArgumentParser parses take seconds, and a synchronous
    /// loop would hold a thread of the shared cooperative pool that the network tests running beside it need.
    @Test(arguments: 0..<shares)
    func everyAcceptedCommandLineReadsAsArgumentParserReadsIt(share: Int) async {
        var accepted = 0
        for arguments in stride(from: share, to: Self.commandLines.count, by: Self.shares).map({ Self.commandLines[$0] }) {
            await Task.yield()
            guard let fast = BrowseCommandLine.options(arguments) else { continue }
            accepted += 1
            guard let parsed = try? StacktermOptions.parse(arguments) else {
                Issue.record("accepted \(arguments), which ArgumentParser refuses")
                continue
            }
            #expect(Self.fields(fast) == Self.fields(parsed), "\(arguments)")
        }
        // The fast path is used: not only the empty line but many pairs of good options, in every share.
        #expect(accepted > 300 / Self.shares, "accepted \(accepted) of share \(share)")
    }

    /// The shares together are every command line, each once.
    @Test func theSharesCoverEveryCommandLineOnce() {
        let indices = (0..<Self.shares).flatMap { Array(stride(from: $0, to: Self.commandLines.count, by: Self.shares)) }
        #expect(indices.sorted() == Array(Self.commandLines.indices))
    }

    @Test(arguments: [
        [String](), ["--offline"], ["--site", "superuser"], ["--site=unix", "--tag", "bash", "--sort", "votes"],
        ["--api-base", "http://127.0.0.1:8080/2.3", "--trace", "/tmp/t.jsonl"], ["--page-size=50", "--key", "k"],
        ["--config", "/tmp/c.toml", "--offline"], ["--site", "a", "--site", "b"], ["how", "do", "I"],
        ["https://stackoverflow.com/q/1"], ["--site", "unix", "exit", "code"], ["--print", "-n", "3", "reflog"],
        ["--json", "--all-answers", "--site", "a", "--site", "b", "q"],
    ])
    func plainBrowseLaunchesTakeTheFastPath(arguments: [String]) {
        #expect(BrowseCommandLine.options(arguments) != nil)
    }

    @Test(arguments: [
        ["--help"], ["login"], ["--print-config"], ["how", "help"], ["--print", "--json", "x"], ["--sort", "newest"], ["--page-size", "x"],
        ["--site"], ["--site", "--offline"], ["--offline=yes"], ["--", "--site", "x"], ["--unknown"],
    ])
    func everythingElseIsLeftToArgumentParser(arguments: [String]) {
        #expect(BrowseCommandLine.options(arguments) == nil)
    }

    @Test func theFastPathValidatesAsArgumentParserDoes() throws {
        let fast = try #require(BrowseCommandLine.options(["--api-base", "http://127.0.0.1:9/2.3///"]))
        #expect(fast.apiBase == "http://127.0.0.1:9/2.3")
    }
}

extension StacktermOptions {
    /// The defaults as the fast path makes them, for counting the options.
    static var defaultsForTests: StacktermOptions { BrowseCommandLine.options([])! }
}
