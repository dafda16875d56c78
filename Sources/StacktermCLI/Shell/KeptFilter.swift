public import Foundation

/// The shell's filter name, kept between launches so that a `--print` costs one request, not two.
///
/// The API's filters never expire ("an application can safely bake in any filters that are created"), but its name
/// is only known once `/filters/create` has answered, and only for the API that made it: it is kept per API host
/// (without the port, as the cache keys are) and per field list, in a small file beside the cache. A name the API
/// refuses (`bad_parameter: filter`) is made again.
public struct KeptFilter: Sendable {
    public let file: URL

    public init(cacheDirectory: URL) {
        file = cacheDirectory.appendingPathComponent("shell-filter.txt")
    }

    /// What the file's line for `host` and `fields` starts with.
    static func key(host: String, fields: [String]) -> String {
        host.lowercased() + " " + fields.joined(separator: ";") + " "
    }

    /// The name kept for `host` and `fields`, if one is.
    public func name(host: String, fields: [String]) -> String? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        let key = Self.key(host: host, fields: fields)
        return text.split(separator: "\n").first { $0.hasPrefix(key) }.map { String($0.dropFirst(key.count)) }
            .flatMap { $0.isEmpty || $0.contains(" ") ? nil : $0 }
    }

    /// Keeps `name` for `host` and `fields`, replacing what was kept for them (the file is the cache's: private).
    public func keep(_ name: String, host: String, fields: [String]) {
        let key = Self.key(host: host, fields: fields)
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let others = text.split(separator: "\n").filter { !$0.hasPrefix(key) }.map(String.init)
        let lines = others + [key + name]
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: file.path, contents: Data((lines.joined(separator: "\n") + "\n").utf8),
                                       attributes: [.posixPermissions: 0o600])
    }
}
