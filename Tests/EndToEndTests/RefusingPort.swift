import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback port that refuses every connection for as long as this value lives: bound and never listening, so no
/// other process can take it meanwhile. A stopped replica's port could be taken by another test's replica started in
/// the meantime, and a launch meant to find the network gone found that replica instead.
final class RefusingPort {
    private let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socket in
                bind(descriptor, socket, length) == 0 && getsockname(descriptor, socket, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// An API base on the port, as the replica's are spelled.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/2.3")! }

    deinit { close(descriptor) }
}
