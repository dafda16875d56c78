import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
@testable import Terminal
import TestSupport
import Testing

/// A program stackterm starts (a text browser, a graphical opener, `copy_command`) holds none of stackterm's
/// descriptors: only its standard input, output and error. Each test opens a descriptor without close-on-exec (as a
/// library's socket or an inherited file would be) and has the child list `/proc/self/fd` through the real spawn path.
@Suite(.serialized)
struct ChildDescriptorTests {
    /// The descriptors `ls -l /proc/self/fd` wrote to `listing`, leaving out the one `ls` reads the listing through.
    static func descriptors(in listing: String) -> Set<Int> {
        var found = Set<Int>()
        for line in listing.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let arrow = words.firstIndex(of: "->"), arrow > 0, let fd = Int(words[arrow - 1]) else { continue }
            let target = words[(arrow + 1)...].joined(separator: " ")
            if target.hasPrefix("/proc/"), target.hasSuffix("/fd") { continue }
            found.insert(fd)
        }
        return found
    }

    /// A temporary directory and the shell command that lists the child's descriptors into a file there.
    static func listingCommand() throws -> (command: String, output: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-fds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let output = directory.appendingPathComponent("fds.txt").path
        return ("exec ls -l /proc/self/fd > '\(output)'", output)
    }

    /// A descriptor open in the test process without close-on-exec; the caller closes it.
    static func leakyDescriptor() throws -> Int32 {
        let fd = open("/dev/null", O_RDONLY)
        try #require(fd > 2)
        return fd
    }

    @Test @MainActor func aForegroundProgramGetsOnlyItsStandardDescriptors() throws {
        let leaky = try Self.leakyDescriptor()
        defer { close(leaky) }
        let (command, output) = try Self.listingCommand()
        let status = ForegroundProgram.spawnAndWait(["/bin/sh", "-c", command], environment: ["PATH": "/usr/bin:/bin"])
        #expect((try? status.get()) == .exited(0))
        let listing = try String(contentsOfFile: output, encoding: .utf8)
        #expect(Self.descriptors(in: listing) == [0, 1, 2], "\(listing)")
    }

    @Test func aCopyCommandGetsOnlyItsStandardDescriptors() throws {
        let leaky = try Self.leakyDescriptor()
        defer { close(leaky) }
        let (command, output) = try Self.listingCommand()
        #expect(CommandClipboard.run(command, input: Data("copied".utf8), environment: ["PATH": "/usr/bin:/bin"]) == nil)
        let listing = try String(contentsOfFile: output, encoding: .utf8)
        #expect(Self.descriptors(in: listing) == [0, 1, 2], "\(listing)")
    }

    @Test func aGraphicalOpenerGetsOnlyItsStandardDescriptors() async throws {
        let leaky = try Self.leakyDescriptor()
        defer { close(leaky) }
        let (command, output) = try Self.listingCommand()
        let script = (output as NSString).deletingLastPathComponent + "/opener"
        try "#!/bin/sh\n\(command)\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script)
        let reported = Mutex<String??>(nil)
        // Run by `sh`, not executed itself: a file just written cannot be executed while a child forked meanwhile by a
        // test running beside this one still holds it open for writing (ETXTBSY, "Text file busy", seen once).
        URLOpener(environment: ["BROWSER": "sh \(script)", "PATH": "/usr/bin:/bin"]).open("https://stackoverflow.com/q/1") { error in
            reported.withLock { $0 = .some(error) }
        }
        #expect(await eventually { reported.withLock { $0 } != nil })
        #expect(reported.withLock { $0 } == .some(nil))
        let listing = try String(contentsOfFile: output, encoding: .utf8)
        #expect(Self.descriptors(in: listing) == [0, 1, 2], "\(listing)")
    }
}
