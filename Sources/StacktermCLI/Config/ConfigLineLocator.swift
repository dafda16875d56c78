import Foundation

/// Finds the line a key is written on, since TOMLKit's parsed values carry no source positions.
///
/// A light scan of the text: `[table]` headers set the current table, `key = value` lines (bare or quoted
/// keys, dotted keys) record `table.key` at their line. Good enough for pointing at a line; the parsing
/// itself is TOMLKit's.
struct ConfigLineLocator {
    private var lines: [String: Int] = [:]
    private var tables: [String: Int] = [:]

    init(text: String) {
        var table = ""
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                let name = line.drop { $0 == "[" }.prefix { $0 != "]" }
                table = Self.normalised(String(name))
                if tables[table] == nil { tables[table] = number }
                continue
            }
            guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
            let key = Self.normalised(String(line[..<equals]))
            guard !key.isEmpty else { continue }
            let path = table.isEmpty ? key : table + "." + key
            if lines[path] == nil { lines[path] = number }
        }
    }

    /// The line of `path` (`page_size`, `keys.next_page`), else of its table's header, else nil.
    func line(of path: String) -> Int? {
        if let line = lines[path] { return line }
        var parts = path.split(separator: ".").map(String.init)
        while !parts.isEmpty {
            parts.removeLast()
            let prefix = parts.joined(separator: ".")
            if let line = tables[prefix] ?? lines[prefix] { return line }
        }
        return nil
    }

    /// `a . "b"` as `a.b`.
    private static func normalised(_ key: String) -> String {
        key.split(separator: ".")
            .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
            .joined(separator: ".")
    }
}
