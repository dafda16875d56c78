import Foundation
import Images
import StacktermCLI
import Terminal
#if canImport(Glibc)
import Glibc
#endif

extension Stackterm {
    /// `--print-config`'s word on the pictures' form and the cell size they are scaled with: on a terminal, it is
    /// asked as the browser's start would ask it (for `mode = "auto"`, or a pixel form whose window has no pixel
    /// size), and its answers said; else what the mode says.
    static func pictureFormLine(_ images: ImageSettings, environment: [String: String]) -> String {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, let term = environment["TERM"], !term.isEmpty else {
            let form = images.mode == .auto ? "auto (not a terminal: nothing asked)" : images.mode.rawValue
            return "# images: \(form)\n# cell: \(CellSize.standard.width)×\(CellSize.standard.height) pixels (assumed: not a terminal)\n"
        }
        let probe = PictureFormProbe.run(mode: images.mode, blocks: images.blocks, term: term, environment: environment)
        let form = images.mode == .auto ? probe.summary : images.mode.rawValue
        return "# images: \(form)\n# cell: \(probe.cell)\n"
    }
}
