import Foundation
import TestSupport
import Testing

/// A test bundle older than a test source is found and named, so a run of stale tests fails instead of passing.
struct TestBundleFreshnessTests {
    static func file(_ name: String, in directory: URL, modified: Date) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: url)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
        return url
    }

    @Test func theNewestSourceChangedAfterTheBundleIsNamed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("freshness-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let built = Date(timeIntervalSince1970: 1_800_000_000)
        let bundle = try Self.file("bundle.xctest", in: root, modified: built)
        let sources = root.appendingPathComponent("Tests")
        _ = try Self.file("A/Old.swift", in: sources, modified: built - 60)
        #expect(TestBundleFreshness.newerSource(than: bundle, in: sources) == nil)
        // Only Swift sources count: a fixture written later does not make the bundle stale.
        _ = try Self.file("Fixtures/page.json", in: sources, modified: built + 60)
        #expect(TestBundleFreshness.newerSource(than: bundle, in: sources) == nil)
        _ = try Self.file("A/Edited.swift", in: sources, modified: built + 30)
        let newest = try Self.file("B/Deeper/Newest.swift", in: sources, modified: built + 90)
        #expect(TestBundleFreshness.newerSource(than: bundle, in: sources)?.lastPathComponent == newest.lastPathComponent)
    }

    /// The bundle running these tests was built after its sources were last changed (a run after
    /// `swift build --build-tests`); after an edit that was not built, this and every wait fail, naming the file.
    @Test func theRunningBundleIsAsNewAsItsSources() {
        #expect(TestBundleFreshness.problem == nil, "\(TestBundleFreshness.problem ?? "")")
    }
}
