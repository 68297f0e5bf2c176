#ifndef XMARQUEE_CCURL_SHIM_H
#define XMARQUEE_CCURL_SHIM_H
// libcurl's easy interface. curl_easy_setopt and curl_easy_getinfo are variadic, which Swift
// cannot call: one typed wrapper per argument kind.
#include <curl/curl.h>

static inline CURLcode xm_curl_set_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode xm_curl_set_off(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode xm_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode xm_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode xm_curl_set_list(CURL *curl, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(curl, option, value);
}
typedef size_t (*xm_curl_data_callback)(char *data, size_t size, size_t count, void *context);
static inline CURLcode xm_curl_set_callback(CURL *curl, CURLoption option, xm_curl_data_callback callback) {
    return curl_easy_setopt(curl, option, callback);
}
static inline CURLcode xm_curl_get_long(CURL *curl, CURLINFO info, long *value) {
    return curl_easy_getinfo(curl, info, value);
}
static inline CURLcode xm_curl_get_string(CURL *curl, CURLINFO info, char **value) {
    return curl_easy_getinfo(curl, info, value);
}
#endif
