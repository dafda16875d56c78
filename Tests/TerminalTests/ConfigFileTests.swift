import Browser
import Foundation
import StackExchange
@testable import StacktermCLI
import Testing

/// The config file: every key read, every kind of bad input refused with its file and line, precedence.
struct ConfigFileTests {
    static let fullExample = """
        site = "unix"
        sites = ["unix", "superuser"]
        tags = ["bash", "sed"]
        sort = "votes"
        page_size = 50
        api_base = "http://127.0.0.1:8080/2.3/"
        key = "filek3y"
        browser = "firefox"
        copy_command = "wl-copy"
        rate_limit = 5
        request_deadline = 45

        [store]
        freshness_minutes = 15
        cache_size_mb = 200

        [detail]
        highlight = false

        [theme]
        name = "light"
        link = "#ff8700"
        selected_row = { fg = "black", bg = 214, bold = true }
        code_comment = { fg = "green", dim = false }

        [keys]
        next_page = ["x", "ctrl-f"]
        quit = ["q", "f10"]

        [keys.detail]
        copy_code = "alt-y"
        """

    func parse(_ text: String) throws(ConfigError) -> ConfigFile {
        try ConfigFileParser.parse(text, path: "/c/config.toml")
    }

    /// A query searches `--site` (repeated), else the file's `sites`, else its `site`; the browser starts on the first.
    @Test func theSitesAQuerySearches() throws {
        let file = try parse("sites = [\"unix\", \"superuser\"]\n")
        let fromFile = StacktermSettings(options: try StacktermOptions.parse([]), environment: [:], file: file)
        #expect(fromFile.sites == ["unix", "superuser"])
        #expect(fromFile.site == "unix")
        let fromCommandLine = StacktermSettings(options: try StacktermOptions.parse(["--site", "askubuntu", "--site", "unix"]), environment: [:], file: file)
        #expect(fromCommandLine.sites == ["askubuntu", "unix"])
        #expect(fromCommandLine.site == "askubuntu")
        let single = StacktermSettings(options: try StacktermOptions.parse([]), environment: [:], file: try parse("site = \"unix\"\n"))
        #expect(single.sites == ["unix"])
        #expect(throws: ConfigError.self) { try parse("sites = []\n") }
        #expect(throws: ConfigError.self) { try parse("sites = [\"two words\"]\n") }
    }

    @Test func everyKeyIsRead() throws {
        let file = try parse(Self.fullExample)
        #expect(file.site == "unix")
        #expect(file.sites == ["unix", "superuser"])
        #expect(file.tags == ["bash", "sed"])
        #expect(file.sort == .votes)
        #expect(file.pageSize == 50)
        #expect(file.apiBase?.absoluteString == "http://127.0.0.1:8080/2.3")
        #expect(file.key == "filek3y")
        #expect(file.browser == "firefox")
        #expect(file.copyCommand == "wl-copy")
        #expect(file.rateLimit == 5)
        #expect(file.freshnessMinutes == 15)
        #expect(file.cacheSizeMegabytes == 200)
        #expect(file.highlight == false)
        let theme = try #require(file.theme)
        #expect(theme.styles[.codeComment] == RoleStyle(foreground: .palette(2), attributes: []), "dim = false clears the default dim")
        #expect(theme.styles[.codeKeyword] == Theme.light.styles[.codeKeyword])
        #expect(theme.name == "light")
        #expect(theme.styles[.link]?.foreground == .rgb(red: 255, green: 135, blue: 0))
        #expect(theme.styles[.selectedRow] == RoleStyle(foreground: .palette(0), background: .palette(214), attributes: [.reverse, .bold]))
        #expect(theme.styles[.code] == Theme.light.styles[.code], "roles not overridden keep the named theme's")
        #expect(file.keymap.action(for: .character("x"), on: .list) == .nextPage)
        #expect(file.keymap.action(for: .control("f"), on: .list) == .nextPage)
        #expect(file.keymap.action(for: .character("n"), on: .list) == nil)
        #expect(file.keymap.action(for: .function(10), on: .detail) == .quit)
        #expect(file.keymap.action(for: .alt("y"), on: .detail) == .copyCode)
        #expect(file.keymap.action(for: .character("Y"), on: .detail) == nil)
    }

