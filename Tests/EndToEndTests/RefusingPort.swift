import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// A loopback port that refuses every connection for as long as this value lives: bound and never listening, so no
/// other process can take it meanwhile. A stopped replica's port could be taken by another test's replica started in
/// the meantime, and a launch meant to find the network gone found that replica instead.
final class RefusingPort {
    private let descriptor: Int32
    let port: Int

    init() throws {
        (descriptor, port) = try LoopbackSocket.bind(listening: nil)
    }

    /// An API base on the port, as the replica's are spelled.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/2.3")! }

    deinit { close(descriptor) }
}
