import Foundation

/// The process's environment as a dictionary, read from `environ` as `ProcessInfo.environment` reads it (split at the
/// first `=`, a later duplicate over an earlier one), without making `ProcessInfo.processInfo` or comparing characters:
/// the launch reads it once, first thing, on the path to its first frame.
enum ProcessEnvironment {
    static func read() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let text = entry.pointee {
            let length = strlen(text)
            text.withMemoryRebound(to: UInt8.self, capacity: length + 1) { start in
                let bytes = UnsafeBufferPointer(start: start, count: length)
                guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
                variables[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
            }
            entry += 1
        }
        return variables
    }
}