    @Test func aMissingFileIsNoError() throws {
        #expect(try ConfigFile.load(path: "/nonexistent/stackterm/config.toml") == nil)
    }

    /// Nothing at the default path means the defaults; a `--config` that names no file is a mistake, said in one line.
    @Test func aConfigNamedOnTheCommandLineMustExist() throws {
        let missing = "/nonexistent/stackterm.toml"
        #expect(throws: ConfigError(path: missing, line: nil, message: "no such file (given with --config)")) {
            try StacktermSettings.resolve(options: try StacktermOptions.parse(["--config", missing]), environment: [:])
        }
        let defaults = try StacktermSettings.resolve(options: try StacktermOptions.parse([]),
                                                     environment: ["XDG_CONFIG_HOME": "/nonexistent/config-home"])
        #expect(defaults.settings.site == "stackoverflow" && defaults.warnings.isEmpty)
    }

    @Test func aFileThatIsNotTextIsOneLine() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/config.toml"
        FileManager.default.createFile(atPath: path, contents: Data([0x73, 0x69, 0xFF, 0xFE, 0x00]))
        #expect(throws: ConfigError(path: path, line: nil, message: "not UTF-8 text")) { try ConfigFile.load(path: path) }
    }

    @Test(arguments: [
        ("site = \"unix\"\npage_size = 30\nsort = \"votes", 3, "syntax error"),
        ("site = \"unix\"\npagesize = 30", 2, "unknown key \"pagesize\" (did you mean \"page_size\"?)"),
        ("zzzzzz = 1", 1, "unknown key \"zzzzzz\""),
        ("[store]\nfreshness = 3", 2, "unknown key \"freshness\" in [store] (did you mean \"freshness_minutes\"?)"),
        ("site = \"unix\"\n\npage_size = \"thirty\"", 3, "page_size must be an integer, not a string"),
        ("tags = [1, 2]", 1, "tags must be an array of strings, not an integer"),
        ("site = 3", 1, "site must be a string, not an integer"),
        ("page_size = 500", 1, "page_size must be between 1 and 100, not 500"),
        ("sort = \"newest\"", 1, "sort must be one of activity, creation, votes, hot, week, month, not \"newest\""),
        ("api_base = \"ftp://x\"", 1, "api_base must be an http or https URL"),
        ("rate_limit = 0", 1, "rate_limit must be between 1 and 30, not 0"),
        ("request_deadline = 1", 1, "request_deadline must be between 5 and 600, not 1"),
        ("[keys]\nnext_pag = \"x\"", 2, "unknown action \"next_pag\" in [keys] (did you mean \"next_page\"?)"),
        ("[keys]\n\nquit = [\"q\", \"ctrl-qq\"]", 3, "unknown key name \"ctrl-qq\" for quit"),
        ("[keys]\nquit = \"x\"\nnext_page = [\"n\", \"x\"]", 3, "\"x\" is bound to both next_page and quit (list screen)"),
        ("[keys.prompt]\nnext_page = \"x\"", 2, "next_page is not an action of the prompt screen"),
        ("[keys]\nquit = 3", 2, "keys.quit must be a string or an array of strings, not an integer"),
        ("theme = \"solarized\"", 1, "unknown theme \"solarized\" (themes: dark, light, mono)"),
        ("[theme]\nlink = \"bluish\"", 2, "unknown colour \"bluish\""),
        ("[theme]\nlnk = \"blue\"", 2, "unknown key \"lnk\" in [theme] (did you mean \"link\"?)"),
        ("[theme]\nlink = 300", 2, "theme.link must be a colour number between 0 and 255, not 300"),
        ("[theme]\nlink = { fg = \"blue\", blink = true }", 2, "unknown key \"blink\" in [theme.link]"),
        ("[theme]\nlink = { bold = \"yes\" }", 2, "theme.link.bold must be true or false, not a string"),
        ("theme = 3", 1, "theme must be a theme name or a table, not an integer"),
        ("[theme]\nname = \"blue\"", 2, "unknown theme \"blue\""),
        ("keys = \"x\"", 1, "keys must be a table, not a string"),
        ("store = 3", 1, "store must be a table, not an integer"),
        ("[detail]\nhighlight = \"no\"", 2, "detail.highlight must be true or false, not a string"),
        ("[detail]\nhighlite = false", 2, "unknown key \"highlite\" in [detail] (did you mean \"highlight\"?)"),
        ("detail = 1", 1, "detail must be a table, not an integer"),
        ("[theme]\ncode_keywrd = \"red\"", 2, "unknown key \"code_keywrd\" in [theme] (did you mean \"code_keyword\"?)"),
        ("[store]\ncache_size_mb = 0", 2, "store.cache_size_mb must be between 1 and 100000, not 0"),
        ("[store]\nfreshness_minutes = -5", 2, "store.freshness_minutes must be between 0 and 10080, not -5"),
        ("browser = \"  \"", 1, "browser must not be empty"),
        ("copy_command = true", 1, "copy_command must be a string, not a bool"),
        ("tags = [\"two words\"]", 1, "tags must be tags without spaces, not \"two words\""),
        ("site = \"stack overflow\"", 1, "site must be a site's API name without spaces"),
        ("\n\n[keys]\nquit = \"x\"\n[keys.detail]\nreload = \"x\"", 6, "\"x\" is bound to both reload and quit (detail screen)"),
        // Chords the terminal turns into signals never reach the keymap.
        ("[keys]\nquit = \"ctrl-c\"", 2, "ctrl-c never reaches stackterm: the terminal turns it into an interrupt (SIGINT); bind quit to another key"),
        ("[keys]\nreload = [\"r\", \"Ctrl-Z\"]", 2, "ctrl-z never reaches stackterm: the terminal turns it into a suspend (SIGTSTP)"),
        ("[keys.detail]\nback = \"ctrl-\\\\\"", 2, "ctrl-\\ never reaches stackterm: the terminal turns it into a quit signal (SIGQUIT)"),
    ] as [(String, Int, String)])
    func badInputIsOneLineWithFileLineAndProblem(text: String, line: Int, message: String) {
        do {
            _ = try parse(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.message.hasPrefix(message) || error.message.contains(message), "\(error.message)")
            #expect(error.description.hasPrefix("/c/config.toml:\(line): "))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func precedenceIsCommandLineThenEnvironmentThenFileThenDefaults() throws {
        let file = try parse(Self.fullExample)
        let environment = ["STACKEXCHANGE_KEY": "envkey", "BROWSER": "lynx"]
        // Defaults: nothing anywhere.
        let bare = StacktermSettings(options: try StacktermOptions.parse([]), environment: [:], file: nil)
        #expect(bare.site == "stackoverflow" && bare.pageSize == 30 && bare.key == nil && bare.browser == nil)
        #expect(bare.theme == .dark)
        // The file over the defaults.
        let fromFile = StacktermSettings(options: try StacktermOptions.parse([]), environment: [:], file: file)
        #expect(fromFile.site == "unix" && fromFile.pageSize == 50 && fromFile.key == "filek3y" && fromFile.browser == "firefox")
        #expect(fromFile.theme.name == "light")
        // The environment over the file.
        let fromEnvironment = StacktermSettings(options: try StacktermOptions.parse([]), environment: environment, file: file)
        #expect(fromEnvironment.key == "envkey" && fromEnvironment.browser == "lynx")
        #expect(fromEnvironment.site == "unix", "no environment variable names the site")
        let noColor = StacktermSettings(options: try StacktermOptions.parse([]), environment: ["NO_COLOR": "1"], file: file)
        #expect(noColor.theme == .mono)
        // The command line over everything.
        let options = try StacktermOptions.parse(["--site", "superuser", "--page-size", "10", "--key", "clikey", "--sort", "hot"])
        let fromCommandLine = StacktermSettings(options: options, environment: environment, file: file)
        #expect(fromCommandLine.site == "superuser" && fromCommandLine.pageSize == 10 && fromCommandLine.key == "clikey")
        #expect(fromCommandLine.sort == .hot)
        #expect(fromCommandLine.tags == ["bash", "sed"], "what the command line leaves alone still comes from the file")
        let backend = fromCommandLine.backendConfiguration
        #expect(backend.rateLimit == 5 && backend.site == "superuser" && backend.key == "clikey")
        #expect(backend.effectiveRateLimit == RateLimit(requestsPerSecond: 5, methodSpacing: RateLimit.standard.methodSpacing))
        #expect(bare.backendConfiguration.effectiveRateLimit == .standard)
        #expect(backend.deadline == 45 && bare.backendConfiguration.deadline == 30)
        let browser = fromCommandLine.browserConfiguration
        #expect(browser.freshnessMinutes == 15 && browser.cacheSizeMegabytes == 200)
        #expect(browser.detailFreshness == 15 * 60, "the store's freshness window")
        #expect(browser.keymap.action(for: .character("x"), on: .list) == .nextPage)
        #expect(fromFile.openerEnvironment([:])["BROWSER"] == "firefox")
    }

    @Test func theFileIsFoundThroughXDGConfigHomeOrConfig() throws {
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/stackterm/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/stackterm/config.toml")
        let directory = try TemporaryDirectory()
        let path = directory.path + "/other.toml"
        try "site = \"askubuntu\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let options = try StacktermOptions.parse(["--config", path])
        let resolved = try StacktermSettings.resolve(options: options, environment: ["XDG_CONFIG_HOME": directory.path])
        #expect(resolved.settings.site == "askubuntu")
    }

    @Test func aKeyInAFileOthersCanReadIsWarnedAboutAndStillUsed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/config.toml"
        try "key = \"s3cret\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let options = try StacktermOptions.parse(["--config", path])
        let open = try StacktermSettings.resolve(options: options, environment: [:])
        #expect(open.warnings.count == 1)
        #expect(open.warnings.first?.contains(path) == true)
        #expect(open.warnings.first?.contains("s3cret") == false)
        #expect(open.settings.key == "s3cret")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(try StacktermSettings.resolve(options: options, environment: [:]).warnings.isEmpty)
        try "site = \"unix\"\n".write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(try StacktermSettings.resolve(options: options, environment: [:]).warnings.isEmpty, "no key, no warning")
    }

    @Test func printConfigReadsBackToTheSameSettingsWithTheKeyHidden() throws {
        let file = try parse(Self.fullExample)
        let settings = StacktermSettings(options: try StacktermOptions.parse([]), environment: [:], file: file)
        let printed = ConfigPrinter.effective(settings)
        #expect(!printed.contains("filek3y"))
        #expect(printed.contains("# key is set (hidden)"))
        let reread = try parse(printed)
        let again = StacktermSettings(options: try StacktermOptions.parse([]), environment: [:], file: reread)
        #expect(again.site == settings.site && again.tags == settings.tags && again.sort == settings.sort)
        #expect(again.pageSize == settings.pageSize && again.apiBase == settings.apiBase)
        #expect(again.browser == settings.browser && again.copyCommand == settings.copyCommand)
        #expect(again.rateLimit == settings.rateLimit && again.freshnessMinutes == settings.freshnessMinutes)
        #expect(again.cacheSizeMegabytes == settings.cacheSizeMegabytes)
        #expect(again.highlightsCode == settings.highlightsCode && !again.highlightsCode)
        #expect(again.browserConfiguration.highlightsCode == false)
        #expect(again.theme == settings.theme)
        #expect(again.keymap == settings.keymap)
        #expect(again.key == nil)
    }

    @Test func theDefaultFileIsCommentedReadsAsTheDefaultsAndIsNeverOverwritten() throws {
        let text = ConfigPrinter.defaultFile()
        for name in ActionTable.names { #expect(text.contains("# \(name) = ["), "\(name)") }
        let file = try parse(text)
        #expect(file.site == nil && file.key == nil && file.theme == nil && file.highlight == nil)
        #expect(StacktermSettings(options: try StacktermOptions.parse([]), environment: [:], file: file).highlightsCode)
        #expect(file.keymap == Keymap())
        // Every commented setting, uncommented, is a valid file too.
        let uncommented = text.split(separator: "\n").map { line in
            let isSetting = line.range(of: "^# [a-z_]+ = ", options: .regularExpression) != nil
            let setting = (isSetting || line.hasPrefix("# [keys.") || line == "# [theme]") && !line.hasPrefix("# key = ")
            return setting ? String(line.dropFirst(2)) : String(line)
        }.joined(separator: "\n")
        #expect(throws: Never.self) { try parse(uncommented.replacingOccurrences(of: "\ntheme = \"dark\"", with: "\n")) }

        let directory = try TemporaryDirectory()
        let path = directory.path + "/stackterm/config.toml"
        #expect(DefaultConfigWriter.write(to: path) == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        try "site = \"mine\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(DefaultConfigWriter.write(to: path) == "\(path) exists; not overwritten")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "site = \"mine\"\n")
    }

    @Test func theDocumentedFullExampleIsAValidFileThatSetsEveryKey() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/CONFIG.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "```toml\n"))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        let example = String(text[start.upperBound..<end.lowerBound])
        let file = try parse(example)
        #expect(file.site != nil && file.tags != nil && file.sort != nil && file.pageSize != nil && file.apiBase != nil)
        #expect(file.key != nil && file.theme != nil && file.browser != nil && file.copyCommand != nil)
        #expect(file.rateLimit != nil && file.freshnessMinutes != nil && file.cacheSizeMegabytes != nil)
        #expect(!file.bindings.general.isEmpty && file.bindings.screens.count == 2)
        for key in ConfigFileParser.topLevelKeys { #expect(("\n" + example).contains("\n\(key) = ") || example.contains("[\(key)]"), "\(key)") }
    }

    @Test func theMouseAndTheOSC52CapAreRead() throws {
        let file = try parse("mouse = false\n[copy]\nosc52_max_bytes = 5000\n")
        #expect(file.mouse == false && file.osc52MaxBytes == 5000)
        #expect(throws: ConfigError.self) { try parse("mouse = \"no\"\n") }
        #expect(throws: ConfigError.self) { try parse("[copy]\nosc52_max_bytes = 10\n") }
        #expect(throws: ConfigError.self) { try parse("[copy]\nosc52 = 5000\n") }
        let keys = try parse("[keys]\npage_down = [\"ctrl-down\", \"shift-pgdn\"]\n")
        #expect(keys.keymap.action(for: .modified(.down, .control), on: .list) == .pageDown)
        #expect(keys.keymap.action(for: .modified(.pageDown, .shift), on: .list) == .pageDown)
    }

    @Test func suggestionsComeOnlyForNearNames() {
        #expect(NameSuggestion.nearest(to: "pagesize", among: ["page_size", "site"]) == "page_size")
        #expect(NameSuggestion.nearest(to: "colour", among: ["page_size", "site"]) == nil)
        #expect(NameSuggestion.distance(Array("kitten"), Array("sitting")) == 3)
    }
}

/// A directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
