public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket bound to an ephemeral port of 127.0.0.1: listening with `backlog`, or, with nil, bound and never
/// listening, so that every connection to the port is refused while no other process can take it.
public enum LoopbackSocket {
    /// The socket's descriptor and port; throws when no socket can be made or bound.
    public static func bind(listening backlog: Int32?) throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, length) == 0 && (backlog.map { listen(descriptor, $0) == 0 } ?? true)
                    && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }
}
