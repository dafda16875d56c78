import Foundation
import HTTPDriver
import Operations
import StackExchange
import StackExchangeReplica
import TestSupport
import Testing

/// The posts' pictures go through the networking layer's background lane: two at a time, beside (never ahead of)
/// the person's requests on the user lane.
struct PictureLaneIntegrationTests {
    /// How long the slow picture's body takes here: far longer than the user lane's page takes even on a loaded
    /// machine, so "while the pictures are still arriving" holds whatever the load.
    static let bodySeconds = 600

    /// A transfer of the replica's slow picture, whose body takes `bodySeconds` to arrive.
    static func slowPicture(_ harness: ReplicaHarness, ended: CompletionFlag) -> PictureTransferOperation {
        let image = harness.replica.baseURL.deletingLastPathComponent().appendingPathComponent("img/slow.png")
        let url = URL(string: image.absoluteString + "?seconds=\(bodySeconds)")!
        return PictureTransferOperation(
            url: url, userAgent: "stackterm-test",
            transport: CurlTransport(), timeout: 30, limit: 10_000_000
        ) { _ in ended.mark() }
    }

    @Test func aUserRequestIsAnsweredWhileTwoSlowPicturesHoldTheBackgroundLane() async throws {
        try await ReplicaHarness.with { harness in
            let ended = CompletionFlag()
            let pictures = (0..<3).map { _ in Self.slowPicture(harness, ended: ended) }
            for picture in pictures { picture.enqueue(on: harness.queues) }

            // Two on the wire, the third waiting its turn on the background lane.
            #expect(await eventually { harness.replica.requestCount(pathPrefix: "/img/slow.png") == 2 })
            let background = Set(harness.queues.backgroundQueue.operations.map(ObjectIdentifier.init))
            #expect(pictures.allSatisfy { background.contains(ObjectIdentifier($0)) }, "every transfer is a background-lane operation")
            #expect(harness.queues.userQueue.operations.isEmpty)
            #expect(pictures.filter { $0.phase == .executing }.count == 2)
            #expect(pictures.filter { $0.phase == .ready }.count == 1)
            #expect(pictures.allSatisfy { $0.queuePriority == .low })

            // The person's request, on the user lane, is answered while both pictures are still arriving.
            let page = await harness.page(QuestionsQuery(pageSize: 10), 1)
            #expect((try? page.get().items.count) == 10)
            #expect(pictures.filter { $0.phase == .executing }.count == 2, "the pictures were still on the wire")
            #expect(harness.replica.logEntries().filter { $0.path == "/img/slow.png" }.isEmpty, "no picture's body had ended")
            #expect(ended.count == 0)

            // Leaving cancels them, newest first as the ledger does (`RequestLedger.cancelAll`): the waiting one is
            // withdrawn before a cancel frees its place on the lane. The two on the wire close with their bodies cut off.
            for picture in pictures.reversed() { picture.cancel() }
            let closed = await eventually(within: 30) {
                harness.replica.logEntries().filter { $0.path == "/img/slow.png" && $0.closedBeforeBodyEnded }.count == 2
            }
            #expect(closed, "\(harness.replica.logEntries())")
            #expect(harness.replica.requestCount(pathPrefix: "/img/slow.png") == 2, "the third never went out")
            #expect(ended.count == 0, "a cancelled transfer never completes")
        }
    }
}
