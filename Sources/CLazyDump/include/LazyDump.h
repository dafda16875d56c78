#ifndef STACKTERM_LAZY_DUMP_H
#define STACKTERM_LAZY_DUMP_H
/* libarchive and libxml2 loaded on first use (`stackterm import`), not by the loader at every start: linked, the
   two and what they bring (ICU, lzma, zstd, bz2, lz4, nettle, acl: ten libraries) would be mapped and relocated
   before every browse. LazyDump.c defines the functions the importer calls, under their own names; CArchive gives
   Swift libarchive's declarations (with no library to link), this header libxml2's. */

/* The reason the libraries could not be loaded, or NULL when they are (or were never asked for). */
const char *stackterm_lazy_dump_error(void);

/* libxml2's xmlTextReader, as much of it as the importer uses. Declared here rather than through libxml2-dev's
   headers: those need pkg-config's flags, which would link libxml2 (and ICU) into every start; and with ICU they
   clash with the copy Foundation carries. The values are libxml2's (xmlParserOption, xmlReaderTypes). */
typedef struct _xmlTextReader *xmlTextReaderPtr;
typedef int (*xmlInputReadCallback)(void *context, char *buffer, int len);
typedef int (*xmlInputCloseCallback)(void *context);
typedef void (*xmlTextReaderErrorFunc)(void *arg, const char *msg, int severity, void *locator);
enum {
    STACKTERM_XML_PARSE_NOBLANKS = 1 << 8,
    STACKTERM_XML_PARSE_NONET = 1 << 11,
    STACKTERM_XML_PARSE_COMPACT = 1 << 16,
    STACKTERM_XML_PARSE_HUGE = 1 << 19,
    STACKTERM_XML_READER_TYPE_ELEMENT = 1,
};
xmlTextReaderPtr xmlReaderForIO(xmlInputReadCallback read, xmlInputCloseCallback close, void *context, const char *url,
                                const char *encoding, int options);
void xmlTextReaderSetErrorHandler(xmlTextReaderPtr reader, xmlTextReaderErrorFunc f, void *arg);
void xmlFreeTextReader(xmlTextReaderPtr reader);
int xmlTextReaderRead(xmlTextReaderPtr reader);
int xmlTextReaderGetParserLineNumber(xmlTextReaderPtr reader);
int xmlTextReaderNodeType(xmlTextReaderPtr reader);
const unsigned char *xmlTextReaderConstLocalName(xmlTextReaderPtr reader);
const unsigned char *xmlTextReaderConstValue(xmlTextReaderPtr reader);
int xmlTextReaderMoveToFirstAttribute(xmlTextReaderPtr reader);
int xmlTextReaderMoveToNextAttribute(xmlTextReaderPtr reader);
int xmlTextReaderMoveToElement(xmlTextReaderPtr reader);

#endif
