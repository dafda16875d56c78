public import Foundation

/// The names of filters stackterm made (`/filters/create`), kept between launches so that a `--print` costs one request,
/// not two, and a question's detail one, not two (`EmbeddedAnswersFilter`).
///
/// The API's filters never expire ("an application can safely bake in any filters that are created"), but its name
/// is only known once `/filters/create` has answered, and only for the API that made it: it is kept per API host
/// (without the port, as the cache keys are) and per field list, in a small file beside the cache. A name the API
/// refuses (`bad_parameter: filter`) is made again.
public struct KeptFilter: Sendable {
    public let file: URL

    public init(cacheDirectory: URL) {
        file = cacheDirectory.appendingPathComponent("shell-filter.txt", isDirectory: false)
    }

    /// What the file's line for `host`, `base` and `fields` starts with (the base named unless it is `default`).
    static func key(host: String, base: String, fields: [String]) -> String {
        host.lowercased() + " " + (base == "default" ? "" : base + ":") + fields.joined(separator: ";") + " "
    }

    /// The name kept for `host` and the filter of `base` plus `fields`, if one is.
    public func name(host: String, base: String = "default", fields: [String]) -> String? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        let key = Self.key(host: host, base: base, fields: fields)
        return text.split(separator: "\n").first { $0.hasPrefix(key) }.map { String($0.dropFirst(key.count)) }
            .flatMap { $0.isEmpty || $0.contains(" ") ? nil : $0 }
    }

    /// Keeps `name` for `host` and the filter of `base` plus `fields`, replacing what was kept for them (the file is the
    /// cache's: private); nil forgets it.
    public func keep(_ name: String?, host: String, base: String = "default", fields: [String]) {
        let key = Self.key(host: host, base: base, fields: fields)
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let others = text.split(separator: "\n").filter { !$0.hasPrefix(key) }.map(String.init)
        let lines = others + (name.map { [key + $0] } ?? [])
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: file.path, contents: Data((lines.joined(separator: "\n") + "\n").utf8),
                                       attributes: [.posixPermissions: 0o600])
    }
}
