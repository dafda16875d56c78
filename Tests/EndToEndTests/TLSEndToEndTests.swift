import Foundation
import TestSupport
import Testing

/// stackterm's requests over TLS (libcurl's own handshake, `HTTPExchange.c`), against a server on loopback whose
/// certificate nobody trusts: one clear line and status 69, never a crash or a bare error number. The server is
/// Python's, with a certificate made here by `openssl`: the replica speaks plain HTTP only.
@Suite(.serialized)
struct TLSEndToEndTests {
    /// A TLS server on loopback with a fresh self-signed certificate; its port, and the child to stop (`ServerChild`:
    /// a `Process` would inherit the test runner's blocked signals and outlive the run).
    static func untrustedServer(in directory: URL) throws -> (port: Int, process: ServerChild) {
        let certificate = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                             "-days", "1", "-subj", "/CN=127.0.0.1"]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0, "openssl could not make a certificate")
        let script = """
            import http.server, ssl
            class Handler(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    body = b'{"items":[],"has_more":false}'
                    self.send_response(200); self.send_header("Content-Length", str(len(body))); self.end_headers()
                    self.wfile.write(body)
                def log_message(self, *arguments): pass
            server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain("\(certificate)", "\(key)")
            server.socket = context.wrap_socket(server.socket, server_side=True)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        let server = try ServerChild(["python3", "-c", script])
        guard let line = server.readLine(), let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            server.stop()
            throw TLSServerError.noPort
        }
        return (port, server)
    }

    enum TLSServerError: Error { case noPort }

    @Test func aServerWhoseCertificateIsNotTrustedIsOneClearLine() throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let (port, server) = try Self.untrustedServer(in: store.root)
        defer { server.stop() }
        let run = try ShellRun.run(["--print", "reflog"], replica: nil, store: store, apiBase: "https://127.0.0.1:\(port)/2.3")
        #expect(run.status == 69, "\(run.errors)")
        #expect(run.errors.split(separator: "\n") == ["stackterm: stackoverflow: network error: the server's certificate is not trusted"])
        #expect(run.output.isEmpty)
    }
}
