// Debian's GTK 4 for gtk-listview-feed, which links no module of Weft's but
// WeftSampleFeed: a system library of its own, because reaching GTK through
// WeftGTK would link jemalloc too, and jemalloc would become the peer's malloc.
#include <gtk/gtk.h>
