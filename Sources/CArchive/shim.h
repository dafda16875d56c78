#ifndef STACKTERM_CARCHIVE_SHIM_H
#define STACKTERM_CARCHIVE_SHIM_H
/* libarchive (Debian libarchive-dev): a data dump's .7z read as a stream, never unpacked to disk. The declarations
   only: Sources/CLazyDump defines these functions and loads libarchive.so.13 on first use. */
#include <archive.h>
#include <archive_entry.h>
#endif
