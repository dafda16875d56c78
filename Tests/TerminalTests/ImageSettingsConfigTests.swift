import Images
@testable import StacktermCLI
import Testing

/// `[images]` in the config file: read, checked with the file and line, printed, and in the default file.
struct ImageSettingsConfigTests {
    func parse(_ text: String) throws(ConfigError) -> ConfigFile { try ConfigFileParser.parse(text, path: "/c/config.toml") }

    func settings(_ file: ConfigFile?, environment: [String: String] = [:]) throws -> StacktermSettings {
        StacktermSettings(options: try StacktermOptions.parse([]), environment: environment, file: file)
    }

    @Test func everyKeyIsRead() throws {
        let file = try parse("site = \"unix\"\n\n[images]\nmode = \"sixel\"\nmax_rows = 12\nblocks = \"sextant\"\nviewer = \"feh\"\n")
        let images = try #require(file.images)
        #expect(images.mode == .sixel && images.maxRows == 12 && images.blocks == .sextant && images.viewer == "feh")
    }

    @Test func theDefaultsAreAutoTwentyRowsAndHalfBlocks() throws {
        let images = try settings(nil).images
        #expect(images.mode == .auto && images.maxRows == 20 && images.blocks == .half && images.viewer == nil)
    }

    @Test(arguments: [
        ("[images]\nmode = \"pixels\"", 2, "mode must be one of \"auto\", \"kitty\", \"sixel\", \"iterm\", \"blocks\", \"none\", not \"pixels\""),
        ("[images]\n\nmax_rows = 0", 3, "images.max_rows must be between 1 and 200, not 0"),
        ("[images]\nmax_rows = \"20\"", 2, "images.max_rows must be an integer, not a string"),
        ("[images]\nblocks = \"braille\"", 2, "blocks must be one of \"half\", \"quadrant\", \"sextant\", not \"braille\""),
        ("[images]\nviewer = \"  \"", 2, "viewer must not be empty"),
        ("[images]\nmax_row = 3", 2, "unknown key \"max_row\" in [images] (did you mean \"max_rows\"?)"),
        ("images = 3", 1, "images must be a table, not an integer"),
    ])
    func aBadValueIsOneLineWithTheFileAndLine(text: String, line: Int, message: String) {
        #expect(throws: ConfigError(path: "/c/config.toml", line: line, message: message)) { try parse(text) }
    }

    @Test func printConfigSaysTheSettingsAndTheFormAndReadsBack() throws {
        let printed = ConfigPrinter.effective(try settings(parse("[images]\nmax_rows = 9\nviewer = \"feh\"\n")))
        #expect(printed.contains("\n[images]\nmode = \"auto\"\n# form: auto (asked of the terminal when the browser starts)\nmax_rows = 9\nblocks = \"half\"\nviewer = \"feh\"\n"))
        let again = try settings(parse(printed)).images
        #expect(again.maxRows == 9 && again.viewer == "feh")

        let kitty = ConfigPrinter.effective(try settings(parse("[images]\nmode = \"kitty\"\n")))
        #expect(kitty.contains("mode = \"kitty\"\n# form: kitty\n"))
        #expect(ConfigPrinter.effective(try settings(nil)).contains("# viewer is not set"))
    }

    @Test func theDefaultFileHasTheSectionCommentedAtItsDefaults() throws {
        let text = ConfigPrinter.defaultFile()
        for line in ["[images]", "# mode = \"auto\"", "# max_rows = 20", "# blocks = \"half\"", "# viewer = \"feh\""] {
            #expect(text.contains("\n" + line + "\n"), "\(line)")
        }
        #expect(try parse(text).images == ImageSettings())
    }
}
