/*
** CWeftGTK.h - what WeftGTK's Swift cannot reach in GTK 4 and libdispatch.
**
** What: five pieces of plumbing, no policy.
**   1. WeftCanvas, a GtkWidget that implements GtkScrollable, so that a
**      GtkScrolledWindow scrolls it by its adjustments (wheel, touchpad,
**      scrollbars, keys) instead of by moving a huge child. It forwards its
**      size allocation, its snapshot, its vertical adjustment's value, input
**      and focus to Swift callbacks; Swift decides what to draw and where the
**      content ends. Its accessible role is LIST; it is one stop of the Tab
**      chain, as GtkListView is. Defining a GObject type needs C macros Swift
**      cannot call.
**   2. The libdispatch main queue inside the GLib main loop: a GLib fd source
**      on the queue's eventfd that drains the queue, as CoreFoundation's run
**      loop does on Apple platforms. libdispatch declares its hooks only in a
**      private header, so they are declared here.
**   3. A widget rendered to a texture (a screenshot), which needs graphene's
**      initializer macros.
**   4. WeftItem, a widget that draws nothing: a visible item's accessible
**      (role LIST_ITEM) and focus target. GTK 4.8 exposes only widgets to
**      assistive technologies, so each visible item has one, as GtkListView's
**      rows are widgets; Swift parents, places and labels them. WeftLink is
**      the same for a link in an item's text (role LINK), a child of its
**      item's widget. The accessible setters are varargs in GTK, which Swift
**      cannot call.
**   5. The desktop's theme settings, which GObject's varargs getter reads.
**
** Threading: every function runs on the thread that runs the GLib main loop
** (GTK's main thread).
*/
#ifndef CWEFTGTK_H
#define CWEFTGTK_H

#include <gtk/gtk.h>

/* What a canvas calls; `context` is handed back to each and owned by the caller. */
typedef struct weft_canvas_callbacks {
    void *context;
    /* The widget's new size, in logical pixels. */
    void (*allocate)(void *context, int width, int height);
    /* Draw into `snapshot`, of the widget's size. */
    void (*snapshot)(void *context, GtkSnapshot *snapshot, int width, int height);
    /* The vertical adjustment's value changed (a scroll). */
    void (*scrolled)(void *context, double value);
    /* A frame began (the frame clock's before-paint phase, before update,
    ** layout and paint) and ended (after-paint); `frame_time` in microseconds
    ** on g_get_monotonic_time's timescale. Only while the canvas is realized. */
    void (*frame_began)(void *context, gint64 frame_time);
    void (*frame_painted)(void *context, gint64 frame_time);
    /* The primary button went down at (x, y) (`down` TRUE), or the press
    ** ended (`down` FALSE): released at (x, y), or cancelled, with x and y NAN. */
    void (*pressed)(void *context, double x, double y, gboolean down);
    /* The press under way was held in place at (x, y) long enough to be a long press. */
    void (*held)(void *context, double x, double y);
    /* The pointer moved to (x, y) over the canvas, or left it (x and y NAN). */
    void (*pointer_moved)(void *context, double x, double y);
    /* The primary button was released at (x, y) after a press there (a click),
    ** with the modifiers held; focus then moves into the canvas. */
    void (*clicked)(void *context, double x, double y, GdkModifierType state);
    /* A key was pressed while the canvas or a child of it had focus; TRUE if handled. */
    gboolean (*key_pressed)(void *context, guint keyval, GdkModifierType state);
    /* The canvas is asked to take focus: the child to give it to instead
    ** (an item's), or NULL for the canvas itself. */
    GtkWidget *(*focus_target)(void *context);
    /* Focus entered (`inside` TRUE) or left the canvas and its children. */
    void (*focus_changed)(void *context, gboolean inside);
    /* An item widget of the canvas was activated (GtkWindow's Return, Enter
    ** and Space bindings activate the focus widget). */
    void (*item_activated)(void *context, GtkWidget *item);
    /* Tab (`forward`) or Shift+Tab pressed with focus inside the canvas: the
    ** widget to focus next (a link of the focused item, or the item), or NULL
    ** to leave the list. */
    GtkWidget *(*focus_step)(void *context, gboolean forward);
    /* A link widget of an item (weft_link_new) was activated by the keyboard. */
    void (*link_activated)(void *context, GtkWidget *link);
    /* What the desktop's traits come from may have changed: the canvas was
    ** realized (on a display, with its settings), its scale factor changed, or
    ** its settings' theme, dark preference, text dpi or font name did. */
    void (*desktop_changed)(void *context);
} weft_canvas_callbacks;

