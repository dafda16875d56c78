#ifndef STACKTERM_CLIBXML2_SHIM_H
#define STACKTERM_CLIBXML2_SHIM_H
/* libxml2 (Debian libxml2-dev): a dump's XML read a row at a time through xmlTextReader, in constant memory. */
#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, and encoding.h would then include ICU's headers, which clash with the copy
   Foundation carries (_FoundationICU). Nothing here touches the encoding handler's ICU fields (only pointers to it
   pass through), so the headers are read as without ICU. */
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#endif
