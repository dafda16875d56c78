import Foundation
import Images
import StacktermCLI
import Terminal
#if canImport(Glibc)
import Glibc
#endif

extension Stackterm {
    /// `--print-config`'s word on the pictures' form: with `mode = "auto"` on a terminal, the terminal is asked as
    /// the browser's start would ask it, and its answer said; else what the mode says.
    static func pictureFormLine(_ images: ImageSettings, environment: [String: String]) -> String {
        guard images.mode == .auto else { return "# images: \(images.mode.rawValue)\n" }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, let term = environment["TERM"], !term.isEmpty else {
            return "# images: auto (not a terminal: nothing asked)\n"
        }
        let probe = PictureFormProbe.run(mode: .auto, blocks: images.blocks, term: term, environment: environment)
        return "# images: \(probe.summary)\n"
    }
}
