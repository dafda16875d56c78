public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small file of the person's (the kept inbox, comment drafts) written whole: mode 0600 from its first byte, whatever
/// the umask, and put in place by a rename so a reader sees the old file or the new one, never half of one.
///
/// Not `Data.write(options: .atomic)`, whose file takes its mode from the umask (0644 on most systems).
public enum PrivateFile {
    /// Writes `data` to `url`; the reason it could not, or nil.
    public static func write(_ data: Data, to url: URL) -> String? {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid())")
        unlink(temporary.path)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return "cannot write \(temporary.path): \(String(cString: strerror(errno)))" }
        var written = 0
        data.withUnsafeBytes { bytes in
            while written < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                written += count
            }
        }
        let problem = written == data.count ? nil : String(cString: strerror(errno))
        close(descriptor)
        guard problem == nil, rename(temporary.path, url.path) == 0 else {
            let reason = problem ?? String(cString: strerror(errno))
            unlink(temporary.path)
            return "cannot write \(url.path): \(reason)"
        }
        return nil
    }
}
