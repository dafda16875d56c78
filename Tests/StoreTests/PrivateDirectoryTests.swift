import Foundation
@testable import Store
import Testing

/// The store's directories and files are private (issue 16): 0700 and 0600, and a shared directory is refused.
struct PrivateDirectoryTests {
    func mode(_ path: String) -> Int {
        (((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
    }

    @Test func missingDirectoriesAreCreatedPrivateAndFilesAre0600() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        store.drain()
        #expect(cache.isAvailable)
        #expect(mode(store.paths.cacheDirectory.path) == 0o700)
        #expect(mode(store.paths.cacheDirectory.deletingLastPathComponent().path) == 0o700, "the XDG directory it created too")
        #expect(mode(store.paths.cacheFile.path) == 0o600)
        let personal = store.openPersonal()
        #expect(personal.unavailableReason == nil)
        #expect(mode(store.paths.dataFile.path) == 0o600)
    }

    @Test func anOwnDirectoryWithLooseReadBitsIsTightened() throws {
        let store = try TemporaryStore()
        try FileManager.default.createDirectory(at: store.paths.dataDirectory, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: store.paths.dataDirectory.path)
        #expect(PrivateDirectory.prepare(store.paths.dataDirectory) == nil)
        #expect(mode(store.paths.dataDirectory.path) == 0o700)
    }

    @Test func aDirectoryOthersCanWriteIsRefusedInOneLine() throws {
        let store = try TemporaryStore()
        try FileManager.default.createDirectory(at: store.paths.dataDirectory, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: store.paths.dataDirectory.path)
        let reason = try #require(PrivateDirectory.prepare(store.paths.dataDirectory))
        #expect(reason.contains("can be written by others") && !reason.contains("\n"))
        let personal = store.openPersonal()
        #expect(personal.unavailableReason?.contains("can be written by others") == true, "\(personal.unavailableReason ?? "")")
    }

    @Test func aSymlinkToADirectorySomeoneElseOwnsIsRefused() throws {
        let store = try TemporaryStore()
        try FileManager.default.createDirectory(at: store.paths.dataDirectory.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Someone else's directory: as root (CI), one given to `nobody`; otherwise `/`, which root owns.
        let target: String
        if geteuid() == 0 {
            target = store.root.appendingPathComponent("nobodys").path
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            #expect(chown(target, 65534, 65534) == 0)
        } else {
            target = "/"
        }
        try FileManager.default.createSymbolicLink(atPath: store.paths.dataDirectory.path, withDestinationPath: target)
        let reason = try #require(PrivateDirectory.prepare(store.paths.dataDirectory))
        #expect(reason.contains("is a symlink to a directory owned by someone else"), "\(reason)")
        #expect(store.openPersonal().unavailableReason?.contains("owned by someone else") == true)
    }

    @Test func aSymlinkToNothingIsRefused() throws {
        let store = try TemporaryStore()
        try FileManager.default.createDirectory(at: store.paths.dataDirectory.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: store.paths.dataDirectory.path, withDestinationPath: "/nonexistent/stackterm")
        #expect(PrivateDirectory.prepare(store.paths.dataDirectory)?.contains("symlink to nothing") == true)
    }

    /// The directory a path is in, by strings alone (`parent(of:)`, the launch's opens), as `URL` has it.
    @Test func aPathsParentIsWhatURLSays() {
        for path in ["/a/b/c.sqlite", "/a/b/", "/a//b", "/a", "/", "a/b", "b", "/a/b//"] {
            let expected = path.hasPrefix("/") ? URL(fileURLWithPath: path).deletingLastPathComponent().path : nil
            let parent = PrivateDirectory.parent(of: path)
            if let expected {
                #expect(parent == (expected.count > 1 && expected.hasSuffix("/") ? String(expected.dropLast()) : expected), "\(path)")
            }
        }
        #expect(PrivateDirectory.parent(of: "b") == ".")
        #expect(PrivateDirectory.parent(of: "a/b") == "a")
        #expect(PrivateDirectory.parent(of: "/") == "/")
    }

    @Test func aDirectoryMadeByPathIsMadeWithItsParentsPrivate() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-private-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(PrivateDirectory.prepare(path: root + "/x/y/") == nil)
        #expect(mode(root + "/x/y") == 0o700)
        #expect(mode(root + "/x") == 0o700)
        PrivateDirectory.prepareFile(path: root + "/x/y/f")
        #expect(mode(root + "/x/y/f") == 0o600)
    }
}
