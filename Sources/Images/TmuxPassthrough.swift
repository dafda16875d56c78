/// tmux's passthrough: an escape for the outer terminal wrapped in `ESC P tmux; … ESC \`, every ESC inside doubled.
/// tmux passes it on only where `allow-passthrough` is on.
public enum TmuxPassthrough {
    public static func wrap(_ bytes: [UInt8]) -> [UInt8] {
        var out = Array("\u{1B}Ptmux;".utf8)
        for byte in bytes {
            if byte == 0x1B { out.append(0x1B) }
            out.append(byte)
        }
        return out + [0x1B, 0x5C]
    }
}
