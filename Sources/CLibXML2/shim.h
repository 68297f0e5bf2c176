#ifndef XMARQUEE_CLIBXML2_SHIM_H
#define XMARQUEE_CLIBXML2_SHIM_H
// libxml2: the SAX2 push parser (strict and recover mode), its error records, and URI resolution.
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/uri.h>

// xmlFree is a macro over a per-thread function pointer, which Swift cannot call.
static inline void xm_xml_free(void *memory) { xmlFree(memory); }
#endif
