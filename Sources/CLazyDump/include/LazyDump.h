#ifndef STACKTERM_LAZY_DUMP_H
#define STACKTERM_LAZY_DUMP_H
/* libarchive loaded on first use (`stackterm import`), not by the loader at every start: linked, it and what it
   brings (lzma, zstd, bz2, lz4, nettle, acl, xml2 with ICU) would be mapped and relocated before every browse.
   LazyDump.c defines the functions the importer calls, under libarchive's own names; CArchive gives Swift their
   declarations (with no library to link). */

/* The reason libarchive could not be loaded, or NULL when it is (or was never asked for). */
const char *stackterm_lazy_dump_error(void);

#endif
