@testable import Browser
import Foundation
import Images
import StackExchange
import Testing

/// A new cell size (found after a resize) rescales the open question's pixel pictures, and those of every question
/// opened after it.
@MainActor
struct PictureCellSizeTests {
    static var configuration: BrowserConfiguration {
        var configuration = PictureFetchingTests.configuration
        configuration.pictures = PictureSettings(form: .kitty)
        return configuration
    }

    static let plot = PictureFile(
        format: .png, width: 96, height: 48, pixels: RGBAImage(width: 96, height: 48) { _, _ in RGBA(red: 0, green: 90, blue: 200) })

    /// The first picture's cells on the screen, once it has arrived.
    func firstFit(_ h: Harness) -> ImageFit? {
        h.controller.picturesOnScreen(width: 80, height: 24)?.pictures.first?.fit
    }

    @Test func aNewCellSizeRescalesTheOpenQuestionsPictures() throws {
        let h = PictureFetchingTests().openDetail(configuration: Self.configuration)
        h.pictures.requests[0].deliver(.file(Self.plot))
        // 96×48 pixels in the assumed 8×16 cells: 12 columns by 3 rows.
        #expect(firstFit(h) == ImageFit(columns: 12, rows: 3, pixelWidth: 96, pixelHeight: 48))
        h.controller.cellSizeChanged(CellSize(width: 12, height: 24))
        #expect(firstFit(h) == ImageFit(columns: 8, rows: 2, pixelWidth: 96, pixelHeight: 48))
        #expect(h.controller.model.configuration.pictures.cell == CellSize(width: 12, height: 24), "and the questions opened next")
    }

    /// The form decided after the first frame (inside tmux, once tmux answered): the questions opened next draw in it,
    /// and so does an open one; a decision that changes nothing is not delivered.
    @Test func aFormDecidedLaterIsTakenByTheOpenQuestionAndTheNextOnes() throws {
        let h = PictureFetchingTests().openDetail()
        h.pictures.requests[0].deliver(.file(Self.plot))
        #expect(firstFit(h) == nil, "blocks are text: no pixels placed")
        #expect(!h.controller.picturesDecided(.blocks(.half, .palette256), cell: .standard), "the same form: nothing to tell")
        #expect(h.controller.picturesDecided(.kitty, cell: CellSize(width: 12, height: 24)))
        #expect(firstFit(h) == ImageFit(columns: 8, rows: 2, pixelWidth: 96, pixelHeight: 48))
        #expect(h.controller.model.configuration.pictures.form == .kitty)
        #expect(h.controller.model.configuration.pictures.cell == CellSize(width: 12, height: 24), "and the questions opened next")
    }
}
