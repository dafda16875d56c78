@testable import Browser
import Foundation
import SyntheticDump

/// Random sessions for the replay tests: keys from the keymap (and some typing), the mouse, pastes, resizes,
/// ticks on a moving clock, and answers to the requests issued, in any order, as successes, failures and
/// cancellations.
enum ReplayGenerator {
    /// Every key the default keymap binds on any screen, and some that only type.
    static let keys: [Key] = {
        let keymap = Keymap()
        var keys: [Key] = []
        for screen in KeymapScreen.allCases {
            for action in Action.allCases { keys += keymap.keys(for: action, on: screen) }
        }
        keys += [.character("a"), .character("x"), .character("1"), .character("3"), .character(" "), .backspace,
                 .enter, .escape, .left, .right, .delete, .tab, .function(1), .modified(.up, .shift)]
        var seen = Set<Key>()
        return keys.filter { seen.insert($0).inserted }
    }()

    static let pastes = ["swift", "two words", "line one\nline two", "\u{1b}[A", "漢字", ""]
    static let ticks: [Double] = [0, 0.1, 0.35, 1, 2.5, 6, 61, 301]
    static let outcomes: [ReplayOutcome] = [
        .success(size: 10, more: true), .success(size: 10, more: false), .success(size: 0, more: false),
        .success(size: 14, more: true), .success(size: 3, more: true), .serverError, .offline, .cancelled,
        .throttled(seconds: 5), .signedOut, .refused,
    ]

    /// A session of `length` events from `seed`.
    static func sequence(seed: UInt64, length: Int) -> [ReplayEvent] {
        var random = SeededRandom(seed: seed)
        var events: [ReplayEvent] = []
        while events.count < length {
            if Int.random(in: 0..<100, using: &random) < 4 {
                events += burst(using: &random)
            } else {
                events.append(event(using: &random))
            }
        }
        return Array(events.prefix(length))
    }

    /// A few events a person would type in a row that single random keys seldom hit: writing a comment and
    /// sending it, a search typed and run.
    static func burst(using random: inout SeededRandom) -> [ReplayEvent] {
        let answer = ReplayEvent.respond(pick: Int.random(in: 0..<4, using: &random), live: true,
                                         outcome: outcomes.randomElement(using: &random)!)
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            return [.key(.character("C"))] + "a comment long enough".map { .key(.character($0)) }
                + [.key(.enter), answer, .key(.character("y")), answer]
        case 1:
            return [.key(.character("/")), .paste("swift"), .key(.enter)]
        default:
            return [.key(.enter), answer, .key(.character("+")), answer, .key(.escape)]
        }
    }

    static func event(using random: inout SeededRandom) -> ReplayEvent {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<42:
            return .key(keys.randomElement(using: &random)!)
        case 42..<70:
            // Mostly successes, so the session gets somewhere.
            let outcome = Int.random(in: 0..<3, using: &random) == 0
                ? outcomes.randomElement(using: &random)! : outcomes[Int.random(in: 0..<5, using: &random)]
            return .respond(pick: Int.random(in: 0..<8, using: &random), live: true, outcome: outcome)
        case 70..<75:
            return .respond(pick: Int.random(in: 0..<64, using: &random), live: false,
                            outcome: outcomes.randomElement(using: &random)!)
        case 75..<85:
            return .tick(seconds: ticks.randomElement(using: &random)!)
        case 85..<93:
            let actions: [MouseEvent.Action] = [.press(.left), .release(.left), .wheelUp, .wheelDown, .press(.right), .drag(.left)]
            return .mouse(MouseEvent(actions.randomElement(using: &random)!, row: Int.random(in: 0..<40, using: &random),
                                     column: Int.random(in: 0..<100, using: &random)))
        case 93..<97:
            let sizes = [(80, 24), (80, 11), (40, 12), (120, 40), (30, 6), (29, 5), (10, 3), (200, 60)]
            let size = sizes.randomElement(using: &random)!
            return .resize(width: size.0, height: size.1)
        default:
            return .paste(pastes.randomElement(using: &random)!)
        }
    }
}
