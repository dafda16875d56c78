# The release build stackterm ships (scripts/install), also run by scripts/demo and measured by scripts/bench:
# - the Swift runtime and Foundation linked in statically: a third less start-up and peak memory than loading
#   them as shared libraries;
# - SQLite, ncurses (with its tinfo) and zlib linked in statically too, from their -dev packages' archives: the
#   loader then maps and relocates 5 libraries instead of 9 (`stackterm --version` 4.8 → 3.8 ms as a whole process,
#   warm first frame 0.7 ms sooner; issue 17). `-lsqlite3` and the others find the archives first, in the
#   directory made below; tinfo is named because the shared ncurses brought it in by itself;
# - not position-independent: the loader then has 40 k relative relocations to apply instead of 130 k, and
#   `stackterm --help` peaks 3.5 MB lower (the pages those relocations would have made private);
# - libcurl not linked: `-lcurl`, which Foundation's networking asks for, finds the empty stand-in in
#   scripts/lib/lazy-curl first; Sources/CLazyCurl loads libcurl.so.4 when the network is first needed.
release_lib_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
release_static_dir="$(cd "$release_lib_dir/../.." && pwd)/.build/static-libs"
release_multiarch="$(gcc -print-multiarch 2>/dev/null || true)"
mkdir -p "$release_static_dir"
# Links, not copies: they resolve once ensure_deps has installed the packages (libsqlite3-dev, libncurses-dev, zlib1g-dev).
for release_lib in sqlite3 ncursesw tinfo z; do
    ln -sfn "/usr/lib/${release_multiarch:-x86_64-linux-gnu}/lib$release_lib.a" "$release_static_dir/lib$release_lib.a"
done
RELEASE_BUILD_FLAGS=(-c release --static-swift-stdlib -Xlinker -no-pie
    -Xlinker -L -Xlinker "$release_static_dir" -Xlinker -ltinfo
    -Xlinker -L -Xlinker "$release_lib_dir/lazy-curl")
