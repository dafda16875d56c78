public import Browser
public import Foundation
public import StackExchange

/// What a config file says, checked: every value nil where the file does not set it.
public struct ConfigFile: Sendable {
    /// Where it was read from.
    public var path: String
    public var site: String?
    /// `sites = [...]`: the sites a query searches (the first is the one the browser starts on).
    public var sites: [String]?
    public var tags: [String]?
    public var sort: QuestionSort?
    public var pageSize: Int?
    public var apiBase: URL?
    public var key: String?
    /// `client_id`: the app's id on Stack Apps, for `stackterm login`.
    public var clientID: String?
    /// The theme the file names (or `dark`) with its `[theme]` overrides applied; nil when it says nothing.
    public var theme: Theme?
    /// `[keys]`: the keys each listed action is bound to, replacing its defaults.
    public var bindings = KeyBindings()
    /// The keymap the bindings make (checked for conflicts while reading).
    public var keymap = Keymap()
    public var browser: String?
    public var copyCommand: String?
    /// Requests per second at most.
    public var rateLimit: Int?
    /// Seconds a request may take in all, however slowly its answer arrives.
    public var requestDeadline: Int?
    /// `[store] freshness_minutes`.
    public var freshnessMinutes: Int?
    /// `[store] cache_size_mb`.
    public var cacheSizeMegabytes: Int?
    /// `mouse`: false turns mouse reports off.
    public var mouse: Bool?
    /// `[copy] osc52_max_bytes`.
    public var osc52MaxBytes: Int?
    /// `[detail] highlight`: whether code blocks are syntax-highlighted.
    public var highlight: Bool?
    /// `[images]`: the pictures' form, height and viewer.
    public var images: ImageSettings?
    /// `[watch]`: what is watched from the config and how.
    public var watch: WatchConfig?

    public init(path: String) {
        self.path = path
    }

    /// The config file's path: `--config`, else `$XDG_CONFIG_HOME/stackterm/config.toml`, else `~/.config/stackterm/config.toml`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return base + "/stackterm/config.toml"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/stackterm/config.toml"
    }

    /// Reads and checks the file at `path`; nil when there is none (a missing file is no error).
    public static func load(path: String) throws(ConfigError) -> ConfigFile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConfigError(path: path, line: nil, message: "cannot read: \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(path: path, line: nil, message: "not UTF-8 text")
        }
        return try ConfigFileParser.parse(text, path: path)
    }

    /// A warning when the file holds `key` and its group or others may read it (the way ssh treats its keys), else nil.
    public static func permissionWarning(for file: ConfigFile) -> String? {
        guard file.key != nil else { return nil }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
              let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0
        else { return nil }
        return "warning: \(file.path) holds an app key and can be read by others (mode \(String(mode & 0o777, radix: 8))); "
            + "chmod 600 it"
    }
}
