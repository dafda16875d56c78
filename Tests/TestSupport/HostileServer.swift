public import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A server on loopback that answers each connection with a script of the test's own: the answers no real server
/// sends (endless trailers, a huge header line, no status line) and a stand-in proxy that records what reaches it.
///
/// Each connection runs on a thread of its own; `stop()` ends them all and waits for them, also while a script
/// still writes or waits. Writes never raise SIGPIPE: a peer that closed makes them return false.
public final class HostileServer: Sendable {
    /// One accepted connection, as its script sees it.
    public final class Connection: Sendable {
        fileprivate let descriptor: Int32
        /// The request line and header lines, as they came (up to the blank line).
        public let head: String
        private let written = Mutex(0)
        private let peerClosed: @Sendable () -> Void

        fileprivate init(descriptor: Int32, head: String, peerClosed: @escaping @Sendable () -> Void) {
            self.descriptor = descriptor
            self.head = head
            self.peerClosed = peerClosed
        }

        /// The request line ("GET /path HTTP/1.1").
        public var requestLine: String { String(head.prefix { $0 != "\r" && $0 != "\n" }) }

        /// Bytes written so far.
        public var bytesWritten: Int { written.withLock { $0 } }

        /// Writes all of `bytes`; false when the peer closed the connection (or the server is stopping).
        @discardableResult
        public func write(_ bytes: Data) -> Bool {
            bytes.withUnsafeBytes { buffer -> Bool in
                var offset = 0
                while offset < buffer.count {
                    let sent = send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                    if sent < 0 && errno == EINTR { continue }
                    if sent <= 0 { return false }
                    offset += sent
                    written.withLock { $0 += sent }
                }
                return true
            }
        }

        @discardableResult
        public func write(_ text: String) -> Bool { write(Data(text.utf8)) }

        /// Waits until the peer closes the connection (true) or the server stops (false); what the peer sends
        /// meanwhile is read and dropped.
        public func waitForPeerToClose() -> Bool {
            var scratch = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(descriptor, &scratch, scratch.count, 0)
                if count < 0 && errno == EINTR { continue }
                if count == 0 {
                    peerClosed()
                    return true
                }
                if count < 0 { return false }
            }
        }
    }

    private struct State {
        var stopping = false
        var open: [Int32] = []
        var heads: [String] = []
        var closedByPeer = 0
    }

    /// The port it listens on, 127.0.0.1.
    public let port: Int
    private let listener: Int32
    private let state = Mutex(State())
    private let threads = DispatchGroup()
    private let script: @Sendable (Connection) -> Void

    /// Listens on an ephemeral loopback port and runs `script` for each connection once its request head is read;
    /// the connection is closed when the script returns.
    public init(script: @escaping @Sendable (Connection) -> Void) throws {
        self.script = script
        let (listener, port) = try LoopbackSocket.bind(listening: 16)
        self.listener = listener
        self.port = port
        threads.enter()
        Thread.detachNewThread { [self] in
            acceptConnections()
            threads.leave()
        }
    }

    /// The request heads received, in the order their connections were accepted.
    public var heads: [String] { state.withLock { $0.heads } }

    /// How many connections the peer closed while a script waited for it (`waitForPeerToClose`).
    public var closedByPeer: Int { state.withLock { $0.closedByPeer } }

    /// How many connections are open now.
    public var openConnections: Int { state.withLock { $0.open.count } }

    /// Stops listening, ends every connection and waits until each script has returned.
    public func stop() {
        let open = state.withLock { inner -> [Int32] in
            inner.stopping = true
            return inner.open
        }
        shutdown(listener, Int32(SHUT_RDWR))
        for descriptor in open { shutdown(descriptor, Int32(SHUT_RDWR)) }
        threads.wait()
        close(listener)
    }

    private func acceptConnections() {
        while true {
            let descriptor = accept(listener, nil, nil)
            if descriptor < 0 {
                if errno == EINTR { continue }
                return
            }
            let admitted = state.withLock { inner -> Bool in
                guard !inner.stopping else { return false }
                inner.open.append(descriptor)
                return true
            }
            guard admitted else {
                close(descriptor)
                return
            }
            threads.enter()
            Thread.detachNewThread { [self] in
                serve(descriptor)
                threads.leave()
            }
        }
    }

    private func serve(_ descriptor: Int32) {
        defer {
            state.withLock { $0.open.removeAll { $0 == descriptor } }
            close(descriptor)
        }
        guard let head = Self.readHead(descriptor) else { return }
        state.withLock { $0.heads.append(head) }
        script(Connection(descriptor: descriptor, head: head) { [self] in state.withLock { $0.closedByPeer += 1 } })
    }

    /// Reads up to the blank line that ends a request's head (64 KB at most); nil when the peer closed first.
    private static func readHead(_ descriptor: Int32) -> String? {
        var head = Data()
        var byte: UInt8 = 0
        while head.count < 64 << 10 {
            let count = recv(descriptor, &byte, 1, 0)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return nil }
            head.append(byte)
            if head.count >= 4 && head.suffix(4) == Data("\r\n\r\n".utf8) { break }
        }
        return String(decoding: head, as: UTF8.self)
    }
}
