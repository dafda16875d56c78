public import Browser
public import Foundation

/// Opens a URL with `$BROWSER` or `xdg-open`, never stalling: each `o` starts its own child and nothing waits for it.
///
/// `$BROWSER` may list several commands separated by `:`; the first one found on `PATH` is used, and
/// a `%s` in it is replaced by the URL (else the URL is the last argument). A graphical opener runs in
/// the background with its output sent to /dev/null, so it cannot scribble over the screen, and its
/// exit status is reported when it comes. A text browser (`w3m`, `lynx`, …) needs the terminal: it runs
/// in the foreground through `ForegroundProgram`, as tig runs an external program. Only `http` and
/// `https` links are ever opened.
public struct URLOpener: URLOpening {
    private let environment: [String: String]
    private let foreground: ForegroundProgram?

    /// The browsers that draw in the terminal and so must run in the foreground.
    public static let textBrowsers: Set<String> = ["w3m", "lynx", "links", "links2", "elinks", "browsh", "carbonyl"]

    /// `environment` supplies `BROWSER` and `PATH` (the process's own by default); `foreground` runs text browsers.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, foreground: ForegroundProgram? = nil) {
        self.environment = environment
        self.foreground = foreground
    }

    public func open(_ url: String, completion: @escaping @MainActor @Sendable (String?) -> Void) {
        guard Self.isWebLink(url) else {
            return Self.report("not opening a link that is not http or https", to: completion)
        }
        guard let command = Self.command(for: url, environment: environment) else {
            return Self.report("cannot open a browser: set $BROWSER or install xdg-open", to: completion)
        }
        if Self.isTextBrowser(command[0]), let foreground {
            let environment = environment
            // On the next turn of the main queue, so the key that asked for it has been drawn and handled.
            DispatchQueue.main.async {
                MainActor.assumeIsolated { completion(foreground.run(command, environment: environment)) }
            }
            return
        }
        launch(command, completion: completion)
    }

    /// True for an absolute `http` or `https` URL with a host: the only links stackterm hands to a browser.
    public static func isWebLink(_ url: String) -> Bool {
        guard !url.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }),
              let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { return false }
        return true
    }

    /// Whether `executable` (a path or a name) is a browser that draws in the terminal.
    public static func isTextBrowser(_ executable: String) -> Bool {
        textBrowsers.contains((executable as NSString).lastPathComponent)
    }

    /// The command line that would open `url`, or nil when neither `$BROWSER` nor `xdg-open` is found.
    public static func command(for url: String, environment: [String: String]) -> [String]? {
        let path = environment["PATH"] ?? ""
        var candidates: [[String]] = []
        if let browser = environment["BROWSER"] {
            for entry in browser.split(separator: ":") {
                let words = entry.split(separator: " ").map(String.init)
                guard !words.isEmpty else { continue }
                let arguments = words.contains { $0.contains("%s") }
                    ? words.map { $0.replacingOccurrences(of: "%s", with: url) } : words + [url]
                candidates.append(arguments)
            }
        }
        candidates.append(["xdg-open", url])
        for candidate in candidates {
            if let executable = resolve(candidate[0], path: path) {
                return [executable] + candidate.dropFirst()
            }
        }
        return nil
    }

    /// Starts a graphical opener in the background; its exit status reaches `completion` whenever it comes.
    private func launch(_ command: [String], completion: @escaping @MainActor @Sendable (String?) -> Void) {
        let name = (command[0] as NSString).lastPathComponent
        switch ChildSpawn.start(command, environment: environment, input: .nullDevice, output: .nullDevice, error: .nullDevice) {
        case .failure(let error):
            Self.report("cannot run \(command[0]): \(error)", to: completion)
        case .success(let pid):
            // A thread of its own waits for it: an opener that never exits holds up nothing else.
            Thread.detachNewThread {
                switch ChildSpawn.waitForExit(pid) {
                case .success(0): Self.report(nil, to: completion)
                case .success(let status): Self.report("\(name) exited with status \(status)", to: completion)
                case .failure(let error): Self.report("\(name): \(error)", to: completion)
                }
            }
        }
    }

    private static func report(_ error: String?, to completion: @escaping @MainActor @Sendable (String?) -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { completion(error) } }
    }

    /// The full path of `name`: itself when it holds a `/`, else the first executable match on `path`.
    static func resolve(_ name: String, path: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
