@testable import Browser
import Foundation

/// One step of a replayed session: what a person or the world does to the browser model.
///
/// A response names its request by position (`pick`), not by token, so that a sequence still means something
/// after the shrinker dropped events from it: the request picked is the `pick`-th (modulo how many there are)
/// of those issued so far, or of those still in flight.
enum ReplayEvent: Hashable, Sendable, CustomStringConvertible {
    case key(Key)
    case mouse(MouseEvent)
    case paste(String)
    case resize(width: Int, height: Int)
    /// The clock moves `seconds` on, then a tick.
    case tick(seconds: Double)
    /// The answer to a request: one still in flight (`live`), or any issued so far (perhaps stale).
    case respond(pick: Int, live: Bool, outcome: ReplayOutcome)

    var description: String {
        switch self {
        case .key(let key): ".key(\(Self.swift(key)))"
        case .mouse(let event):
            ".mouse(MouseEvent(\(Self.swift(event.action)), row: \(event.row), column: \(event.column)"
                + (event.modifiers.isEmpty ? "))" : ", modifiers: KeyModifiers(rawValue: \(event.modifiers.rawValue))))")
        case .paste(let text): ".paste(\(Self.literal(text)))"
        case .resize(let width, let height): ".resize(width: \(width), height: \(height))"
        case .tick(let seconds): ".tick(seconds: \(seconds))"
        case .respond(let pick, let live, let outcome): ".respond(pick: \(pick), live: \(live), outcome: \(outcome))"
        }
    }

    static func swift(_ key: Key) -> String {
        switch key {
        case .up: ".up"
        case .down: ".down"
        case .left: ".left"
        case .right: ".right"
        case .pageUp: ".pageUp"
        case .pageDown: ".pageDown"
        case .home: ".home"
        case .end: ".end"
        case .enter: ".enter"
        case .escape: ".escape"
        case .backspace: ".backspace"
        case .tab: ".tab"
        case .delete: ".delete"
        case .character(let c): ".character(\(literal(String(c))))"
        case .control(let c): ".control(\(literal(String(c))))"
        case .alt(let c): ".alt(\(literal(String(c))))"
        case .function(let n): ".function(\(n))"
        case .modified(let base, let modifiers): ".modified(\(swift(base)), KeyModifiers(rawValue: \(modifiers.rawValue)))"
        }
    }

    static func swift(_ action: MouseEvent.Action) -> String {
        switch action {
        case .press(let button): ".press(.\(button))"
        case .release(let button): ".release(.\(button))"
        case .drag(let button): ".drag(.\(button))"
        case .wheelUp: ".wheelUp"
        case .wheelDown: ".wheelDown"
        case .wheelLeft: ".wheelLeft"
        case .wheelRight: ".wheelRight"
        }
    }

    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// How a request ends.
enum ReplayOutcome: Hashable, Sendable, CustomStringConvertible {
    /// It succeeds with `size` items (questions, answers, comments, inbox items), and more when `more`.
    case success(size: Int, more: Bool)
    /// A server error (500): a write's outcome is then unknown.
    case serverError
    /// The network could not be reached.
    case offline
    /// The data manager cancelled it.
    case cancelled
    /// The API throttled the caller for `seconds`.
    case throttled(seconds: Int)
    /// The API withdrew the sign-in (402).
    case signedOut
    /// The API refused it (400).
    case refused

    var description: String {
        switch self {
        case .success(let size, let more): ".success(size: \(size), more: \(more))"
        case .serverError: ".serverError"
        case .offline: ".offline"
        case .cancelled: ".cancelled"
        case .throttled(let seconds): ".throttled(seconds: \(seconds))"
        case .signedOut: ".signedOut"
        case .refused: ".refused"
        }
    }
}
