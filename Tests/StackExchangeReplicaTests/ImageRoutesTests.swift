import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Images
import StackExchangeReplica
import Testing
import TestSupport

/// `/img/…`: the replica serves a picture of each format and the hostile ones, as the sites' image host does.
struct ImageRoutesTests {
    let decoder = ImageDecoder()

    func fetch(_ server: ReplicaServer, _ path: String) async throws -> (status: Int, type: String?, body: [UInt8]) {
        let url = URL(string: "http://127.0.0.1:\(server.port)\(path)")!
        let (data, response) = try await URLSession(configuration: .ephemeral).data(from: url)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "Content-Type"), [UInt8](data))
    }

    @Test func eachFormatIsServedWithItsTypeAndDecodes() async throws {
        try await withReplica { server, _ in
            let expected: [(String, String, ImageFormat, Int, Int)] = [
                ("/img/plot.png", "image/png", .png, 96, 48), ("/img/photo.jpg", "image/jpeg", .jpeg, 64, 40),
                ("/img/anim.gif", "image/gif", .gif, 32, 32), ("/img/diagram.webp", "image/webp", .webp, 32, 32),
            ]
            for (path, type, format, width, height) in expected {
                let reply = try await fetch(server, path)
                #expect(reply.status == 200 && reply.type == type, "\(path)")
                #expect(ImageFormat.sniff(reply.body) == format, "\(path)")
                let image = try decoder.decode(reply.body).get()
                #expect(image.width == width && image.height == height, "\(path)")
            }
        }
    }

    @Test func theGIFsFirstFrameIsTheDiagram() async throws {
        try await withReplica { server, _ in
            let gif = try decoder.decode(try await fetch(server, "/img/anim.gif").body).get()
            let webp = try decoder.decode(try await fetch(server, "/img/diagram.webp").body).get()
            #expect(gif == webp)
            #expect(gif[0, 0] == RGBA(red: 250, green: 200, blue: 0))
        }
    }

    @Test func aMisnamedPictureIsToldByItsBytes() async throws {
        try await withReplica { server, _ in
            let reply = try await fetch(server, "/img/misnamed.jpg")
            #expect(reply.type == "image/jpeg")
            #expect(ImageFormat.sniff(reply.body) == .png)
            #expect(try decoder.decode(reply.body).get().width == 96)
        }
    }

    @Test func theBrokenAndTheBombGiveReasons() async throws {
        try await withReplica { server, _ in
            let broken = try await fetch(server, "/img/broken.png")
            #expect(broken.status == 200)
            guard case .failure(.undecodable(.png, _)) = decoder.decode(broken.body) else {
                Issue.record("the broken PNG decoded")
                return
            }
            let bomb = try await fetch(server, "/img/bomb.png")
            #expect(bomb.body.count < 5_000)
            #expect(throws: ImageProblem.tooManyPixels(.png, width: 100_000, height: 100_000, limit: 40_000_000)) {
                try decoder.admit(bomb.body)
            }
        }
    }

    @Test func theSlowPictureIsDribbledAndALeftLoadIsLoggedWithItsBodyCutOff() async throws {
        try await withReplica { server, _ in
            let task = Task { try await fetch(server, "/img/slow.png") }
            let arrived = await eventually { server.requestCount(pathPrefix: "/img/slow.png") == 1 }
            try #require(arrived)
            task.cancel()
            // Logged when the client closes, not when the body would have ended.
            let logged = await eventually(within: SlowPicturePace.seconds) { server.logEntries().contains { $0.path == "/img/slow.png" } }
            #expect(logged)
            let cut = server.logEntries().first { $0.path == "/img/slow.png" }
            #expect(cut?.closedBeforeBodyEnded == true && cut?.status == 200, "\(String(describing: cut))")

            let whole = try await fetch(server, "/img/slow.png")
            #expect(whole.status == 200 && ImageFormat.sniff(whole.body) == .png)
            let sent = server.logEntries().last { $0.path == "/img/slow.png" }
            #expect(sent?.hungUp == false && sent?.closedBeforeBodyEnded == false, "\(String(describing: sent))")
            #expect(sent?.bodyBytesSent == whole.body.count && sent?.bodyLength == whole.body.count)
        }
    }

    @Test func anUnknownPictureOrOneAskedWithAKeyIsRefused() async throws {
        try await withReplica { server, _ in
            let unknown = try await fetch(server, "/img/none.png")
            let keyed = try await fetch(server, "/img/plot.png?key=abc")
            let tokened = try await fetch(server, "/img/plot.png?access_token=t")
            #expect(unknown.status == 404 && keyed.status == 400 && tokened.status == 400)
        }
    }
}
