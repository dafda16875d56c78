import Foundation
import Testing

/// The release build keeps its guards (scripts/lib/release-build.sh), read from the binary's ELF headers with readelf:
/// position-independent (its code placed at a random address), needing only libc and libm from the loader (libcurl is
/// loaded on first use, by Sources/CLazyCurl: a toolchain that linked it by name would undo that silently), and no
/// RUNPATH or RPATH, so no library is ever taken from the binary's own directory.
///
/// Runs against the build in `STACKTERM_BIN_DIR`: scripts/test's end-to-end pass is the release build. The debug
/// build (shared Swift runtime, found through RUNPATH) is a different thing and is skipped.
@Suite(.enabled(if: ReleaseBinaryELF.isReleaseBuild, "the binary under test is the debug build (scripts/test runs this against the release build)"))
struct ReleaseBinaryTests {
    static func readelf(_ arguments: [String]) -> String { ReleaseBinaryELF.readelf(arguments) }

    /// The `[name]` values of the dynamic section's entries of `tag` (`NEEDED`, `RUNPATH`, `RPATH`).
    static func entries(_ tag: String, in dynamic: String) -> [String] {
        dynamic.split(separator: "\n").filter { $0.contains("(\(tag))") }.compactMap { line in
            guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    @Test func theReleaseBinaryIsPositionIndependent() {
        let header = Self.readelf(["-h"])
        let type = header.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Type:") }
        #expect(type?.contains("DYN") == true, "\(type ?? "no Type line")")
        #expect(Self.readelf(["-d"]).contains("PIE"), "FLAGS_1 carries PIE")
    }

    /// Linked with `-z pack-relative-relocs` (by lld): the loader's relative relocations come packed (DT_RELR, 19 KB)
    /// instead of as 99 k entries of `.rela.dyn` (2.3 MB read at every start), which gold cannot write.
    @Test func theReleaseBinaryPacksItsRelativeRelocations() {
        let dynamic = Self.readelf(["-d"])
        #expect(dynamic.contains("(RELR)") && dynamic.contains("(RELRSZ)"), "no DT_RELR: \(dynamic)")
        // What is left in `.rela.dyn` is the few relocations against symbols (152 today), 24 bytes each.
        let size = ReleaseBinaryELF.sectionSize(".rela.dyn")
        #expect(size.map { $0 < 64 * 1024 } == true, "\(size.map(String.init) ?? "no .rela.dyn")")
    }

    /// The loader writes PIE's relative relocations into every page that holds one, a copy-on-write page fault each
    /// before `main`: most of `.data.rel.ro` and `.data`, three quarters of their bytes the toolchain's (BENCHMARKS.md,
    /// "Before `main`, taken apart again"). A table of pointers of our own (closures, metatypes, strings by the
    /// thousand) or a new dependency shows here first.
    @Test func theRelocationsAreWrittenIntoFewPages() throws {
        let pages = try ReleaseBinaryELF.relocatedPages()
        #expect(pages > 100 && pages <= 330, "\(pages) pages carry relative relocations")
    }

    /// The functions a launch runs (scripts/lib/startup-order.txt, written by scripts/orderfile) are laid out together
    /// by the link (`--symbol-ordering-file`): the first 2,000 of them the binary has span under a sixteenth of its
    /// text, where the compilers' order scatters them over all of it. scripts/orderfile lists first the functions the
    /// link can place one by one; one in a section it shares (the standard library's `Swift.o` `.text`) drags the
    /// whole section along, and a handful of those among the first spread them over megabytes. The zero-filled
    /// data of the launch's files (`.bss`), listed after the functions, is laid out in the order listed too. And the
    /// file is not stale: most of its names are still the binary's.
    @Test func theStartUpPathIsLaidOutTogether() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let order = try String(contentsOf: root.appendingPathComponent("scripts/lib/startup-order.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let functions = ReleaseBinaryELF.symbolAddresses(types: "tTwW")
        let zeroFilled = ReleaseBinaryELF.symbolAddresses(types: "bB")
        let found = order.filter { functions[$0] != nil || zeroFilled[$0] != nil }
        #expect(found.count * 10 >= order.count * 9, "only \(found.count) of \(order.count) names left: run scripts/orderfile")
        let first = order.compactMap { functions[$0] }.prefix(2_000)
        let span = (first.max() ?? 0) - (first.min() ?? 0)
        let textSize = ReleaseBinaryELF.sectionSize(".text") ?? 0
        #expect(first.count == 2_000 && textSize > 0 && span * 16 < textSize, "the first 2,000 span \(span) bytes of \(textSize)")
        // The zero-filled data listed lies in the order listed (the link's own order keeps far fewer of the pairs).
        let data = order.compactMap { zeroFilled[$0] }
        let ascending = zip(data, data.dropFirst()).filter { $0 < $1 }.count
        #expect(data.count > 100 && ascending * 100 >= (data.count - 1) * 95, "\(ascending) of \(data.count) names of .bss in order")
    }

    /// Our modules are compiled with each function in a section of its own (`-function-sections`), the only way the
    /// link can place the functions a launch runs one by one: without it a source file's functions share one `.text`,
    /// which the order file can only move whole (all of BrowserModel.swift's code for any one of its functions).
    @Test func ourFunctionsHaveSectionsOfTheirOwn() throws {
        let objects = URL(fileURLWithPath: Binaries.directory).appendingPathComponent("Browser.build")
        let files = try FileManager.default.contentsOfDirectory(atPath: objects.path).filter { $0.hasSuffix(".swift.o") }
        #expect(files.count > 50, "\(files.count) objects in \(objects.path)")
        var shared = 0, own = 0
        for file in files {
            for (name, size) in ReleaseBinaryELF.sections(of: objects.appendingPathComponent(file).path) {
                if name == ".text" { shared += size } else if name.hasPrefix(".text.") { own += size }
            }
        }
        // What may stay in `.text`: nothing the compiler emits as a function (a few bytes of alignment at most).
        #expect(own > 0 && shared * 100 < own, "\(shared) bytes in shared .text sections, \(own) in sections of their own")
    }

    /// Linked with `--no-export-dynamic`: the program's own 17,000 functions are not in its dynamic symbol table, which
    /// the Swift runtime's start-up (`dladdr`, looking for the backtracer) walked whole at every launch, and which a
    /// library loaded later (libcurl's thirty) would otherwise bind to before its own (the static SQLite, zlib…).
    @Test func theReleaseBinaryExportsNothingOfItsOwn() {
        let defined = Self.readelf(["--dyn-syms", "-W"]).split(separator: "\n").filter { line in
            let fields = line.split(separator: " ")
            return fields.count >= 8 && fields[0].hasSuffix(":") && fields[6] != "UND"
        }
        #expect(defined.count < 50, "\(defined.count) symbols defined in .dynsym, e.g. \(defined.prefix(3))")
    }

    /// Our modules make the metadata of a concrete generic type (`[KeymapScreen: …]`) by calling its accessor with
    /// the conformances the compiler knows, not by demangling its name at run time, which looks each conformance up
    /// through every record of the program (`-disable-concrete-type-metadata-mangled-name-accessors`): none of their
    /// functions keeps a demangling cache variable (`…MD`).
    @Test func concreteTypesAreNotMadeFromTheirNames() {
        let modules = ["$s7Browser", "$s9stackterm", "$s12StacktermCLI", "$s5Store", "$s13StackExchange", "$s8Terminal"]
        let caches = ReleaseBinaryELF.output(of: "nm", ["--defined-only"]).split(separator: "\n").compactMap { line in
            line.split(separator: " ", maxSplits: 2).last.map(String.init)
        }.filter { name in name.hasSuffix("MD") && modules.contains { name.hasPrefix($0) } }
        #expect(caches.isEmpty, "\(caches.count) demangling caches, e.g. \(caches.prefix(3))")
    }

    @Test func theReleaseBinaryNeedsOnlyLibcAndLibmAndNoRunpath() {
        let dynamic = Self.readelf(["-d"])
        let needed = Self.entries("NEEDED", in: dynamic)
        let allowed: Set<String> = ["libc.so.6", "libm.so.6", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1"]
        #expect(!needed.isEmpty && Set(needed).isSubset(of: allowed), "NEEDED \(needed)")
        #expect(!needed.contains { $0.contains("curl") })
        #expect(Self.entries("RUNPATH", in: dynamic) == [], "no RUNPATH")
        #expect(Self.entries("RPATH", in: dynamic) == [], "no RPATH")
    }
}

/// The binary under test, read with readelf and nm.
enum ReleaseBinaryELF {
    /// What `tool` (readelf, nm) prints with `arguments` on the binary under test; empty if it cannot run.
    static func output(of tool: String, _ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        process.arguments = arguments + [Binaries.stackterm]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// `readelf` with `arguments` on the binary under test.
    static func readelf(_ arguments: [String]) -> String { output(of: "readelf", arguments) }

    /// The size of section `name` (`readelf -S -W`: `[Nr] Name Type Address Off Size …`, the size the fourth field
    /// after the name), nil when the binary has none.
    static func sectionSize(_ name: String) -> Int? {
        for line in readelf(["-S", "-W"]).split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            guard let index = fields.firstIndex(of: name), index + 4 < fields.count else { continue }
            return Int(fields[index + 4], radix: 16)
        }
        return nil
    }

    /// The name and size of each section of the object file at `path` (`readelf -S -W`).
    static func sections(of path: String) -> [(name: String, size: Int)] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        process.arguments = ["-S", "-W", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").compactMap { line in
            // `[Nr] Name Type Address Off Size …`: the size is the fourth field after the name.
            guard let close = line.firstIndex(of: "]") else { return nil }
            let fields = line[line.index(after: close)...].split(separator: " ").map(String.init)
            guard fields.count > 4, let size = Int(fields[4], radix: 16) else { return nil }
            return (fields[0], size)
        }
    }

    /// The address of each symbol the binary defines (`nm --defined-only`) whose type is one of `types` (`tTwW` for
    /// functions, `bB` for zero-filled data), by its name.
    static func symbolAddresses(types: String) -> [String: Int] {
        var addresses: [String: Int] = [:]
        for line in output(of: "nm", ["--defined-only"]).split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 2)
            guard fields.count == 3, types.contains(fields[1]), let address = Int(fields[0], radix: 16) else { continue }
            if addresses[String(fields[2])] == nil { addresses[String(fields[2])] = address }
        }
        return addresses
    }

    /// How many pages the packed relative relocations (`SHT_RELR`, DT_RELR) write into, read from the binary's section
    /// headers and the table itself: an even entry is an address, an odd one a bitmap of the 63 words after the last.
    static func relocatedPages() throws -> Int {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: Binaries.stackterm))
        defer { try? file.close() }
        func bytes(at offset: UInt64, count: Int) throws -> [UInt8] {
            try file.seek(toOffset: offset)
            return [UInt8](try file.read(upToCount: count) ?? Data())
        }
        func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
            (0..<size).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
        }
        let header = try bytes(at: 0, count: 64)
        let sectionsAt = integer(header, at: 0x28, size: 8)
        let entrySize = Int(integer(header, at: 0x3A, size: 2)), count = Int(integer(header, at: 0x3C, size: 2))
        let sections = try bytes(at: sectionsAt, count: entrySize * count)
        var pages = Set<UInt64>()
        for index in 0..<count where integer(sections, at: index * entrySize + 4, size: 4) == 19 {
            let offset = integer(sections, at: index * entrySize + 0x18, size: 8)
            let size = Int(integer(sections, at: index * entrySize + 0x20, size: 8))
            let table = try bytes(at: offset, count: size)
            var next: UInt64 = 0
            for entry in stride(from: 0, to: size, by: 8).map({ integer(table, at: $0, size: 8) }) {
                if entry & 1 == 0 {
                    pages.insert(entry >> 12)
                    next = entry + 8
                } else {
                    for bit in 1..<64 where entry >> UInt64(bit) & 1 == 1 { pages.insert((next + UInt64(bit - 1) * 8) >> 12) }
                    next += 63 * 8
                }
            }
        }
        return pages.count
    }

    /// The release build links the Swift runtime in; the debug build needs libswiftCore.so.
    static var isReleaseBuild: Bool {
        let dynamic = readelf(["-d"])
        return !dynamic.isEmpty && !dynamic.contains("libswiftCore.so")
    }
}
