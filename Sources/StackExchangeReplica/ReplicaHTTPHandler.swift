import Foundation
import NIOCore
import NIOHTTP1

/// Serves the requests of one connection: routes each, holds its response for the latency, and logs how it
/// ended — sent, or abandoned by a client that hung up first (seen at once through `channelInactive`).
///
/// Lives on its channel's event loop; every method runs there.
final class ReplicaHTTPHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// A request being served: parsed when its head arrives, held while its response waits for the latency.
    private struct Pending {
        var head: HTTPRequestHead
        var path: String
        var query: [String: String]
        var arrived: NIODeadline
        /// The form body of a POST, as it arrives.
        var body: [UInt8] = []
        var timer: Scheduled<Void>?
    }

    private let router: APIRouter
    private let state: ReplicaState
    private let log: RequestLog
    /// The request whose head has arrived and whose end has not, with the fault it drew on arrival.
    private var incoming: (request: Pending, fault: ReplicaFault?)?
    private var pending: Pending?
    /// The response whose body is being dribbled out (`SlowPicturePace`), with the bytes sent so far.
    private var dribbling: (request: Pending, sent: Int, length: Int)?

    init(router: APIRouter, state: ReplicaState, log: RequestLog) {
        self.router = router
        self.state = state
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            // Counted (and faulted) when the head arrives, so a test sees the request before its body or latency.
            let (path, query) = Self.split(requestHead.uri)
            incoming = (Pending(head: requestHead, path: path, query: query, arrived: .now()), state.arrive(path: path, site: query["site"]))
        case .body(var buffer):
            // A form body is small; one far beyond any write's is cut off rather than held.
            if incoming != nil, (incoming?.request.body.count ?? 0) < 1 << 20 {
                incoming?.request.body += buffer.readBytes(length: buffer.readableBytes) ?? []
            }
        case .end:
            guard let (arrived, fault) = incoming else { return }
            var request = arrived
            incoming = nil
            // A POST's parameters come in its form body; they join the query's (the body's win).
            if request.head.method == .POST, !request.body.isEmpty {
                let (_, form) = Self.split("?" + String(decoding: request.body, as: UTF8.self))
                request.query.merge(form) { _, body in body }
            }
            accept(request, fault: fault, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let abandoned = pending {
            abandoned.timer?.cancel()
            pending = nil
            record(abandoned, status: nil, hungUp: true)
        }
        if let cut = dribbling {
            dribbling = nil
            record(cut.request, status: 200, hungUp: true, bodyBytesSent: cut.sent, bodyLength: cut.length)
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A malformed request (bad HTTP) is answered by closing; the client sees a clean failure.
        context.close(promise: nil)
    }

    private func accept(_ request: Pending, fault: ReplicaFault?, context: ChannelHandlerContext) {
        var request = request
        if case .dropConnection = fault {
            record(request, status: nil, hungUp: false)
            context.close(promise: nil)
            return
        }
        let loop = context.eventLoop.assumeIsolated()
        if case .hold(let seconds, _) = fault {
            // Carried out now, answered later: a write is done whether or not the client still waits.
            let response = makeResponse(to: request, fault: nil)
            request.timer = loop.scheduleTask(in: .milliseconds(Int64(seconds * 1000))) { [self] in
                send(response, to: request, fault: fault, context: context)
            }
            pending = request
            return
        }
        if case .late(let seconds, let late) = fault {
            request.timer = loop.scheduleTask(in: .milliseconds(Int64(seconds * 1000))) { [self] in
                respond(to: request, fault: late, context: context)
            }
            pending = request
            return
        }
        // The slow picture's body is dribbled out: a client that leaves first is logged with its body cut off.
        if ImageRoute.dribbles(path: request.path) {
            let response = makeResponse(to: request, fault: fault)
            guard response.status == 200 else { return send(response, to: request, fault: fault, context: context) }
            return startDribbling(response, to: request, context: context)
        }
        let latency = state.latencyMilliseconds
        guard latency > 0 else {
            respond(to: request, fault: fault, context: context)
            return
        }
        request.timer = loop.scheduleTask(in: .milliseconds(Int64(latency))) { [self] in
            respond(to: request, fault: fault, context: context)
        }
        pending = request
    }

    private func respond(to request: Pending, fault: ReplicaFault?, context: ChannelHandlerContext) {
        send(makeResponse(to: request, fault: fault), to: request, fault: fault, context: context)
    }

    /// What `request` gets: the fault's answer, or the router's.
    private func makeResponse(to request: Pending, fault: ReplicaFault?) -> APIResponse {
        if case .ipThrottle(let seconds, _) = fault { state.throttleIP(seconds: seconds, now: state.now()) }
        switch fault {
        case .status(let code, _): return .plainStatus(code)
        case .seError(let id, let name, _): return .error(id: id, name: name, message: "replica: injected \(name)")
        case .ipThrottle(let seconds, _): return .ipThrottle(seconds: seconds)
        case .gzipBomb(let bytes, let declared, _): return .gzipBomb(inflatedBytes: bytes, declared: declared)
        case .redirect(let status, let location, _): return .redirect(status: status, location: location)
        case .hostilePost: return HostilePost.response(now: state.now(), quotaMax: state.quotaMax)
        case .undecodableTitles: return UndecodablePage.response(now: state.now(), quotaMax: state.quotaMax)
        case .dropConnection, .hold, .trickle, .late, nil:
            // Percent-escapes that do not decode to UTF-8 are a bad parameter, as the real API says.
            var response = request.head.uri.removingPercentEncoding == nil
                ? .badParameter("the request is not valid UTF-8")
                : router.respond(path: request.path, query: request.query, now: state.now(),
                                 httpMethod: request.head.method.rawValue, host: request.head.headers["Host"].first)
            response = PictureAddresses.rewrite(response, host: request.head.headers["Host"].first)
            if case .trickle = fault { response.isRaw = true }
            return response
        }
    }

    private func send(_ response: APIResponse, to request: Pending, fault: ReplicaFault?, context: ChannelHandlerContext) {
        pending = nil
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: response.contentType)
        headers.add(name: "Content-Length", value: String(response.body.count))
        for (name, value) in response.extraHeaders { headers.add(name: name, value: value) }
        if response.isRaw { headers.add(name: APIResponse.rawMarker, value: "1") }
        let keepAlive = request.head.isKeepAlive
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        let head = HTTPResponseHead(version: request.head.version, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if case .trickle(let interval, _) = fault {
            record(request, status: response.status, hungUp: false)
            context.flush()
            trickle(ArraySlice(response.body), every: interval, keepAlive: keepAlive, context: context)
            return
        }
        var buffer = context.channel.allocator.buffer(capacity: response.body.count)
        buffer.writeBytes(response.body)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        // Logged before the last byte goes out, so a client that has its answer always finds it in the log.
        record(request, status: response.status, hungUp: false)
        finish(keepAlive: keepAlive, context: context)
    }

    /// Sends `response`'s head at once and its body at `SlowPicturePace`, logged when it ends whole or the client
    /// closes the connection first (`channelInactive`).
    private func startDribbling(_ response: APIResponse, to request: Pending, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: response.contentType)
        headers.add(name: "Content-Length", value: String(response.body.count))
        if response.isRaw { headers.add(name: APIResponse.rawMarker, value: "1") }
        let keepAlive = request.head.isKeepAlive
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        let head = HTTPResponseHead(version: request.head.version, status: .ok, headers: headers)
        context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
        dribbling = (request, 0, response.body.count)
        dribble(
            ArraySlice(response.body), chunk: SlowPicturePace.chunkSize(of: response.body.count),
            interval: SlowPicturePace.interval(query: request.query), keepAlive: keepAlive, context: context)
    }

    /// Sends the next piece of the dribbled body, the rest `SlowPicturePace.interval` later, until it is all out or
    /// the client has closed the connection.
    private func dribble(_ body: ArraySlice<UInt8>, chunk: Int, interval: Double, keepAlive: Bool, context: ChannelHandlerContext) {
        guard var current = dribbling, context.channel.isActive else { return }
        let piece = body.prefix(chunk)
        let rest = body.dropFirst(piece.count)
        current.sent += piece.count
        if rest.isEmpty {
            // Logged before the last piece goes out, as a whole answer is.
            dribbling = nil
            record(current.request, status: 200, hungUp: false, bodyBytesSent: current.sent, bodyLength: current.length)
        } else {
            dribbling = current
        }
        var buffer = context.channel.allocator.buffer(capacity: piece.count)
        buffer.writeBytes(piece)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        guard !rest.isEmpty else { return finish(keepAlive: keepAlive, context: context) }
        context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(interval * 1000))) { [self] in
            dribble(rest, chunk: chunk, interval: interval, keepAlive: keepAlive, context: context)
        }
    }

    /// Sends `bytes` one at a time, `interval` seconds apart, until they are all out or the client hangs up.
    private func trickle(_ bytes: ArraySlice<UInt8>, every interval: Double, keepAlive: Bool, context: ChannelHandlerContext) {
        guard let first = bytes.first else {
            finish(keepAlive: keepAlive, context: context)
            return
        }
        guard context.channel.isActive else { return }
        var buffer = context.channel.allocator.buffer(capacity: 1)
        buffer.writeInteger(first)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        let rest = bytes.dropFirst()
        context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(interval * 1000))) { [self] in
            trickle(rest, every: interval, keepAlive: keepAlive, context: context)
        }
    }

    private func finish(keepAlive: Bool, context: ChannelHandlerContext) {
        let done = context.writeAndFlushPromise(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            done.futureResult.hop(to: context.eventLoop).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }

    private func record(_ request: Pending, status: Int?, hungUp: Bool, bodyBytesSent: Int? = nil, bodyLength: Int? = nil) {
        let elapsed = (NIODeadline.now() - request.arrived).nanoseconds / 1_000_000
        var query = request.query
        for secret in ["key", "access_token"] where query[secret] != nil { query[secret] = "***" }
        // The tokens in a de-authenticate path are secrets like `access_token`.
        let path = request.path.contains("/apps/") ? request.path.replacingOccurrences(
            of: #"/apps/[^/]+/"#, with: "/apps/***/", options: .regularExpression) : request.path
        log.append(ReplicaLogEntry(
            path: path, query: query, status: status, hungUp: hungUp, milliseconds: Int(elapsed), bodyBytesSent: bodyBytesSent,
            bodyLength: bodyLength))
    }

    /// The path and the query parameters (last value wins) of a request URI, form-decoded as the real server
    /// does: a `+` is a space, then percent-escapes decode. A pair that does not decode is left out.
    static func split(_ uri: String) -> (String, [String: String]) {
        let path = String(uri.prefix { $0 != "?" && $0 != "#" })
        guard let mark = uri.firstIndex(of: "?") else { return (path, [:]) }
        let queryText = uri[uri.index(after: mark)...].prefix { $0 != "#" }
        var query: [String: String] = [:]
        for pair in queryText.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = formDecode(parts[0]), let value = formDecode(parts.count > 1 ? parts[1] : "") else { continue }
            query[name] = value
        }
        return (path, query)
    }

    /// `application/x-www-form-urlencoded` decoding of one name or value.
    static func formDecode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

private extension ChannelHandlerContext {
    /// Writes and flushes `part`, returning a promise that completes when it is written.
    func writeAndFlushPromise(_ part: NIOAny) -> EventLoopPromise<Void> {
        let promise = eventLoop.makePromise(of: Void.self)
        writeAndFlush(part, promise: promise)
        return promise
    }
}
