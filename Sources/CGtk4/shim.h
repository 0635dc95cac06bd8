// Debian's GTK 4 (4.8), as WeftGTK calls it. No code of Weft's own: Swift owns the
// API; what Swift cannot reach (GObject types and casts, libdispatch's private
// main-queue hooks) is in CSupport/CWeftGTK.
#include <gtk/gtk.h>
