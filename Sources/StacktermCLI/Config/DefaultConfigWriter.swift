import Foundation
import Store

/// Writes the commented default config file, never over one that exists.
public enum DefaultConfigWriter {
    /// Writes `ConfigPrinter.defaultFile()` to `path` (creating its directory); a one-line error when it cannot.
    public static func write(to path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        if let problem = PrivateDirectory.prepare(url.deletingLastPathComponent()) { return problem }
        // O_EXCL: the check and the creation are one step, so a file appearing meanwhile is not overwritten either.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            return errno == EEXIST ? "\(path) exists; not overwritten" : "cannot create \(path): \(String(cString: strerror(errno)))"
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data(ConfigPrinter.defaultFile().utf8))
        } catch {
            return "cannot write \(path): \(error.localizedDescription)"
        }
        return nil
    }
}
