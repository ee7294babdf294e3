// The few libvips (Debian libvips42) calls `ImageCodec` makes. The library is loaded when a build
// first has an image to size (dlopen), not linked: libvips brings about a hundred libraries,
// which would make every `sitegen` start slower (10 → 35 ms) and bigger (+20 MB) and fail on a
// machine without them; without it, a build publishes images as they are.
// The declarations below are written here rather than taken from <vips/vips.h> (which needs
// glib's include folders, that SwiftPM only learns from pkg-config together with a `-pthread`
// it refuses with a warning on every build); they give the calls' types, and
// scripts/check-vips-shim compiles them against the real headers, so a difference is an error,
// not a crash. libvips' calls are variadic (options as name/value pairs), which Swift cannot
// call: the fixed-argument forms below are what Swift sees.
#include <dlfcn.h>
#include <stddef.h>
#include <stdlib.h>

typedef struct _VipsImage VipsImage;

int vips_init(const char *argv0);
int vips_version(int flag);
void vips_cache_set_max(int max);
void vips_cache_set_max_mem(size_t max_mem);
void vips_cache_set_max_files(int max_files);
void vips_concurrency_set(int concurrency);
void vips_block_untrusted_set(int state);
const char *vips_foreign_find_load_buffer(const void *data, size_t size);
VipsImage *vips_image_new_from_buffer(const void *buf, size_t len, const char *option_string, ...);
int vips_image_get_width(const VipsImage *image);
int vips_image_get_height(const VipsImage *image);
int vips_thumbnail_buffer(void *buf, size_t len, VipsImage **out, int width, ...);
int vips_webpsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
int vips_pngsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
int vips_jpegsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
void vips_error_clear(void);
void g_object_unref(void *object);
void g_free(void *mem);

#define SITEGEN_VIPS_CALLS(X)                                                                          \
    X(vips_init) X(vips_version) X(vips_cache_set_max) X(vips_cache_set_max_mem)                    \
    X(vips_cache_set_max_files) X(vips_concurrency_set) X(vips_block_untrusted_set)                 \
    X(vips_foreign_find_load_buffer) X(vips_image_new_from_buffer) X(vips_image_get_width)           \
    X(vips_image_get_height) X(vips_thumbnail_buffer) X(vips_webpsave_buffer) X(vips_pngsave_buffer) \
    X(vips_jpegsave_buffer) X(vips_error_clear) X(g_object_unref) X(g_free)

// The calls, found in the loaded library: each field has its declaration's type.
typedef struct sitegen_vips {
#define SITEGEN_VIPS_FIELD(name) __typeof__(&name) name;
    SITEGEN_VIPS_CALLS(SITEGEN_VIPS_FIELD)
#undef SITEGEN_VIPS_FIELD
} sitegen_vips;

// VipsAccess's VIPS_ACCESS_SEQUENTIAL and VipsSize's VIPS_SIZE_DOWN (checked by the script).
enum { SITEGEN_VIPS_ACCESS_SEQUENTIAL = 1, SITEGEN_VIPS_SIZE_DOWN = 2 };
// The library's ABI (libvips.so.42), which these declarations are for.
enum { SITEGEN_VIPS_ABI = 42 };

// Once per process: loads libvips and finds every call, then starts it. 0, or -1 when the
// library is not installed, lacks a call (vips_block_untrusted_set is 8.13's), has another ABI
// or fails to start. Caching off (each
// image is read once a build, and the cache would hold decoded pixels), one worker thread per
// call (the build runs one call per core), and the loaders libvips marks untrusted (formats no
// icon uses) blocked.
// SITEGEN_VIPS_LIBRARY names another file (a libvips outside the system's folders).
static inline int sitegen_vips_load(sitegen_vips *vips) {
    const char *name = getenv("SITEGEN_VIPS_LIBRARY");
#ifdef __APPLE__
    if (!name || !*name) name = "libvips.42.dylib";
#else
    if (!name || !*name) name = "libvips.so.42";
#endif
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) return -1;
#define SITEGEN_VIPS_FIND(name)                                                                        \
    if (!(vips->name = (__typeof__(&name))dlsym(library, #name))) return -1;
    SITEGEN_VIPS_CALLS(SITEGEN_VIPS_FIND)
#undef SITEGEN_VIPS_FIND
    if (vips->vips_version(3) - vips->vips_version(5) != SITEGEN_VIPS_ABI) return -1;
    // VIPS_WARNING=0, which keeps libvips' own warnings ("error in tile 0 x 0") off standard
    // error, is set by sitegen's main before any thread starts: setenv here could race a getenv.
    if (vips->vips_init("sitegen")) return -1;
    vips->vips_cache_set_max(0);
    vips->vips_cache_set_max_mem(0);
    vips->vips_cache_set_max_files(0);
    vips->vips_concurrency_set(1);
    vips->vips_block_untrusted_set(1);
    return 0;
}

// The loader libvips picks for these bytes (from their content, never a name), or NULL.
static inline const char *sitegen_vips_loader(const sitegen_vips *vips, const void *data, size_t size) {
    return vips->vips_foreign_find_load_buffer(data, size);
}

// The image's size from its header alone: nothing is decoded. 0, or -1 when it cannot be read.
static inline int sitegen_vips_header(
    const sitegen_vips *vips, const void *data, size_t size, int *width, int *height
) {
    VipsImage *image =
        vips->vips_image_new_from_buffer(data, size, "", "access", SITEGEN_VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) return -1;
    *width = vips->vips_image_get_width(image);
    *height = vips->vips_image_get_height(image);
    vips->g_object_unref(image);
    return 0;
}

// The image shrunk (never enlarged) to fit `box` × `box`, encoded: format 0 WebP, 1 PNG, 2 JPEG.
// A truncated or damaged file is an error, not a half-drawn picture. No metadata is kept, so
// the same bytes in give the same bytes out. `*out` is freed with sitegen_vips_free.
static inline int sitegen_vips_sized(
    const sitegen_vips *vips, const void *data, size_t size, int box, int format, void **out, size_t *outSize
) {
    VipsImage *image = NULL;
    if (vips->vips_thumbnail_buffer((void *)data, size, &image, box, "height", box, "size", SITEGEN_VIPS_SIZE_DOWN,
            "option_string", "fail_on=error", NULL))
        return -1;
    int failed;
    switch (format) {
    case 0:
        failed = vips->vips_webpsave_buffer(image, out, outSize, "Q", 82, "effort", 4, "strip", 1, NULL);
        break;
    case 1:
        failed = vips->vips_pngsave_buffer(image, out, outSize, "compression", 9, "strip", 1, NULL);
        break;
    default:
        failed = vips->vips_jpegsave_buffer(image, out, outSize, "Q", 85, "strip", 1, "optimize_coding", 1, NULL);
        break;
    }
    vips->g_object_unref(image);
    return failed ? -1 : 0;
}

// libvips' version, part (0, 1, 2) of major.minor.micro.
static inline int sitegen_vips_version(const sitegen_vips *vips, int part) { return vips->vips_version(part); }

// What libvips noted of the last failure is dropped: the build says its own words, the same
// whichever thread failed first.
static inline void sitegen_vips_error_clear(const sitegen_vips *vips) { vips->vips_error_clear(); }
static inline void sitegen_vips_free(const sitegen_vips *vips, void *data) { vips->g_free(data); }
