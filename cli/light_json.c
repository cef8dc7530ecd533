/* light_json.c -- cJSON for the muster tool, loaded when first used (built
 * into `muster` only; see light.c). Debian ships cJSON as a shared library
 * alone, and each shared library the loader maps costs every start about
 * 5 % of an empty program's: `muster --version`, `odds fire` and the
 * other commands that print no JSON should not pay for it. Each cJSON
 * function muster calls is defined here with cJSON's own prototype and
 * calls the library's, which the first call loads (dlopen) with all of
 * them. A new cJSON call elsewhere is one more line in CJSON_CALLS: the
 * tool does not link until it is there.
 *
 * When the tool is linked statically (static-pie, see CMakeLists.txt),
 * the library brings its own copy of libc with its own heap: cJSON is
 * then told to allocate with the tool's malloc and free, so that what
 * it allocates and what muster frees (a printed string, a tree) are one
 * heap, as they are when the tool is linked dynamically. */
#include <cjson/cJSON.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define CJSON_CALLS(X)                                                         \
    X(cJSON *, cJSON_Parse, (const char *v), (v))                              \
    X(cJSON *, cJSON_ParseWithLengthOpts,                                      \
      (const char *v, size_t n, const char **end, cJSON_bool nul),             \
      (v, n, end, nul))                                                        \
    X(char *, cJSON_Print, (const cJSON *i), (i))                              \
    X(char *, cJSON_PrintUnformatted, (const cJSON *i), (i))                   \
    X(int, cJSON_GetArraySize, (const cJSON *a), (a))                          \
    X(cJSON *, cJSON_GetObjectItemCaseSensitive,                               \
      (const cJSON *const o, const char *const s), (o, s))                     \
    X(cJSON_bool, cJSON_IsTrue, (const cJSON *const i), (i))                   \
    X(cJSON_bool, cJSON_IsBool, (const cJSON *const i), (i))                   \
    X(cJSON_bool, cJSON_IsNull, (const cJSON *const i), (i))                   \
    X(cJSON_bool, cJSON_IsNumber, (const cJSON *const i), (i))                 \
    X(cJSON_bool, cJSON_IsString, (const cJSON *const i), (i))                 \
    X(cJSON_bool, cJSON_IsArray, (const cJSON *const i), (i))                  \
    X(cJSON_bool, cJSON_IsObject, (const cJSON *const i), (i))                 \
    X(cJSON_bool, cJSON_IsRaw, (const cJSON *const i), (i))                    \
    X(cJSON *, cJSON_CreateString, (const char *s), (s))                       \
    X(cJSON *, cJSON_CreateRaw, (const char *s), (s))                          \
    X(cJSON *, cJSON_CreateArray, (void), ())                                  \
    X(cJSON *, cJSON_CreateObject, (void), ())                                 \
    X(cJSON_bool, cJSON_AddItemToArray, (cJSON *a, cJSON *i), (a, i))          \
    X(cJSON_bool, cJSON_AddItemToObject, (cJSON *o, const char *s, cJSON *i),  \
      (o, s, i))                                                               \
    X(cJSON *, cJSON_DetachItemViaPointer, (cJSON *p, cJSON *const i), (p, i)) \
    X(cJSON *, cJSON_DetachItemFromArray, (cJSON *a, int w), (a, w))           \
    X(cJSON_bool, cJSON_ReplaceItemViaPointer,                                 \
      (cJSON *const p, cJSON *const i, cJSON *r), (p, i, r))                   \
    X(cJSON_bool, cJSON_Compare,                                               \
      (const cJSON *const a, const cJSON *const b, const cJSON_bool cs),       \
      (a, b, cs))                                                              \
    X(cJSON *, cJSON_AddNullToObject, (cJSON *const o, const char *const n),   \
      (o, n))                                                                  \
    X(cJSON *, cJSON_AddBoolToObject,                                          \
      (cJSON *const o, const char *const n, const cJSON_bool b), (o, n, b))    \
    X(cJSON *, cJSON_AddNumberToObject,                                        \
      (cJSON *const o, const char *const n, const double d), (o, n, d))        \
    X(cJSON *, cJSON_AddStringToObject,                                        \
      (cJSON *const o, const char *const n, const char *const s), (o, n, s))   \
    X(cJSON *, cJSON_AddRawToObject,                                           \
      (cJSON *const o, const char *const n, const char *const s), (o, n, s))   \
    X(cJSON *, cJSON_AddObjectToObject, (cJSON *const o, const char *const n), \
      (o, n))                                                                  \
    X(cJSON *, cJSON_AddArrayToObject, (cJSON *const o, const char *const n),  \
      (o, n))                                                                  \
    X(double, cJSON_SetNumberHelper, (cJSON *o, double d), (o, d))
#define CJSON_VOID_CALLS(X)                                                    \
    X(void, cJSON_Delete, (cJSON *i), (i))                                     \
    X(void, cJSON_free, (void *p), (p))

/* The library's functions, found once (pthread_once: the web API's and
 * the simulator's threads may be the first to call). */
static struct {
#define FIELD(ret, name, params, args) ret(*name) params;
    CJSON_CALLS(FIELD)
    CJSON_VOID_CALLS(FIELD)
#undef FIELD
} lib;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void *find(void *h, const char *name)
{
    void *f = h ? dlsym(h, name) : NULL;
    if (!f) {
        /* The likely causes, and their fixes: the library is missing, or
         * (static-pie) the system's C library is not the one linked in. */
        fprintf(stderr, "muster: cannot use libcjson.so.1 (%s): %s; install "
                "Debian's libcjson1, and if it is installed, rebuild muster "
                "against this system's C library (cmake "
                "-DMUSTER_STATIC_LIGHT=OFF links it dynamically)\n", name,
                dlerror());
        exit(1);
    }
    return f;
}

static void load(void)
{
    void *h = dlopen("libcjson.so.1", RTLD_NOW | RTLD_LOCAL);
    /* POSIX's way to store a dlsym result in a function pointer. */
#define FIND(ret, name, params, args) *(void **)(&lib.name) = find(h, #name);
    CJSON_CALLS(FIND)
    CJSON_VOID_CALLS(FIND)
#undef FIND
    void (*init_hooks)(cJSON_Hooks *);
    *(void **)(&init_hooks) = find(h, "cJSON_InitHooks");
    cJSON_Hooks hooks = {malloc, free};
    init_hooks(&hooks);
}

#define DEFINE(ret, name, params, args)                                        \
    ret name params                                                            \
    {                                                                          \
        pthread_once(&loaded, load);                                           \
        return lib.name args;                                                  \
    }
#define DEFINE_VOID(ret, name, params, args)                                   \
    ret name params                                                            \
    {                                                                          \
        pthread_once(&loaded, load);                                           \
        lib.name args;                                                         \
    }
CJSON_CALLS(DEFINE)
CJSON_VOID_CALLS(DEFINE_VOID)
#undef DEFINE
#undef DEFINE_VOID
