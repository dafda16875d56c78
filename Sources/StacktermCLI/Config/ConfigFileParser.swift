import Browser
import Foundation
import StackExchange
import TOMLKit

/// Turns a config file's text into a checked `ConfigFile`, or the first problem as a `ConfigError`.
///
/// TOMLKit parses; this checks every key against what stackterm knows, every value's type and range,
/// and the `[keys]` and `[theme]` tables, naming the line of each problem.
struct ConfigFileParser {
    /// The top-level keys and tables, in the order `--print-config` writes them.
    static let topLevelKeys = [
        "site", "sites", "tags", "sort", "page_size", "api_base", "key", "client_id", "theme", "browser", "copy_command", "rate_limit",
        "request_deadline",
        "mouse", "store", "copy", "detail", "images", "keys", "watch",
    ]
    static let storeKeys = ["freshness_minutes", "cache_size_mb"]
    static let copyKeys = ["osc52_max_bytes"]
    static let detailKeys = ["highlight"]
    static let styleKeys = ["fg", "bg", "bold", "dim", "reverse", "underline"]

    let path: String
    let locator: ConfigLineLocator

    static func parse(_ text: String, path: String) throws(ConfigError) -> ConfigFile {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(path: path, line: error.source.begin.line, message: "syntax error: \(error.description)")
        } catch {
            throw ConfigError(path: path, line: nil, message: "syntax error: \(error)")
        }
        return try ConfigFileParser(path: path, locator: ConfigLineLocator(text: text)).read(table)
    }

    func error(_ key: String, _ message: String) -> ConfigError {
        ConfigError(path: path, line: locator.line(of: key), message: message)
    }

    private func read(_ table: TOMLTable) throws(ConfigError) -> ConfigFile {
        var file = ConfigFile(path: path)
        for (key, value) in table {
            switch key {
            case "site": file.site = try ConfigValidation.site(string(value, key), at: key, parser: self)
            case "sites": file.sites = try sites(value)
            case "tags": file.tags = try tags(value)
            case "sort": file.sort = try ConfigValidation.sort(string(value, key), at: key, parser: self)
            case "page_size": file.pageSize = try ConfigValidation.pageSize(integer(value, key), at: key, parser: self)
            case "api_base": file.apiBase = try ConfigValidation.apiBase(string(value, key), at: key, parser: self)
            case "key":
                let text = try string(value, key)
                file.key = text.isEmpty ? nil : text
            case "client_id":
                let text = try nonEmpty(string(value, key), key)
                guard text.allSatisfy(\.isNumber) else { throw error(key, "client_id must be the number Stack Apps gave your app, not \"\(text)\"") }
                file.clientID = text
            case "theme": file.theme = try theme(value)
            case "browser": file.browser = try nonEmpty(string(value, key), key)
            case "copy_command": file.copyCommand = try nonEmpty(string(value, key), key)
            case "rate_limit": file.rateLimit = try ConfigValidation.rateLimit(integer(value, key), at: key, parser: self)
            case "request_deadline":
                file.requestDeadline = try ConfigValidation.range(integer(value, key), 5...600, at: key, parser: self)
            case "mouse": file.mouse = try bool(value, key)
            case "store": try readStore(value, into: &file)
            case "copy": try readCopy(value, into: &file)
            case "detail": try readDetail(value, into: &file)
            case "images": file.images = try ImageSettingsParser(parser: self).read(value)
            case "keys": (file.bindings, file.keymap) = try KeyBindingsParser(parser: self).read(value)
            case "watch": file.watch = try WatchConfigParser(parser: self).read(value)
            default: throw unknown(key, among: Self.topLevelKeys, in: nil)
            }
        }
        return file
    }

    private func readStore(_ value: any TOMLValueConvertible, into file: inout ConfigFile) throws(ConfigError) {
        let store = try table(value, "store")
        for (key, value) in store {
            let path = "store." + key
            switch key {
            case "freshness_minutes":
                file.freshnessMinutes = try ConfigValidation.range(integer(value, path), 0...10_080, at: path, parser: self)
            case "cache_size_mb":
                file.cacheSizeMegabytes = try ConfigValidation.range(integer(value, path), 1...100_000, at: path, parser: self)
            default: throw unknown(key, among: Self.storeKeys, in: "store")
            }
        }
    }

    private func readCopy(_ value: any TOMLValueConvertible, into file: inout ConfigFile) throws(ConfigError) {
        let copy = try table(value, "copy")
        for (key, value) in copy {
            let path = "copy." + key
            switch key {
            case "osc52_max_bytes":
                file.osc52MaxBytes = try ConfigValidation.range(integer(value, path), 1_000...100_000_000, at: path, parser: self)
            default: throw unknown(key, among: Self.copyKeys, in: "copy")
            }
        }
    }

    private func readDetail(_ value: any TOMLValueConvertible, into file: inout ConfigFile) throws(ConfigError) {
        let detail = try table(value, "detail")
        for (key, value) in detail {
            switch key {
            case "highlight": file.highlight = try bool(value, "detail.highlight")
            default: throw unknown(key, among: Self.detailKeys, in: "detail")
            }
        }
    }

    /// `sites = [...]`: the sites a query from the command line searches, at least one.
    private func sites(_ value: any TOMLValueConvertible) throws(ConfigError) -> [String] {
        let list = try strings(value, "sites")
        guard !list.isEmpty else { throw error("sites", "sites must name at least one site") }
        for site in list { _ = try ConfigValidation.site(site, at: "sites", parser: self) }
        return list
    }

    private func tags(_ value: any TOMLValueConvertible) throws(ConfigError) -> [String] {
        let list = try strings(value, "tags")
        for tag in list where tag.isEmpty || tag.contains(where: \.isWhitespace) {
            throw error("tags", "tags must be tags without spaces, not \"\(tag)\"")
        }
        return list
    }

    private func theme(_ value: any TOMLValueConvertible) throws(ConfigError) -> Theme {
        if value.type == .string { return try ThemeParser(parser: self).named(value.string ?? "", at: "theme") }
        guard value.type == .table, let table = value.table else {
            throw wrongType("theme", expected: "a theme name or a table", value)
        }
        return try ThemeParser(parser: self).read(table)
    }

    // MARK: - Types

    func unknown(_ key: String, among known: [String], in table: String?) -> ConfigError {
        let path = table.map { $0 + "." + key } ?? key
        let place = table.map { " in [\($0)]" } ?? ""
        return error(path, "unknown key \"\(key)\"\(place)" + NameSuggestion.hint(for: key, among: known))
    }

    func wrongType(_ key: String, expected: String, _ value: any TOMLValueConvertible) -> ConfigError {
        error(key, "\(key) must be \(expected), not \(Self.article(value.type))")
    }

    func string(_ value: any TOMLValueConvertible, _ key: String) throws(ConfigError) -> String {
        guard value.type == .string, let text = value.string else { throw wrongType(key, expected: "a string", value) }
        return text
    }

    func integer(_ value: any TOMLValueConvertible, _ key: String) throws(ConfigError) -> Int {
        guard value.type == .int, let number = value.int else { throw wrongType(key, expected: "an integer", value) }
        return number
    }

    func bool(_ value: any TOMLValueConvertible, _ key: String) throws(ConfigError) -> Bool {
        guard value.type == .bool, let flag = value.bool else { throw wrongType(key, expected: "true or false", value) }
        return flag
    }

    func table(_ value: any TOMLValueConvertible, _ key: String) throws(ConfigError) -> TOMLTable {
        guard value.type == .table, let table = value.table else { throw wrongType(key, expected: "a table", value) }
        return table
    }

    /// A string or an array of strings, as an array.
    func strings(_ value: any TOMLValueConvertible, _ key: String) throws(ConfigError) -> [String] {
        if value.type == .string, let text = value.string { return [text] }
        guard value.type == .array, let array = value.array else {
            throw wrongType(key, expected: "a string or an array of strings", value)
        }
        var list: [String] = []
        for element in array {
            guard element.type == .string, let text = element.string else {
                throw wrongType(key, expected: "an array of strings", element)
            }
            list.append(text)
        }
        return list
    }

    private func nonEmpty(_ text: String, _ key: String) throws(ConfigError) -> String {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw error(key, "\(key) must not be empty") }
        return text
    }

    /// "a string", "an integer", "an array"…
    static func article(_ type: TOMLType) -> String {
        let name = type.description
        return ("aeiou".contains(name.first ?? "x") ? "an " : "a ") + name
    }
}
