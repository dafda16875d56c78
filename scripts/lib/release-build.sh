# The release build stackterm ships (scripts/install), also run by scripts/demo and measured by scripts/bench:
# - the Swift runtime and Foundation linked in statically: a third less start-up and peak memory than loading
#   them as shared libraries;
# - not position-independent: the loader then has 40 k relative relocations to apply instead of 130 k, and
#   `stackterm --help` peaks 3.5 MB lower (the pages those relocations would have made private);
# - libcurl not linked: `-lcurl`, which Foundation's networking asks for, finds the empty stand-in in
#   scripts/lib/lazy-curl first; Sources/CLazyCurl loads libcurl.so.4 when the network is first needed.
RELEASE_BUILD_FLAGS=(-c release --static-swift-stdlib -Xlinker -no-pie
    -Xlinker -L -Xlinker "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lazy-curl")
