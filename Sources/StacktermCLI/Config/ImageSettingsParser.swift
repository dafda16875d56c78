import Images
import TOMLKit

/// Reads `[images]`: `mode`, `max_rows`, `blocks` and `viewer`, each checked with a one-line error naming its line.
struct ImageSettingsParser {
    static let keys = ["mode", "max_rows", "blocks", "viewer", "hosts"]

    let parser: ConfigFileParser

    func read(_ value: any TOMLValueConvertible) throws(ConfigError) -> ImageSettings {
        let table = try parser.table(value, "images")
        var settings = ImageSettings()
        for (key, value) in table {
            let path = "images." + key
            switch key {
            case "mode":
                let name = try parser.string(value, path)
                guard let mode = ImageMode(rawValue: name) else { throw parser.error(path, "mode must be one of \(Self.names(ImageMode.allCases.map(\.rawValue))), not \"\(name)\"") }
                settings.mode = mode
            case "max_rows":
                settings.maxRows = try ConfigValidation.range(parser.integer(value, path), ImageSettings.maxRowsRange, at: path, parser: parser)
            case "blocks":
                let name = try parser.string(value, path)
                guard let style = BlockStyle(rawValue: name) else { throw parser.error(path, "blocks must be one of \(Self.names(BlockStyle.allCases.map(\.rawValue))), not \"\(name)\"") }
                settings.blocks = style
            case "viewer":
                let command = try parser.string(value, path)
                guard !command.trimmingCharacters(in: .whitespaces).isEmpty else { throw parser.error(path, "viewer must not be empty") }
                settings.viewer = command
            case "hosts":
                let hosts = try parser.strings(value, path)
                for host in hosts where host.isEmpty || host.contains(where: { $0 == "/" || $0 == ":" || $0 == " " }) {
                    throw parser.error(path, "hosts must be host names (i.imgur.com), not \"\(host)\"")
                }
                settings.hosts = hosts.map { $0.lowercased() }
            default: throw parser.unknown(key, among: Self.keys, in: "images")
            }
        }
        return settings
    }

    private static func names(_ list: [String]) -> String { list.map { "\"\($0)\"" }.joined(separator: ", ") }
}
