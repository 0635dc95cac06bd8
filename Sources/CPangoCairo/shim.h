// Debian's Cairo, Pango (with its Cairo renderer) and Fontconfig, as WeftDisplay
// calls them. No code of Weft's own: Swift owns the API.
#include <cairo.h>
#include <pango/pangocairo.h>
#include <fontconfig/fontconfig.h>
