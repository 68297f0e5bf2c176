#ifndef XMARQUEE_CLIBXML2_SHIM_H
#define XMARQUEE_CLIBXML2_SHIM_H
// libxml2: the SAX2 push parser (strict and recover mode), its error records, and URI resolution.
// Debian builds libxml2 with ICU, and encoding.h then includes ICU's headers, whose UErrorCode
// differs from the one Foundation's own ICU module declares: a Swift module that imports both
// fails to build ("'UErrorCode' has different definitions in different modules"), depending on
// which clang module is built first. xmarquee never uses libxml2's ICU converters (it decodes
// with iconv itself) nor touches the fields they add to xmlCharEncodingHandler, so ICU is left
// out of this view of the headers.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/uri.h>

// xmlFree is a macro over a per-thread function pointer, which Swift cannot call.
static inline void xm_xml_free(void *memory) { xmlFree(memory); }
#endif
