import CArchive
import CLazyDump
import Foundation

/// A `.7z` (or any archive libarchive reads) read entry by entry as a stream: nothing is unpacked to disk, and
/// only libarchive's buffers are held however big the entry.
final class ArchiveReader: ByteSource {
    private let archive: OpaquePointer
    let path: String
    let totalBytes: Int64
    private(set) var failure: String?

    init(path: String) throws(DumpImportError) {
        self.path = path
        guard let archive = archive_read_new() else {
            throw DumpImportError("cannot read archives: \(stackterm_lazy_dump_error().map { String(cString: $0) } ?? "out of memory")")
        }
        self.archive = archive
        archive_read_support_format_all(archive)
        archive_read_support_filter_all(archive)
        totalBytes = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
        guard archive_read_open_filename(archive, path, 1 << 16) == ARCHIVE_OK else {
            // `deinit` frees the archive (every stored property is set, so it runs for a throwing init too).
            let message = Self.message(archive)
            throw DumpImportError("\(path): not an archive libarchive can read (\(message))")
        }
    }

    deinit { archive_read_free(archive) }

    /// The next entry's file name (its last path component), nil at the end; throws on a damaged archive.
    func nextEntry() throws(DumpImportError) -> String? {
        var entry: OpaquePointer?
        let status = archive_read_next_header(archive, &entry)
        if status == ARCHIVE_EOF { return nil }
        guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry, let name = archive_entry_pathname(entry) else {
            throw DumpImportError("\(path): truncated or damaged archive (\(Self.message(archive)))")
        }
        return String(cString: name).split(separator: "/").last.map(String.init) ?? ""
    }

    /// Skips the rest of the current entry.
    func skipEntry() throws(DumpImportError) {
        guard archive_read_data_skip(archive) == ARCHIVE_OK else {
            throw DumpImportError("\(path): truncated or damaged archive (\(Self.message(archive)))")
        }
    }

    /// The archive's bytes read so far (for the percentage read).
    var bytesRead: Int64 { archive_filter_bytes(archive, -1) }

    func read(_ buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        let got = archive_read_data(archive, buffer, count)
        if got < 0 { failure = "\(path): truncated or damaged archive (\(Self.message(archive)))" }
        return got
    }

    private static func message(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "unknown error"
    }
}
