public import Foundation
import Testing

/// Whether the running test bundle was built from the test sources as they are now.
///
/// `swift test --skip-build`, and a bundle run by itself (scripts/test's suites beside the others), run whatever
/// was built last. After an edit whose build failed (a compiler crash) or never ran, the tests that run are the ones
/// from before the edit: a wait just rewritten, with a print in its condition, "passes" without the print ever
/// showing, and a test changed to fail passes. So the harness refuses a bundle older than a test source: the waits
/// (`eventually`) and the tmux runs record it as the test's failure instead of running stale code.
public enum TestBundleFreshness {
    /// The test source under `sources` changed most recently after `bundle` was built, if one was; nil when `bundle`
    /// is as new as every one (or cannot be read).
    public static func newerSource(than bundle: URL, in sources: URL) -> URL? {
        guard let built = modified(bundle) else { return nil }
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: [.contentModificationDateKey])
        var newest: (url: URL, date: Date)?
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift", let changed = modified(file), changed > built else { continue }
            if newest.map({ changed > $0.date }) ?? true { newest = (file, changed) }
        }
        return newest?.url
    }

    /// What is wrong with the running bundle, found once per process: nil when it was built after every test source
    /// was last changed (or when the sources are not beside it, as for a bundle copied elsewhere).
    public static let problem: String? = {
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        // This file is Tests/TestSupport/TestBundleFreshness.swift: the test sources are two directories up.
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: tests.path),
              let source = newerSource(than: bundle, in: tests) else { return nil }
        return "the test bundle \(bundle.lastPathComponent) is older than \(source.path): these are not the tests as "
            + "written; build them first (swift build --build-tests)"
    }()

    /// Records `problem` as a failure of the test running, if there is one.
    public static func check() {
        if let problem { Issue.record(Comment(rawValue: problem)) }
    }

    private static func modified(_ url: URL) -> Date? {
        (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
    }
}
