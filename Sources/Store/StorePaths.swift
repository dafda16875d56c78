public import Foundation

/// Where the two database files live, by the XDG base directories.
///
/// Bookmarks and read marks are the person's own data (`$XDG_DATA_HOME/stackterm/data.sqlite`, default
/// `~/.local/share/stackterm/`); cached pages and questions are disposable (`$XDG_CACHE_HOME/stackterm/cache.sqlite`,
/// default `~/.cache/stackterm/`). Deleting the cache can therefore never lose a bookmark.
public struct StorePaths: Sendable, Hashable {
    /// The directory of the user-data database.
    public let dataDirectory: URL
    /// The directory of the cache database.
    public let cacheDirectory: URL
    /// `dataDirectory`'s and `cacheDirectory`'s paths, kept as strings beside them: the launch opens both files by
    /// path (`StoreDatabase.open(path:schema:)`), before anything else needs a `URL`'s `path`.
    private let dataDirectoryText: String
    private let cacheDirectoryText: String

    public init(dataDirectory: URL, cacheDirectory: URL) {
        self.dataDirectory = dataDirectory
        self.cacheDirectory = cacheDirectory
        dataDirectoryText = dataDirectory.path
        cacheDirectoryText = cacheDirectory.path
    }

    /// The paths the XDG variables in `environment` name; relative values are ignored, as the spec says.
    public init(environment: [String: String]) {
        // Each URL says whether it is a directory: without it, Foundation asks the file system (a `stat` each, at
        // every launch, on the main thread).
        dataDirectoryText = Self.dataDirectoryPath(environment: environment)
        cacheDirectoryText = Self.cacheDirectoryPath(environment: environment)
        dataDirectory = URL(fileURLWithPath: dataDirectoryText, isDirectory: true)
        cacheDirectory = URL(fileURLWithPath: cacheDirectoryText, isDirectory: true)
    }

    /// `dataDirectory`'s path for `environment`, worked out with strings alone: a launch asks whether a file is there
    /// (`SignInFile.isKept`) before anything else needs a `URL`, whose first use in a process is costly.
    public static func dataDirectoryPath(environment: [String: String]) -> String {
        let base = absoluteValue(of: "XDG_DATA_HOME", in: environment) ?? joined(home(environment), ".local/share")
        return joined(base, "stackterm")
    }

    /// `cacheDirectory`'s path for `environment`, worked out with strings alone (`dataDirectoryPath`).
    static func cacheDirectoryPath(environment: [String: String]) -> String {
        let base = absoluteValue(of: "XDG_CACHE_HOME", in: environment) ?? joined(home(environment), ".cache")
        return joined(base, "stackterm")
    }

    /// `dataFile`'s path for `environment`, worked out with strings alone: the data file's open begins before anything
    /// else needs a `URL` (`DataFileOpening`).
    public static func dataFilePath(environment: [String: String]) -> String {
        joined(dataDirectoryPath(environment: environment), Self.dataFileName)
    }

    /// `cacheFile`'s path for `environment`, worked out with strings alone: the cache's open begins before anything
    /// else needs a `URL` (`CacheFileOpening`).
    public static func cacheFilePath(environment: [String: String]) -> String {
        joined(cacheDirectoryPath(environment: environment), Self.cacheFileName)
    }

    /// `directory`/`name`, with no doubled slash where `directory` ends in one (as `URL` makes it).
    private static func joined(_ directory: String, _ name: String) -> String {
        var directory = directory
        while directory.hasSuffix("/") { directory.removeLast() }
        return directory + "/" + name
    }

    /// `HOME`, else the account's home directory.
    private static func home(_ environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    /// The value of XDG `variable`, when it is an absolute path (a relative one is ignored, as the spec says).
    private static func absoluteValue(of variable: String, in environment: [String: String]) -> String? {
        environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil }
    }

    /// The two files' names, in their directories.
    private static let dataFileName = "data.sqlite"
    private static let cacheFileName = "cache.sqlite"

    /// `dataFile`'s path, worked out with strings alone.
    public var dataFilePath: String { Self.joined(dataDirectoryText, Self.dataFileName) }
    /// `cacheFile`'s path, worked out with strings alone.
    public var cacheFilePath: String { Self.joined(cacheDirectoryText, Self.cacheFileName) }

    /// The user-data database: bookmarks and read marks.
    public var dataFile: URL { dataDirectory.appendingPathComponent(Self.dataFileName, isDirectory: false) }
    /// The cache database: pages and questions.
    public var cacheFile: URL { cacheDirectory.appendingPathComponent(Self.cacheFileName, isDirectory: false) }
    /// Where imported data dumps live, one file a site (the person's data: never pruned, never the cache).
    public var sitesDirectory: URL { dataDirectory.appendingPathComponent("sites", isDirectory: true) }
    /// The imported copy of `site`.
    public func importedSiteFile(_ site: String) -> URL { sitesDirectory.appendingPathComponent("\(site).sqlite", isDirectory: false) }
    /// The import of `site` under way (renamed to `importedSiteFile` once complete).
    public func partialSiteFile(_ site: String) -> URL {
        sitesDirectory.appendingPathComponent("\(site).sqlite.partial", isDirectory: false)
    }
}
