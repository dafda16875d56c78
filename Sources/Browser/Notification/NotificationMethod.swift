/// How a notification reaches the person outside the terminal (`[watch] notify`).
public enum NotificationMethod: String, Sendable, Hashable, CaseIterable {
    /// Chosen from the terminal (`TERM_PROGRAM`, `TERM`): see `resolved(environment:)`.
    case auto
    /// `OSC 9 ; text BEL`: iTerm2, WezTerm, Windows Terminal, kitty.
    case osc9
    /// `OSC 777 ; notify ; title ; text BEL`: foot, urxvt, VTE terminals.
    case osc777
    /// `OSC 99 ; ; text ESC \`: kitty's own protocol.
    case osc99
    /// The terminal bell only.
    case bell
    /// No notification.
    case none

    /// The method `auto` stands for in a terminal with `environment`; any other method is itself.
    ///
    /// Terminals that say who they are get their own protocol; everything else gets the bell, which every terminal
    /// takes (an unknown OSC is dropped silently by most, but not all, and a bell is never misread).
    public func resolved(environment: [String: String]) -> NotificationMethod {
        guard self == .auto else { return self }
        let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
        let term = environment["TERM"]?.lowercased() ?? ""
        if environment["KITTY_WINDOW_ID"] != nil || term.contains("kitty") { return .osc99 }
        if program.contains("iterm") || program.contains("wezterm") || environment["WT_SESSION"] != nil { return .osc9 }
        if term.hasPrefix("foot") || term.contains("rxvt") || environment["VTE_VERSION"] != nil { return .osc777 }
        return .bell
    }
}
