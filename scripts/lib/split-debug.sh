# split_debug BINARY DEBUG_FILE: keeps BINARY's symbols and DWARF in DEBUG_FILE (objcopy --only-keep-debug), strips
# BINARY of them (what Debian's policy asks of a shipped binary), and links the two (.gnu_debuglink, with the debug
# file's CRC): gdb, perf and a crash report find the symbols in the debug file by that link, or by the build id.
split_debug() {
    local binary debug="$2"
    binary="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
    mkdir -p "$(dirname "$debug")"
    objcopy --only-keep-debug "$binary" "$debug"
    chmod 0644 "$debug"
    strip --strip-all --remove-section=.comment "$binary"
    # objcopy stores the debug file's name (not its directory) and CRC: run it beside the file.
    (cd "$(dirname "$debug")" && objcopy --add-gnu-debuglink="$(basename "$debug")" "$binary")
}

# The build id of BINARY (hex), or nothing when it was linked without one.
build_id() {
    readelf -n "$1" 2>/dev/null | sed -n 's/^ *Build ID: *\([0-9a-f]*\)$/\1/p' | head -n 1
}
