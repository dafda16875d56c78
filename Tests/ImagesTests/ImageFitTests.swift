import Images
import Testing

struct ImageFitTests {
    @Test func aWidePictureFitsTheTextWidthWithItsAspect() {
        // 1600×800 into 80 columns of 8×16 cells: 640 pixels across, 320 down, 20 rows.
        let fit = ImageFit.fitting(width: 1600, height: 800, columns: 80, maxRows: 40)
        #expect(fit == ImageFit(columns: 80, rows: 20, pixelWidth: 640, pixelHeight: 320))
    }

    @Test func aTallPictureStopsAtMaxRows() {
        let fit = ImageFit.fitting(width: 400, height: 2000, columns: 80, maxRows: 20)
        // 20 rows of 16 pixels: 320 pixels down, 64 across.
        #expect(fit == ImageFit(columns: 8, rows: 20, pixelWidth: 64, pixelHeight: 320))
    }

    @Test func aSmallPictureIsNeverEnlarged() {
        let fit = ImageFit.fitting(width: 20, height: 10, columns: 80, maxRows: 20)
        #expect(fit == ImageFit(columns: 3, rows: 1, pixelWidth: 20, pixelHeight: 10))
    }

    @Test func theCellSizeKeepsTheAspect() {
        // Square cells of 10×10: a square picture takes as many rows as columns.
        let fit = ImageFit.fitting(width: 1000, height: 1000, columns: 50, maxRows: 100, cell: CellSize(width: 10, height: 10))
        #expect(fit == ImageFit(columns: 50, rows: 50, pixelWidth: 500, pixelHeight: 500))
        // With the default 8×16, the same picture at 40 columns is 320 pixels square, 20 rows.
        #expect(ImageFit.fitting(width: 1000, height: 1000, columns: 40, maxRows: 100)
            == ImageFit(columns: 40, rows: 20, pixelWidth: 320, pixelHeight: 320))
    }

    @Test func theCellSizeComesFromTheWindowOrIsTheDefault() {
        #expect(CellSize.from(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480) == CellSize(width: 10, height: 20))
        #expect(CellSize.from(columns: 80, rows: 24, pixelWidth: 0, pixelHeight: 0) == .standard)
        #expect(CellSize.standard == CellSize(width: 8, height: 16))
    }

    @Test func nothingFitsInNoRoom() {
        #expect(ImageFit.fitting(width: 100, height: 100, columns: 0, maxRows: 20).columns == 0)
    }
}
