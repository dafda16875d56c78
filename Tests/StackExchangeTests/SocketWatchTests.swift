import CLazyCurl
import Synchronization
import Testing

/// `SocketWatch.c` between a stand-in for libcurl (its setopt and assign) and a stand-in for Foundation's socket
/// function: what Foundation is told as libcurl's wishes for a socket change.
///
/// Foundation keeps a readiness source until it hears CURL_POLL_REMOVE; a connected socket is always writable, so a
/// write source kept after libcurl asked for CURL_POLL_IN wakes libcurl without pause until the answer comes.
@Suite(.serialized)
struct SocketWatchTests {
    /// What the stand-ins saw, in order.
    enum Call: Equatable {
        case setopt(option: Int32)
        case assign(socket: Int32, pointer: UnsafeMutableRawPointer?)
        case foundation(socket: Int32, what: Int32, pointer: UnsafeMutableRawPointer?)
    }

    nonisolated(unsafe) static var calls: [Call] = []
    /// What libcurl was given for the socket function and its data.
    nonisolated(unsafe) static var installedFunction: UnsafeMutableRawPointer?
    nonisolated(unsafe) static var installedData: UnsafeMutableRawPointer?
    // nonisolated(unsafe): the suite is serialized and the C side calls back on the test's own thread.

    static var foundationData: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 0xF00D)! }
    static var record: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 0xBEEF)! }
    static let poll = (in: Int32(1), out: Int32(2), inOut: Int32(3), remove: Int32(4))

    typealias SocketFunction = @convention(c) (
        UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
    ) -> Int32

    /// A multi handle (any address: the stand-ins never read it) set up as Foundation sets one up, data then function.
    static func installed(multi: UnsafeMutableRawPointer) -> SocketFunction {
        calls = []
        let setopt: socket_watch_real_setopt = { _, option, value in
            SocketWatchTests.calls.append(.setopt(option: option))
            if option == 20001 { SocketWatchTests.installedFunction = value }
            if option == 10002 { SocketWatchTests.installedData = value }
            return 0
        }
        let assign: socket_watch_real_assign = { _, socket, pointer in
            SocketWatchTests.calls.append(.assign(socket: socket, pointer: pointer))
            return 0
        }
        let foundation: SocketFunction = { _, socket, what, data, pointer in
            #expect(data == SocketWatchTests.foundationData, "Foundation is handed its own data")
            SocketWatchTests.calls.append(.foundation(socket: socket, what: what, pointer: pointer))
            return 0
        }
        _ = socket_watch_setopt(multi, 10002, foundationData, setopt, assign)
        _ = socket_watch_setopt(multi, 20001, unsafeBitCast(foundation, to: UnsafeMutableRawPointer.self), setopt, assign)
        calls = []
        return unsafeBitCast(installedFunction!, to: SocketFunction.self)
    }

    @Test func outThenInTellsFoundationToRemoveTheWriteSourceFirst() {
        let multi = UnsafeMutableRawPointer(bitPattern: 0x1000)!
        defer { socket_watch_forget(multi) }
        let function = Self.installed(multi: multi)
        let data = Self.installedData
        #expect(data != nil && data != Self.foundationData, "libcurl is given the watch's record, not Foundation's data")
        // Connecting and sending: write readiness; Foundation assigns its record (here `record`) on the way.
        #expect(function(nil, 7, Self.poll.out, data, nil) == 0)
        // Sent: libcurl wants to read only.
        #expect(function(nil, 7, Self.poll.in, data, Self.record) == 0)
        #expect(Self.calls == [
            .foundation(socket: 7, what: Self.poll.out, pointer: nil),
            .foundation(socket: 7, what: Self.poll.remove, pointer: Self.record),
            .assign(socket: 7, pointer: nil),
            .foundation(socket: 7, what: Self.poll.in, pointer: nil),
        ])
    }

    @Test func aWishThatOnlyAddsPassesThroughUnchanged() {
        let multi = UnsafeMutableRawPointer(bitPattern: 0x2000)!
        defer { socket_watch_forget(multi) }
        let function = Self.installed(multi: multi)
        let data = Self.installedData
        _ = function(nil, 9, Self.poll.in, data, nil)
        _ = function(nil, 9, Self.poll.inOut, data, Self.record)
        _ = function(nil, 9, Self.poll.remove, data, Self.record)
        // After a removal the socket starts afresh: OUT is a first wish, not a change.
        _ = function(nil, 9, Self.poll.out, data, nil)
        #expect(Self.calls == [
            .foundation(socket: 9, what: Self.poll.in, pointer: nil),
            .foundation(socket: 9, what: Self.poll.inOut, pointer: Self.record),
            .foundation(socket: 9, what: Self.poll.remove, pointer: Self.record),
            .foundation(socket: 9, what: Self.poll.out, pointer: nil),
        ])
    }

    @Test func eachMultiHandleKeepsItsOwnSockets() {
        let first = UnsafeMutableRawPointer(bitPattern: 0x3000)!, second = UnsafeMutableRawPointer(bitPattern: 0x4000)!
        defer {
            socket_watch_forget(first)
            socket_watch_forget(second)
        }
        let firstFunction = Self.installed(multi: first)
        let firstData = Self.installedData
        _ = firstFunction(nil, 5, Self.poll.out, firstData, nil)
        let secondFunction = Self.installed(multi: second)
        let secondData = Self.installedData
        #expect(firstData != secondData)
        // Socket 5 of the second handle has no history: IN is its first wish.
        _ = secondFunction(nil, 5, Self.poll.in, secondData, nil)
        #expect(Self.calls == [.foundation(socket: 5, what: Self.poll.in, pointer: nil)])
    }

    /// A TLS handshake turns libcurl's wish over and over (WANT_READ, WANT_WRITE): each wish that drops a readiness is
    /// a removal first, each that only adds passes through, and Foundation is always handed the record it assigned last.
    @Test func everyTurnOfAHandshakeThatDropsAReadinessIsARemovalFirst() {
        let multi = UnsafeMutableRawPointer(bitPattern: 0x5000)!
        defer { socket_watch_forget(multi) }
        let function = Self.installed(multi: multi)
        let data = Self.installedData
        let records = (1...6).map { UnsafeMutableRawPointer(bitPattern: 0xA000 + $0)! }
        _ = function(nil, 11, Self.poll.out, data, nil)           // connecting
        _ = function(nil, 11, Self.poll.in, data, records[0])     // WANT_READ: OUT dropped
        _ = function(nil, 11, Self.poll.inOut, data, records[1])  // WANT_WRITE too: only adds
        _ = function(nil, 11, Self.poll.out, data, records[1])    // IN dropped
        _ = function(nil, 11, Self.poll.in, data, records[2])     // OUT dropped
        _ = function(nil, 11, Self.poll.remove, data, records[3]) // closed
        #expect(Self.calls == [
            .foundation(socket: 11, what: Self.poll.out, pointer: nil),
            .foundation(socket: 11, what: Self.poll.remove, pointer: records[0]),
            .assign(socket: 11, pointer: nil),
            .foundation(socket: 11, what: Self.poll.in, pointer: nil),
            .foundation(socket: 11, what: Self.poll.inOut, pointer: records[1]),
            .foundation(socket: 11, what: Self.poll.remove, pointer: records[1]),
            .assign(socket: 11, pointer: nil),
            .foundation(socket: 11, what: Self.poll.out, pointer: nil),
            .foundation(socket: 11, what: Self.poll.remove, pointer: records[2]),
            .assign(socket: 11, pointer: nil),
            .foundation(socket: 11, what: Self.poll.in, pointer: nil),
            .foundation(socket: 11, what: Self.poll.remove, pointer: records[3]),
        ])
    }
}