/* A new canvas (a floating reference, as every new widget) with no callbacks. */
GtkWidget *weft_canvas_new(void);

/* Makes the canvas call `callbacks` (copied) from now on. */
void weft_canvas_set_callbacks(GtkWidget *canvas, const weft_canvas_callbacks *callbacks);

/* Stops every callback; call before the callbacks' context dies. */
void weft_canvas_clear_callbacks(GtkWidget *canvas);

/* The canvas's adjustments (its own until a scrolled window gives it others). */
GtkAdjustment *weft_canvas_get_vadjustment(GtkWidget *canvas);
GtkAdjustment *weft_canvas_get_hadjustment(GtkWidget *canvas);

/* Adds a source to the default GLib main context that drains libdispatch's
** main queue whenever it has work; returns the source id. Call once, on the
** main thread, before running the loop, in a process that never calls
** dispatch_main(). */
guint weft_main_queue_attach(void);

/* Microseconds spent draining the main queue since the process attached it
** (monotonic): with the frame clock's phases, most of the main thread's work
** (input and other GLib sources aside). */
gint64 weft_main_queue_busy_time(void);

/* Renders `widget`'s content as it would show now, at its size in device
** pixels (its scale factor's multiple of its size in points), with its
** native's renderer, through the widget's own snapshot function: what its
** children draw, without the CSS background, border, clip, opacity or
** transform GTK adds around it (right for containers such as a window's
** content, a scrolled window or an overlay). NULL if the widget is not
** realized, has no size or draws nothing yet. The caller owns the texture. */
GdkTexture *weft_widget_render_texture(GtkWidget *widget);

/* ---- 4. Item accessibles -------------------------------------------- */

/* A new item widget (a floating reference): role LIST_ITEM, focusable,
** not a pointer target (clicks go to the canvas), draws nothing; its
** activation (GTK's "activate", what Return does to the focus widget) calls
** its parent canvas's item_activated. */
GtkWidget *weft_item_new(void);

/* What the item tells assistive technologies: its label (NULL resets it),
** its description (NULL resets it), its 1-based position among `set_size`
** items (ARIA's posinset and setsize relations, which GTK 4.8's AT-SPI
** backend does not yet export), whether it is selected and whether it is
** disabled. */
void weft_item_update(GtkWidget *item, const char *label, const char *description, int position, int set_size,
                      gboolean selected, gboolean disabled);

/* 'number' in decimal with the thousands separator and grouping of the C
** library's numeric locale (printf's "%'ld": "1,000,000" where gtk_init's
** setlocale chose English, "1000000" in the C locale), into 'buffer' of
** 'size' bytes (64 hold any long in any locale); returns 'buffer'. A C call,
** not Swift's printf bridge, whose boxing of the argument cost as much as
** the formatting: an item's position phrase is made whenever one enters the
** screen. */
const char *weft_format_grouped(long number, char *buffer, size_t size);

/* A new link widget (a floating reference): role LINK, focusable, not a
** pointer target, draws nothing; a link in a visible item's text, a child of
** the item's widget, labelled with the link's text. Its activation (what
** Return does to the focus widget) calls its item's canvas's link_activated. */
GtkWidget *weft_link_new(void);

/* The accessible label of any widget (NULL resets it): a list's name. */
void weft_widget_set_accessible_label(GtkWidget *widget, const char *label);

/* Whether the canvas's list allows more than one selected item (ARIA's
** aria-multiselectable). */
void weft_canvas_set_multiselectable(GtkWidget *canvas, gboolean multiselectable);

/* ---- 5. Desktop settings ---------------------------------------------- */

/* The name of the GTK theme in use: GTK_THEME's when set (it overrides the
** settings), else GtkSettings' gtk-theme-name; NULL if neither. Owned by GTK
** or the environment: copy it before the next call. */
const char *weft_theme_name(GtkWidget *widget);

/* GtkSettings' gtk-application-prefer-dark-theme for the widget's display. */
gboolean weft_prefers_dark_theme(GtkWidget *widget);

/* The family of GtkSettings' gtk-font-name ("Cantarell 11" gives "Cantarell"),
** NULL when unset; owned here until the next call, as weft_theme_name's. Sets
** *xft_dpi to gtk-xft-dpi: 1024 times the dots per inch text is rendered at
** (GNOME's text scaling multiplies it), or -1 for GTK's default of 96. */
const char *weft_text_settings(GtkWidget *widget, int *xft_dpi);

#endif
