import ArgumentParser
import Browser
import Foundation
import StacktermCLI

/// What the config file adds to startup: reading and checking a full file, merging it, and applying its theme.
///
/// The budget is 5 ms; the ncurses side of a theme (a few `init_pair` calls on first use) is not
/// measurable here and costs microseconds.
enum ConfigBenchmarks {
    static let fullFile = """
        site = "unix"
        tags = ["bash", "sed"]
        sort = "votes"
        page_size = 50
        api_base = "http://127.0.0.1:8080/2.3"
        browser = "firefox"
        copy_command = "wl-copy"
        rate_limit = 5

        [store]
        freshness_minutes = 15
        cache_size_mb = 200

        [theme]
        name = "light"
        title = { fg = "#ffd700", bold = true }
        selected_row = { fg = "black", bg = 214 }
        link = "bright_blue"
        code = 110
        error = { fg = "white", bg = "#d70000" }

        [keys]
        next_page = ["n", "ctrl-f"]
        quit = ["q", "f10"]
        move_down = ["j", "down", "ctrl-n"]
        move_up = ["k", "up", "ctrl-p"]

        [keys.detail]
        copy_code = "alt-y"
        """

    static func register(_ runner: inout BenchmarkRunner) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-bench-config.toml").path
        precondition(FileManager.default.createFile(atPath: path, contents: Data(fullFile.utf8)), "cannot write \(path)")
        // Every style a frame draws, as the views make them: what the terminal resolves through the theme once each.
        let styles = ThemeRole.allCases.flatMap { role in
            CellStyle.Color.allCases.map { CellStyle([.bold], foreground: $0, role: role) }
        } + CellStyle.Color.allCases.map { CellStyle(foreground: $0) }
        runner.run("config: read a full file, merge, apply its theme", units: 1, unit: "startup", target: 5) {
            let options = try! StacktermOptions.parse(["--config", path])
            let resolved = try! StacktermSettings.resolve(options: options, environment: [:])
            let theme = resolved.settings.theme
            var pairs = Set<[Int?]>()
            for style in styles {
                let look = theme.resolve(style)
                pairs.insert([look.foreground.paletteIndex(colorCount: 256), look.background.paletteIndex(colorCount: 256)])
                pairs.insert([look.foreground.paletteIndex(colorCount: 8), look.background.paletteIndex(colorCount: 8)])
            }
            precondition(resolved.settings.site == "unix" && pairs.count > 4, "the file no longer applies")
        }
        runner.run("config: no file (the defaults)", units: 1, unit: "startup") {
            // Nothing at the default path (a `--config` that names no file is an error, not the defaults).
            let options = try! StacktermOptions.parse([])
            let resolved = try! StacktermSettings.resolve(options: options, environment: ["XDG_CONFIG_HOME": path + ".missing"])
            precondition(resolved.settings.site == "stackoverflow", "a missing file changed the defaults")
        }
    }
}
