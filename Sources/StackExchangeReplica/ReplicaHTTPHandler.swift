import Foundation
import NIOCore
import NIOHTTP1

/// Serves the requests of one connection, one at a time, and notices when the client hangs up before its answer.
///
/// Everything here runs on the channel's event loop, so the per-request fields need no lock.
final class ReplicaHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// The request being answered: set when its head arrives, cleared once it is logged.
    private struct InFlight {
        var head: HTTPRequestHead
        var request: APIRequest
        var arrived: ContinuousClock.Instant
        var scheduled: Scheduled<Void>?
    }

    private let state: ReplicaState
    private var inFlight: InFlight?

    init(state: ReplicaState) {
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            let request = APIRequest(uri: head.uri)
            state.noteArrival(path: request.path)
            inFlight = InFlight(head: head, request: request, arrived: .now, scheduled: nil)
        case .body:
            break
        case .end:
            guard let current = inFlight else { return }
            handle(current, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let current = inFlight {
            current.scheduled?.cancel()
            inFlight = nil
            log(current, status: nil, hungUp: true)
        }
        context.fireChannelInactive()
    }

    private func handle(_ current: InFlight, context: ChannelHandlerContext) {
        let fault = state.takeFault(for: current.request.path)
        if case .dropConnection = fault {
            inFlight = nil
            log(current, status: nil, hungUp: false)
            context.close(promise: nil)
            return
        }
        let latency = state.latencyMilliseconds
        guard latency > 0 else {
            answer(current, fault: fault, context: context)
            return
        }
        let scheduled = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(latency))) {
            self.answer(current, fault: fault, context: context)
        }
        inFlight?.scheduled = scheduled
    }

    private func answer(_ current: InFlight, fault: ReplicaFault?, context: ChannelHandlerContext) {
        guard inFlight != nil else { return }
        inFlight = nil
        let response: APIResponse = switch fault {
        case .status(let code, _):
            APIResponse(status: code, body: Data("replica: injected HTTP \(code)\n".utf8), contentType: "text/plain; charset=utf-8")
        case .seError(let id, let name, _):
            APIFailure(id: id, name: name, message: "replica: injected \(name)").response
        case .dropConnection, nil:
            state.respond(to: current.request)
        }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: response.contentType)
        headers.add(name: "Content-Length", value: String(response.body.count))
        let keepAlive = current.head.isKeepAlive
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        let head = HTTPResponseHead(version: current.head.version, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        // Logged before the flush so that a client holding the response always finds its log entry.
        log(current, status: response.status, hungUp: false)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }

    private func log(_ current: InFlight, status: Int?, hungUp: Bool) {
        let elapsed = ContinuousClock.now - current.arrived
        let milliseconds = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        state.record(ReplicaLogEntry(
            path: current.request.path, query: current.request.query, status: status, hungUp: hungUp,
            milliseconds: milliseconds))
    }
}
