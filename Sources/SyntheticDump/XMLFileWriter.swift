import Foundation

/// One dump file (`<posts>` … `</posts>`) written through a buffer, rows as the data dump writes them: one
/// `<row …/>` a line, every value an attribute, escaped as the dump escapes it (newlines as `&#xA;`).
final class XMLFileWriter {
    private let handle: FileHandle
    private let element: String
    private var buffer: [UInt8] = []
    private(set) var bytes = 0

    init(url: URL, element: String) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = try FileHandle(forWritingTo: url)
        self.element = element
        buffer.reserveCapacity(1 << 20)
        append("<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n<\(element)>\r\n")
    }

    /// Writes one row; attributes whose value is nil are left out, as the dump leaves out empty ones.
    func row(_ attributes: KeyValuePairs<String, String?>) throws {
        append("  <row")
        for (name, value) in attributes {
            guard let value else { continue }
            append(" \(name)=\"")
            appendEscaped(value)
            append("\"")
        }
        append(" />\r\n")
        if buffer.count >= 1 << 20 { try flush() }
    }

    func close() throws {
        append("</\(element)>")
        try flush()
        try handle.close()
    }

    private func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    private func appendEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\""): append("&quot;")
            case 0x0A: append("&#xA;")
            case 0x0D: append("&#xD;")
            default: buffer.append(byte)
            }
        }
    }

    private func flush() throws {
        bytes += buffer.count
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
