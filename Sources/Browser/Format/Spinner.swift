public import Foundation

/// The frame of the loading spinner for how long a load has run; ten frames a second.
public enum Spinner {
    public static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The frame shown `elapsed` seconds into a load.
    public static func frame(elapsed: TimeInterval) -> Character {
        let tick = Int(max(0, elapsed) * 10)
        return frames[tick % frames.count]
    }
}
