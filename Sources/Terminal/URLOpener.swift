public import Browser
public import Foundation

/// Opens a URL with `$BROWSER` or `xdg-open` in a child process, never blocking the main queue.
///
/// `$BROWSER` may list several commands separated by `:`; the first one found on `PATH` is used, and
/// a `%s` in it is replaced by the URL (else the URL is the last argument). The child's output goes
/// to /dev/null so it cannot scribble over the screen.
public struct URLOpener: URLOpening {
    private let environment: [String: String]
    private let queue = DispatchQueue(label: "stackterm.url-opener")

    /// `environment` supplies `BROWSER` and `PATH` (the process's own by default).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    public func open(_ url: String, completion: @escaping @MainActor @Sendable (String?) -> Void) {
        let environment = environment
        queue.async {
            let error = Self.run(url, environment: environment)
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(error) } }
        }
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

    /// Runs the opener and waits for it (on the opener's own queue); returns a one-line error or nil.
    private static func run(_ url: String, environment: [String: String]) -> String? {
        guard let command = command(for: url, environment: environment) else {
            return "cannot open a browser: set $BROWSER or install xdg-open"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            return "cannot run \(command[0]): \(error.localizedDescription)"
        }
        finished.wait()
        let name = (command[0] as NSString).lastPathComponent
        return process.terminationStatus == 0 ? nil : "\(name) exited with status \(process.terminationStatus)"
    }

    /// The full path of `name`: itself when it holds a `/`, else the first executable match on `path`.
    private static func resolve(_ name: String, path: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
