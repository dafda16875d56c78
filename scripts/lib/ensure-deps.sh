# Installs the system packages stackterm needs when they are missing (Debian). `ensure_deps build` installs only what
# building and running it needs (scripts/demo, scripts/install): not the tools of the tests and benchmarks.
ensure_deps() {
    local missing=()
    local tools=1
    [ "${1:-}" = build ] && tools=0
    [ -e /usr/include/curses.h ] || [ -e /usr/include/ncursesw/curses.h ] || missing+=(libncurses-dev)
    if [ "$tools" = 1 ]; then
        command -v tmux >/dev/null 2>&1 || missing+=(tmux)
        command -v strace >/dev/null 2>&1 || missing+=(strace)
        # GNU time: the benchmark's peak RSS of `stackterm --help`.
        [ -x /usr/bin/time ] || missing+=(time)
        # `7z` packs the generator's synthetic dumps (issue 29's tests).
        command -v 7z >/dev/null 2>&1 || command -v 7zz >/dev/null 2>&1 || missing+=(7zip)
        # openssl makes the certificate of the TLS end-to-end test's server (python3's).
        command -v openssl >/dev/null 2>&1 || missing+=(openssl)
        # callgrind: the instruction-count benchmarks and scripts/orderfile's profiles of a launch.
        command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
        # The terminfo entries of the terminals the end-to-end key matrix runs under (putty, rxvt and others).
        [ -e /usr/share/terminfo/p/putty-256color ] || missing+=(ncurses-term)
    fi
    [ -e /usr/include/sqlite3.h ] || missing+=(libsqlite3-dev)
    [ -e /usr/include/zlib.h ] || missing+=(zlib1g-dev)
    # Issue 29's importer: libarchive reads a dump's .7z as a stream.
    [ -e /usr/include/archive.h ] || missing+=(libarchive-dev)
    # scripts/package builds the .deb with dpkg-deb.
    [ "$tools" = 1 ] && { command -v dpkg-deb >/dev/null 2>&1 || missing+=(dpkg); }
    # Pictures: the decoders' headers at build time; the libraries are loaded when the first picture is drawn
    # (Sources/CLazyImages).
    [ -e /usr/include/png.h ] || missing+=(libpng-dev)
    [ -e /usr/include/jpeglib.h ] || missing+=(libjpeg62-turbo-dev)
    [ -e /usr/include/gif_lib.h ] || missing+=(libgif-dev)
    [ -e /usr/include/webp/decode.h ] || missing+=(libwebp-dev)
    # Every request goes through libcurl 4, loaded at run time (Sources/CLazyCurl; the release link needs no -dev package).
    [ -e /usr/lib/x86_64-linux-gnu/libcurl.so.4 ] || [ -e /usr/lib/libcurl.so.4 ] || missing+=(libcurl4)
    if [ ${#missing[@]} -gt 0 ]; then
        echo "installing: ${missing[*]}" >&2
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
    fi
}
