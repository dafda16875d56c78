import Browser
import TOMLKit

/// Reads `[watch]`: `tags`, `interval_minutes`, `quota_floor`, `notify` and `notify_command`, each checked with a
/// one-line error naming its line.
struct WatchConfigParser {
    static let keys = ["tags", "interval_minutes", "quota_floor", "notify", "notify_command"]

    let parser: ConfigFileParser

    func read(_ value: any TOMLValueConvertible) throws(ConfigError) -> WatchConfig {
        let table = try parser.table(value, "watch")
        var config = WatchConfig()
        for (key, value) in table {
            let path = "watch." + key
            switch key {
            case "tags": config.tags = try tags(parser.strings(value, path), at: path)
            case "interval_minutes":
                config.intervalMinutes = try ConfigValidation.range(parser.integer(value, path), 1...1_440, at: path, parser: parser)
            case "quota_floor":
                config.quotaFloor = try ConfigValidation.range(parser.integer(value, path), 0...10_000, at: path, parser: parser)
            case "notify":
                let name = try parser.string(value, path)
                guard let method = NotificationMethod(rawValue: name) else {
                    let names = NotificationMethod.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                    throw parser.error(path, "notify must be one of \(names), not \"\(name)\"")
                }
                config.notify = method
            case "notify_command":
                let command = try parser.string(value, path)
                guard !command.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw parser.error(path, "notify_command must not be empty")
                }
                config.notifyCommand = command
            default: throw parser.unknown(key, among: Self.keys, in: "watch")
            }
        }
        return config
    }

    /// `tag` or `site:tag`, each a tag without spaces on a site named the way `site` is.
    private func tags(_ list: [String], at path: String) throws(ConfigError) -> [WatchConfig.WatchedTag] {
        var tags: [WatchConfig.WatchedTag] = []
        for entry in list {
            let parts = entry.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let (site, tag) = parts.count == 2 ? (Optional(parts[0]), parts[1]) : (nil, parts[0])
            if let site, !ConfigValidation.isSiteName(site) {
                throw parser.error(path, "watch.tags: \"\(entry)\" names no site before the colon (write \"site:tag\", as \"unix:bash\")")
            }
            guard !tag.isEmpty, !tag.contains(where: { $0.isWhitespace || $0 == ";" }) else {
                throw parser.error(path, "watch.tags must be tags without spaces, as \"swift\" or \"unix:bash\", not \"\(entry)\"")
            }
            let watched = WatchConfig.WatchedTag(site: site, tag: tag.lowercased())
            if !tags.contains(watched) { tags.append(watched) }
        }
        return tags
    }
}
