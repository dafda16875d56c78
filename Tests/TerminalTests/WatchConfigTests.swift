import Browser
import Foundation
@testable import StacktermCLI
import Testing

/// `[watch]` in the config file (issue 30): every key read, bad values refused in one line naming the line.
struct WatchConfigTests {
    func parse(_ text: String) throws(ConfigError) -> ConfigFile {
        try ConfigFileParser.parse(text, path: "/c/config.toml")
    }

    @Test func everyKeyIsRead() throws {
        let file = try parse("""
            site = "superuser"
            [watch]
            tags = ["Swift", "unix:bash", "swift"]
            interval_minutes = 5
            quota_floor = 100
            notify = "osc777"
            notify_command = "notify-send"
            """)
        let watch = try #require(file.watch)
        #expect(watch.tags == [.init(site: nil, tag: "swift"), .init(site: "unix", tag: "bash")])
        #expect(watch.tagsBySite(defaultSite: "superuser") == ["superuser": ["swift"], "unix": ["bash"]])
        #expect(watch.intervalMinutes == 5 && watch.quotaFloor == 100)
        #expect(watch.notify == .osc777 && watch.notifyCommand == "notify-send")
        #expect(watch.settings.floor(quotaMax: 10_000) == 100)
    }

    @Test func theDefaultsAreTwoMinutesATenthOfTheQuotaAndAuto() throws {
        let watch = try #require(try parse("[watch]\ntags = \"rust\"\n").watch)
        #expect(watch.intervalMinutes == 2 && watch.quotaFloor == nil && watch.notify == .auto && watch.notifyCommand == nil)
        #expect(watch.settings.floor(quotaMax: 300) == 30)
        #expect(try parse("site = \"unix\"\n").watch == nil)
    }

    @Test(arguments: [
        ("[watch]\ninterval_minutes = 0", 2, "watch.interval_minutes must be between 1 and 1440, not 0"),
        ("[watch]\n\ninterval_minutes = \"2\"", 3, "watch.interval_minutes must be an integer, not a string"),
        ("[watch]\nquota_floor = -1", 2, "watch.quota_floor must be between 0 and 10000"),
        ("[watch]\nnotify = \"toast\"", 2, "notify must be one of \"auto\", \"osc9\", \"osc777\", \"osc99\", \"bell\", \"none\", not \"toast\""),
        ("[watch]\nnotify_command = \" \"", 2, "notify_command must not be empty"),
        ("[watch]\ntags = [\"swift ui\"]", 2, "watch.tags must be tags without spaces"),
        ("[watch]\ntags = [\"unix:\"]", 2, "watch.tags must be tags without spaces"),
        ("[watch]\ntags = [\"super user:bash\"]", 2, "names no site before the colon"),
        ("[watch]\ntags = [1]", 2, "watch.tags must be an array of strings"),
        ("[watch]\ninterval = 2", 2, "unknown key \"interval\" in [watch]"),
        ("watch = 2", 1, "watch must be a table"),
    ] as [(String, Int, String)])
    func badValuesAreOneLineNamingTheLine(text: String, line: Int, message: String) {
        do {
            _ = try parse(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.message.contains(message), "\(error.message)")
            #expect(!error.description.contains("\n"))
        }
    }
}
