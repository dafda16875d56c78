import Browser
import Foundation
import Terminal

/// The frame benchmarks: the real `ScreenPainter` into ncurses on /dev/null, and the key → frame path.
@MainActor
enum PaintBenchmarks {
    static let sizes = [(width: 120, height: 40), (width: 250, height: 70)]

    /// Two screens of the list that differ in every row (a page apart), at `width`×`height`.
    static func screens(width: Int, height: Int) -> (ScreenBuffer, ScreenBuffer) {
        let controller = SyntheticList.controller(rows: 1_000)
        controller.resize(width: width, height: height)
        let first = controller.render(width: width, height: height)
        controller.handle(.pageDown)
        let second = controller.render(width: width, height: height)
        return (first, second)
    }

    static func register(_ runner: inout BenchmarkRunner) {
        guard let painter = HeadlessTerminal.start(width: 120, height: 40) else {
            print("  (paint benchmarks skipped: ncurses would not start on /dev/null)", to: &standardError)
            return
        }
        for size in sizes {
            HeadlessTerminal.resize(width: size.width, height: size.height, painter: painter)
            let (first, second) = screens(width: size.width, height: size.height)
            var flip = false
            runner.run("paint: full screen \(size.width)x\(size.height) (headless, into /dev/null)", units: 1, unit: "frames", target: size.width > 200 ? 5 : 2) {
                flip.toggle()
                painter.paint(flip ? first : second)
            }
            let controller = SyntheticList.controller(rows: 10_000)
            controller.resize(width: size.width, height: size.height)
            var down = false
            runner.run("key->frame: PageDown/PageUp \(size.width)x\(size.height) (headless, into /dev/null)", units: 1, unit: "frames", target: 16) {
                down.toggle()
                controller.handle(down ? .pageDown : .pageUp)
                painter.paint(controller.render(width: size.width, height: size.height))
            }
            // Every PageDown shows rows never laid out (the app lays out the next screen after each frame; this does
            // not), as the first frame of a launch and a PageDown past the prepared screen do.
            let fresh = SyntheticList.controller(rows: 10_000)
            fresh.resize(width: size.width, height: size.height)
            runner.run("key->frame: PageDown onto rows never laid out \(size.width)x\(size.height) (headless, into /dev/null)", units: 1, unit: "frames", target: 16) {
                if fresh.state.list.isSelectionOnLastRow { fresh.handle(.home) } else { fresh.handle(.pageDown) }
                painter.paint(fresh.render(width: size.width, height: size.height))
            }
        }
    }

    /// Paints `frames` full screens alternately at `width`×`height` and nothing else: the program callgrind counts.
    static func paintOnly(width: Int, height: Int, frames: Int) {
        guard let painter = HeadlessTerminal.start(width: width, height: height) else { fatalError("ncurses would not start") }
        let (first, second) = screens(width: width, height: height)
        for frame in 0..<frames { painter.paint(frame % 2 == 0 ? first : second) }
    }
}
