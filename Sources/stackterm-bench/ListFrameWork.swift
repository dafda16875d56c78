import Browser
import Foundation
import Terminal

/// Frames of a person paging a long list, headless, for callgrind to count one by one: the work of each PageDown's
/// frame (`frame`, drawn and painted through ncurses) apart from the idle work after it (`idle`, the next screen
/// laid out ahead). Run as `stackterm-bench --list-frames ROWS FRAMES` under
/// `valgrind --tool=callgrind --dump-after=…frame…`, which writes one profile per frame.
@MainActor
enum ListFrameWork {
    static func run(rows: Int, frames: Int, width: Int = 120, height: Int = 40) {
        guard let painter = HeadlessTerminal.start(width: width, height: height) else { fatalError("ncurses would not start") }
        let controller = SyntheticList.controller(rows: rows)
        controller.resize(width: width, height: height)
        frame(controller, painter: painter, width: width, height: height)
        idle(controller, width: width, height: height)
        for index in 0..<frames {
            controller.handle(Key.pageDown)
            frame(controller, painter: painter, width: width, height: height)
            idle(controller, width: width, height: height)
            // Every 25th, a jump to the end and back: frames that lay a screen out themselves.
            if index % 25 == 24 {
                for key in [Key.end, Key.home] {
                    controller.handle(key)
                    frame(controller, painter: painter, width: width, height: height)
                    idle(controller, width: width, height: height)
                }
            }
        }
    }

    /// One frame: the screen drawn and painted.
    @inline(never)
    static func frame(_ controller: BrowserController, painter: ScreenPainter, width: Int, height: Int) {
        painter.paint(controller.render(width: width, height: height))
    }

    /// The idle work after a frame.
    @inline(never)
    static func idle(_ controller: BrowserController, width: Int, height: Int) {
        controller.prepareNextScreen(width: width, height: height)
    }
}
