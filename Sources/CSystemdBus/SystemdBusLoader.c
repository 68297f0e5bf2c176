#include "shim.h"
#include <dlfcn.h>

struct xmarquee_sd_bus_table xmarquee_sd_bus;

// The library stays loaded for the rest of the run once resolved: sd-bus keeps per-thread state,
// and every connection's finalizer lives in it.
const char *xmarquee_sd_bus_load(void) {
    if (xmarquee_sd_bus.library) return NULL;
    void *library = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return dlerror();
    struct xmarquee_sd_bus_table table = { .library = library };
#define XMARQUEE_SD_BUS_RESOLVE(type, name, parameters, arguments) \
    if (!(table.name = (type (*) parameters)dlsym(library, #name))) { \
        const char *error = dlerror(); \
        dlclose(library); \
        return error ? error : #name " is missing"; \
    }
    XMARQUEE_SD_BUS_FUNCTIONS(XMARQUEE_SD_BUS_RESOLVE)
#undef XMARQUEE_SD_BUS_RESOLVE
    xmarquee_sd_bus = table;
    return NULL;
}
