import Foundation

/// A plain XML file of a dump folder, read in chunks.
final class FileByteSource: ByteSource {
    private let descriptor: Int32
    let path: String
    private(set) var failure: String?
    private(set) var bytesRead: Int64 = 0

    init(path: String) throws(DumpImportError) {
        descriptor = open(path, O_RDONLY)
        self.path = path
        guard descriptor >= 0 else { throw DumpImportError("\(path): \(String(cString: strerror(errno)))") }
    }

    deinit { close(descriptor) }

    func read(_ buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        let got = Foundation.read(descriptor, buffer, count)
        if got < 0 { failure = "\(path): \(String(cString: strerror(errno)))" } else { bytesRead += Int64(got) }
        return got
    }
}
