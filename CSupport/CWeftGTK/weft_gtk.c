/*
** weft_gtk.c - the canvas widget, the main-queue source and widget rendering
** declared in CWeftGTK.h. Flat, no policy: sizes, content and scrolling
** decisions belong to WeftGTK's Swift.
*/
#include "CWeftGTK.h"

#include <assert.h>
#include <math.h>
#include <glib-unix.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* ---- 1. The canvas ---------------------------------------------------- */

#define WEFT_TYPE_CANVAS (weft_canvas_get_type())
G_DECLARE_FINAL_TYPE(WeftCanvas, weft_canvas, WEFT, CANVAS, GtkWidget)

struct _WeftCanvas {
    GtkWidget parent_instance;
    weft_canvas_callbacks callbacks;
    GtkAdjustment *hadjustment;
    GtkAdjustment *vadjustment;
    gulong vadjustment_handler;
    GdkFrameClock *frame_clock;
    gulong before_paint_handler;
    gulong after_paint_handler;
    /* The display's settings while realized, and the notify handlers on them. */
    GtkSettings *settings;
    gulong settings_handlers[4];
    GtkScrollablePolicy hscroll_policy;
    GtkScrollablePolicy vscroll_policy;
};

G_DEFINE_FINAL_TYPE_WITH_CODE(WeftCanvas, weft_canvas, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, NULL))

enum { PROP_0, PROP_HADJUSTMENT, PROP_VADJUSTMENT, PROP_HSCROLL_POLICY, PROP_VSCROLL_POLICY };

static void weft_canvas_value_changed(GtkAdjustment *adjustment, gpointer data) {
    WeftCanvas *canvas = data;
    assert(WEFT_IS_CANVAS(canvas));
    if (canvas->callbacks.scrolled) {
        canvas->callbacks.scrolled(canvas->callbacks.context, gtk_adjustment_get_value(adjustment));
    }
}

/* Takes `adjustment` (NULL: a new one, as GtkScrollable requires) into `slot`;
** the vertical one is watched for scrolls. */
static void weft_canvas_set_adjustment(WeftCanvas *canvas, GtkAdjustment **slot, GtkAdjustment *adjustment,
                                       gboolean vertical) {
    assert(WEFT_IS_CANVAS(canvas));
    if (adjustment == NULL) adjustment = gtk_adjustment_new(0, 0, 0, 0, 0, 0);
    if (*slot == adjustment) return;
    if (*slot != NULL) {
        if (vertical && canvas->vadjustment_handler != 0) {
            g_signal_handler_disconnect(*slot, canvas->vadjustment_handler);
            canvas->vadjustment_handler = 0;
        }
        g_object_unref(*slot);
    }
    *slot = g_object_ref_sink(adjustment);
    if (vertical) {
        canvas->vadjustment_handler =
            g_signal_connect(adjustment, "value-changed", G_CALLBACK(weft_canvas_value_changed), canvas);
    }
    /* The new adjustment knows nothing of the content yet: a new allocation
    ** makes Swift configure it. */
    gtk_widget_queue_allocate(GTK_WIDGET(canvas));
}

static void weft_canvas_set_property(GObject *object, guint id, const GValue *value, GParamSpec *spec) {
    WeftCanvas *canvas = WEFT_CANVAS(object);
    switch (id) {
    case PROP_HADJUSTMENT:
        weft_canvas_set_adjustment(canvas, &canvas->hadjustment, g_value_get_object(value), FALSE);
        break;
    case PROP_VADJUSTMENT:
        weft_canvas_set_adjustment(canvas, &canvas->vadjustment, g_value_get_object(value), TRUE);
        break;
    case PROP_HSCROLL_POLICY: canvas->hscroll_policy = g_value_get_enum(value); break;
    case PROP_VSCROLL_POLICY: canvas->vscroll_policy = g_value_get_enum(value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
    }
}

static void weft_canvas_get_property(GObject *object, guint id, GValue *value, GParamSpec *spec) {
    WeftCanvas *canvas = WEFT_CANVAS(object);
    switch (id) {
    case PROP_HADJUSTMENT: g_value_set_object(value, canvas->hadjustment); break;
    case PROP_VADJUSTMENT: g_value_set_object(value, canvas->vadjustment); break;
    case PROP_HSCROLL_POLICY: g_value_set_enum(value, canvas->hscroll_policy); break;
    case PROP_VSCROLL_POLICY: g_value_set_enum(value, canvas->vscroll_policy); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
    }
}

static void weft_canvas_dispose(GObject *object) {
    WeftCanvas *canvas = WEFT_CANVAS(object);
    memset(&canvas->callbacks, 0, sizeof canvas->callbacks);
    if (canvas->vadjustment != NULL && canvas->vadjustment_handler != 0) {
        g_signal_handler_disconnect(canvas->vadjustment, canvas->vadjustment_handler);
        canvas->vadjustment_handler = 0;
    }
    g_clear_object(&canvas->hadjustment);
    g_clear_object(&canvas->vadjustment);
    /* A widget's children are its own to drop (GTK 4 warns of children left at finalize). */
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(canvas))) != NULL) gtk_widget_unparent(child);
    G_OBJECT_CLASS(weft_canvas_parent_class)->dispose(object);
}

/* The content is as large as Swift says through the adjustments: the canvas
** itself asks for nothing, so a scrolled window gives it the viewport. */
static void weft_canvas_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                int *natural, int *minimum_baseline, int *natural_baseline) {
    (void)widget, (void)orientation, (void)for_size;
    *minimum = 0;
    *natural = 0;
    *minimum_baseline = -1;
    *natural_baseline = -1;
}

static void weft_canvas_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    WeftCanvas *canvas = WEFT_CANVAS(widget);
    if (canvas->callbacks.allocate) canvas->callbacks.allocate(canvas->callbacks.context, width, height);
}

static void weft_canvas_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    WeftCanvas *canvas = WEFT_CANVAS(widget);
    if (canvas->callbacks.snapshot) {
        canvas->callbacks.snapshot(canvas->callbacks.context, snapshot, gtk_widget_get_width(widget),
                                   gtk_widget_get_height(widget));
    }
}

static void weft_canvas_before_paint(GdkFrameClock *clock, gpointer data) {
    WeftCanvas *canvas = data;
    if (canvas->callbacks.frame_began) {
        canvas->callbacks.frame_began(canvas->callbacks.context, gdk_frame_clock_get_frame_time(clock));
    }
}

static void weft_canvas_after_paint(GdkFrameClock *clock, gpointer data) {
    WeftCanvas *canvas = data;
    if (canvas->callbacks.frame_painted) {
        canvas->callbacks.frame_painted(canvas->callbacks.context, gdk_frame_clock_get_frame_time(clock));
    }
}

static void weft_canvas_desktop_changed(GObject *object, GParamSpec *property, gpointer data) {
    (void)object;
    (void)property;
    WeftCanvas *canvas = data;
    assert(WEFT_IS_CANVAS(canvas));
    if (canvas->callbacks.desktop_changed) canvas->callbacks.desktop_changed(canvas->callbacks.context);
}

/* The settings the desktop's traits are read from; their notifications say
** when to read them again, so a frame does not ask GObject for them. */
static const char *const weft_desktop_settings[4] = {
    "notify::gtk-theme-name", "notify::gtk-application-prefer-dark-theme", "notify::gtk-xft-dpi",
    "notify::gtk-font-name"};

/* The frame clock and the display's settings exist once the canvas is
** realized (the clock is its surface's, the settings its display's). */
static void weft_canvas_realize(GtkWidget *widget) {
    WeftCanvas *canvas = WEFT_CANVAS(widget);
    GTK_WIDGET_CLASS(weft_canvas_parent_class)->realize(widget);
    assert(canvas->settings == NULL);
    GtkSettings *settings = gtk_widget_get_settings(widget);
    if (settings != NULL) {
        canvas->settings = g_object_ref(settings);
        for (size_t i = 0; i < G_N_ELEMENTS(weft_desktop_settings); i++) {
            canvas->settings_handlers[i] = g_signal_connect(
                settings, weft_desktop_settings[i], G_CALLBACK(weft_canvas_desktop_changed), canvas);
        }
    }
    weft_canvas_desktop_changed(G_OBJECT(widget), NULL, canvas);
    GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
    if (clock == NULL) return;
    canvas->frame_clock = g_object_ref(clock);
    /* before-paint, not update: every frame has it, while update runs only
    ** when something (a tick callback, an animation) asked for it. */
    canvas->before_paint_handler =
        g_signal_connect(clock, "before-paint", G_CALLBACK(weft_canvas_before_paint), canvas);
    canvas->after_paint_handler = g_signal_connect(clock, "after-paint", G_CALLBACK(weft_canvas_after_paint), canvas);
}

static void weft_canvas_unrealize(GtkWidget *widget) {
    WeftCanvas *canvas = WEFT_CANVAS(widget);
    if (canvas->settings != NULL) {
        for (size_t i = 0; i < G_N_ELEMENTS(weft_desktop_settings); i++) {
            g_signal_handler_disconnect(canvas->settings, canvas->settings_handlers[i]);
            canvas->settings_handlers[i] = 0;
        }
        g_clear_object(&canvas->settings);
    }
    if (canvas->frame_clock != NULL) {
        g_signal_handler_disconnect(canvas->frame_clock, canvas->before_paint_handler);
        g_signal_handler_disconnect(canvas->frame_clock, canvas->after_paint_handler);
        canvas->before_paint_handler = 0;
        canvas->after_paint_handler = 0;
        g_clear_object(&canvas->frame_clock);
    }
    GTK_WIDGET_CLASS(weft_canvas_parent_class)->unrealize(widget);
}

/* The list is one stop of the Tab chain, as GtkListView is: from outside it
** focus enters (the canvas grabs it, and hands it to an item's widget through
** focus_target); from inside, Tab and Shift+Tab step through the focused
** item's links (focus_step), as GtkListView's Tab reaches a row's focusable
** children, and then leave it. Arrow keys move between items through
** key_pressed, not through GTK's focus chain. */
static gboolean weft_canvas_focus(GtkWidget *widget, GtkDirectionType direction) {
    assert(WEFT_IS_CANVAS(widget));
    WeftCanvas *canvas = WEFT_CANVAS(widget);
    GtkRoot *root = gtk_widget_get_root(widget);
    GtkWidget *focus = root != NULL ? gtk_root_get_focus(root) : NULL;
    if (focus != NULL && (focus == widget || gtk_widget_is_ancestor(focus, widget))) {
        gboolean tab = direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_TAB_BACKWARD;
        GtkWidget *next = tab && canvas->callbacks.focus_step
            ? canvas->callbacks.focus_step(canvas->callbacks.context, direction == GTK_DIR_TAB_FORWARD)
            : NULL;
        return next != NULL ? gtk_widget_grab_focus(next) : FALSE;
    }
    return gtk_widget_grab_focus(widget);
}

/* Focus asked of the canvas goes to the widget Swift names (the focused
** item's), as a GtkListView row hands focus to its child. */
static gboolean weft_canvas_grab_focus(GtkWidget *widget) {
    WeftCanvas *canvas = WEFT_CANVAS(widget);
    GtkWidget *target = canvas->callbacks.focus_target ? canvas->callbacks.focus_target(canvas->callbacks.context) : NULL;
    if (target != NULL && target != widget) {
        assert(gtk_widget_get_parent(target) == widget);
        return gtk_widget_grab_focus(target);
    }
    return GTK_WIDGET_CLASS(weft_canvas_parent_class)->grab_focus(widget);
}

static void weft_canvas_class_init(WeftCanvasClass *class) {
    GObjectClass *object_class = G_OBJECT_CLASS(class);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(class);
    object_class->set_property = weft_canvas_set_property;
    object_class->get_property = weft_canvas_get_property;
    object_class->dispose = weft_canvas_dispose;
    widget_class->measure = weft_canvas_measure;
    widget_class->size_allocate = weft_canvas_size_allocate;
    widget_class->snapshot = weft_canvas_snapshot;
    widget_class->realize = weft_canvas_realize;
    widget_class->unrealize = weft_canvas_unrealize;
    g_object_class_override_property(object_class, PROP_HADJUSTMENT, "hadjustment");
    g_object_class_override_property(object_class, PROP_VADJUSTMENT, "vadjustment");
    g_object_class_override_property(object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
    g_object_class_override_property(object_class, PROP_VSCROLL_POLICY, "vscroll-policy");
    widget_class->focus = weft_canvas_focus;
    widget_class->grab_focus = weft_canvas_grab_focus;
    gtk_widget_class_set_css_name(widget_class, "weftcanvas");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_LIST);
}

static void weft_canvas_pressed(GtkGestureClick *gesture, int presses, double x, double y, gpointer data) {
    (void)gesture, (void)presses;
    WeftCanvas *canvas = data;
    if (canvas->callbacks.pressed) canvas->callbacks.pressed(canvas->callbacks.context, x, y, TRUE);
}

static void weft_canvas_released(GtkGestureClick *gesture, int presses, double x, double y, gpointer data) {
    WeftCanvas *canvas = data;
    GdkModifierType state = gtk_event_controller_get_current_event_state(GTK_EVENT_CONTROLLER(gesture));
    if (canvas->callbacks.pressed) canvas->callbacks.pressed(canvas->callbacks.context, x, y, FALSE);
    /* "released" fires for each press of a multi-click: a double-click is one click. */
    if (presses == 1 && canvas->callbacks.clicked) canvas->callbacks.clicked(canvas->callbacks.context, x, y, state);
    /* After the click, so that focus goes to the item it made the focused one. */
    gtk_widget_grab_focus(GTK_WIDGET(canvas));
}

/* A press that ends without a release on the canvas (the pointer left, a grab). */
static void weft_canvas_press_stopped(GtkGesture *gesture, GdkEventSequence *sequence, gpointer data) {
    (void)gesture, (void)sequence;
    WeftCanvas *canvas = data;
    if (canvas->callbacks.pressed) canvas->callbacks.pressed(canvas->callbacks.context, NAN, NAN, FALSE);
}

/* The press was held in place for GTK's long-press time (Settings' gtk-long-press-time times
** the gesture's delay factor). The click gesture still sees the release after it: Swift's side
** knows the press was held and does not tap. */
static void weft_canvas_held(GtkGestureLongPress *gesture, double x, double y, gpointer data) {
    (void)gesture;
    WeftCanvas *canvas = data;
    if (canvas->callbacks.held) canvas->callbacks.held(canvas->callbacks.context, x, y);
}

static void weft_canvas_pointer_moved(GtkEventControllerMotion *controller, double x, double y, gpointer data) {
    (void)controller;
    WeftCanvas *canvas = data;
    if (canvas->callbacks.pointer_moved) canvas->callbacks.pointer_moved(canvas->callbacks.context, x, y);
}

static void weft_canvas_pointer_left(GtkEventControllerMotion *controller, gpointer data) {
    (void)controller;
    WeftCanvas *canvas = data;
    if (canvas->callbacks.pointer_moved) canvas->callbacks.pointer_moved(canvas->callbacks.context, NAN, NAN);
}

static void weft_canvas_focus_enter(GtkEventControllerFocus *controller, gpointer data) {
    (void)controller;
    WeftCanvas *canvas = data;
    if (canvas->callbacks.focus_changed) canvas->callbacks.focus_changed(canvas->callbacks.context, TRUE);
}

static void weft_canvas_focus_leave(GtkEventControllerFocus *controller, gpointer data) {
    (void)controller;
    WeftCanvas *canvas = data;
    if (canvas->callbacks.focus_changed) canvas->callbacks.focus_changed(canvas->callbacks.context, FALSE);
}

static gboolean weft_canvas_key_pressed(GtkEventControllerKey *controller, guint keyval, guint keycode,
                                        GdkModifierType state, gpointer data) {
    (void)controller, (void)keycode;
    WeftCanvas *canvas = data;
    if (!canvas->callbacks.key_pressed) return FALSE;
    return canvas->callbacks.key_pressed(canvas->callbacks.context, keyval, state);
}

static void weft_canvas_init(WeftCanvas *canvas) {
    GtkWidget *widget = GTK_WIDGET(canvas);
    gtk_widget_set_focusable(widget, TRUE);
    gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN);
    /* A window moved to a monitor of another scale. */
    g_signal_connect(widget, "notify::scale-factor", G_CALLBACK(weft_canvas_desktop_changed), canvas);
    GtkGesture *click = gtk_gesture_click_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(click), GDK_BUTTON_PRIMARY);
    g_signal_connect(click, "pressed", G_CALLBACK(weft_canvas_pressed), canvas);
    g_signal_connect(click, "released", G_CALLBACK(weft_canvas_released), canvas);
    g_signal_connect(click, "cancel", G_CALLBACK(weft_canvas_press_stopped), canvas);
    gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(click));
    GtkGesture *hold = gtk_gesture_long_press_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(hold), GDK_BUTTON_PRIMARY);
    g_signal_connect(hold, "pressed", G_CALLBACK(weft_canvas_held), canvas);
    gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(hold));
    GtkEventController *motion = gtk_event_controller_motion_new();
    g_signal_connect(motion, "motion", G_CALLBACK(weft_canvas_pointer_moved), canvas);
    g_signal_connect(motion, "leave", G_CALLBACK(weft_canvas_pointer_left), canvas);
    gtk_widget_add_controller(widget, motion);
    GtkEventController *keys = gtk_event_controller_key_new();
    g_signal_connect(keys, "key-pressed", G_CALLBACK(weft_canvas_key_pressed), canvas);
    gtk_widget_add_controller(widget, keys);
    GtkEventController *focus = gtk_event_controller_focus_new();
    g_signal_connect(focus, "enter", G_CALLBACK(weft_canvas_focus_enter), canvas);
    g_signal_connect(focus, "leave", G_CALLBACK(weft_canvas_focus_leave), canvas);
    gtk_widget_add_controller(widget, focus);
}

GtkWidget *weft_canvas_new(void) {
    return GTK_WIDGET(g_object_new(WEFT_TYPE_CANVAS, NULL));
}

void weft_canvas_set_callbacks(GtkWidget *widget, const weft_canvas_callbacks *callbacks) {
    assert(WEFT_IS_CANVAS(widget) && callbacks != NULL);
    WEFT_CANVAS(widget)->callbacks = *callbacks;
}

void weft_canvas_clear_callbacks(GtkWidget *widget) {
    assert(WEFT_IS_CANVAS(widget));
    memset(&WEFT_CANVAS(widget)->callbacks, 0, sizeof(weft_canvas_callbacks));
}

GtkAdjustment *weft_canvas_get_vadjustment(GtkWidget *widget) {
    assert(WEFT_IS_CANVAS(widget));
    return WEFT_CANVAS(widget)->vadjustment;
}

GtkAdjustment *weft_canvas_get_hadjustment(GtkWidget *widget) {
    assert(WEFT_IS_CANVAS(widget));
    return WEFT_CANVAS(widget)->hadjustment;
}

/* ---- 2. libdispatch's main queue in the GLib loop --------------------- */

/* libdispatch's hooks for a run loop that serves the main queue
** (dispatch/private.h). Private in name, but the contract is fixed: they are
** how swift-corelibs-foundation's CFRunLoop serves DispatchQueue.main on Linux
** (RunLoop.main calls exactly these two), so every Swift toolchain's
** libdispatch.so exports them and Foundation breaks if they change. The public
** paths do not fit a GLib loop: dispatchMain() never returns, and
** RunLoop.main.run(until:) would run CFRunLoop's own sources and timers inside
** GLib's. On Linux the handle is an eventfd written when work arrives on the
** main queue; the callback drains what the queue holds. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

/* Main thread only, like everything here. */
static gint64 main_queue_busy_time;

gint64 weft_main_queue_busy_time(void) { return main_queue_busy_time; }

static gboolean weft_main_queue_ready(gint fd, GIOCondition condition, gpointer data) {
    (void)condition, (void)data;
    gint64 start = g_get_monotonic_time();
    /* libdispatch never reads its eventfd back: without this read the fd stays
    ** readable and the loop would spin. EAGAIN (nothing to read) is fine. */
    uint64_t count;
    ssize_t got = read(fd, &count, sizeof count);
    (void)got;
    /* Drains what the queue holds now; work enqueued meanwhile writes the fd
    ** again and gets a later iteration. */
    _dispatch_main_queue_callback_4CF(NULL);
    main_queue_busy_time += g_get_monotonic_time() - start;
    return G_SOURCE_CONTINUE;
}

guint weft_main_queue_attach(void) {
    int fd = _dispatch_get_main_queue_handle_4CF();
    assert(fd >= 0);
    if (fd < 0) return 0; /* no handle: nothing to watch (GLib's source ids start at 1) */
    /* At the frame clock's priority: GLib dispatches only the most urgent ready
    ** sources in an iteration, so at the default priority a queue that keeps
    ** receiving work (drawings landing) would hold off GTK's frames. Input
    ** (default priority) still comes first. */
    return g_unix_fd_add_full(GDK_PRIORITY_REDRAW, fd, G_IO_IN, weft_main_queue_ready, NULL, NULL);
}

/* ---- 3. A widget as a texture ----------------------------------------- */

GdkTexture *weft_widget_render_texture(GtkWidget *widget) {
    assert(GTK_IS_WIDGET(widget));
    int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    GtkNative *native = gtk_widget_get_native(widget);
    if (width <= 0 || height <= 0 || native == NULL || !gtk_widget_get_realized(widget)) return NULL;
    GskRenderer *renderer = gtk_native_get_renderer(native);
    if (renderer == NULL) return NULL;
    /* The widget's own snapshot function, which snapshots its children as they
    ** draw now. (A GtkWidgetPaintable would show only what the last frame drew,
    ** and nothing before its first invalidation.) */
    /* At the widget's scale factor, in device pixels, as the screen shows it
    ** (text drawn at 2x stays crisp in a 2x screenshot). */
    int scale = gtk_widget_get_scale_factor(widget);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    if (scale != 1) gtk_snapshot_scale(snapshot, (float)scale, (float)scale);
    GTK_WIDGET_GET_CLASS(widget)->snapshot(widget, snapshot);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    if (node == NULL) return NULL; /* nothing to draw */
    graphene_rect_t viewport = GRAPHENE_RECT_INIT(0, 0, (float)(width * scale), (float)(height * scale));
    GdkTexture *texture = gsk_renderer_render_texture(renderer, node, &viewport);
    gsk_render_node_unref(node);
    return texture;
}

/* ---- 4. Item accessibles ---------------------------------------------- */

/* The canvas an item or link widget is in (an item's parent, a link's
** grandparent), or NULL once it was taken out. */
static WeftCanvas *weft_canvas_above(GtkWidget *widget) {
    assert(GTK_IS_WIDGET(widget));
    GtkWidget *canvas = gtk_widget_get_ancestor(widget, WEFT_TYPE_CANVAS);
    return canvas != NULL ? WEFT_CANVAS(canvas) : NULL;
}

#define WEFT_TYPE_ITEM (weft_item_get_type())
G_DECLARE_FINAL_TYPE(WeftItem, weft_item, WEFT, ITEM, GtkWidget)

struct _WeftItem {
    GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE(WeftItem, weft_item, GTK_TYPE_WIDGET)

/* GtkWindow's own key bindings activate the focus widget (Return and
** Enter: activate-default, Space: activate-focus) before the canvas's key
** controller hears them; an item's activation is its parent canvas's. */
static void weft_item_activate(WeftItem *item) {
    assert(WEFT_IS_ITEM(item));
    WeftCanvas *canvas = weft_canvas_above(GTK_WIDGET(item));
    if (canvas != NULL && canvas->callbacks.item_activated) {
        canvas->callbacks.item_activated(canvas->callbacks.context, GTK_WIDGET(item));
    }
}

static void weft_item_class_init(WeftItemClass *class) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(class);
    gtk_widget_class_set_css_name(widget_class, "row");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_LIST_ITEM);
    guint activate = g_signal_new_class_handler("activate", G_TYPE_FROM_CLASS(class),
                                                G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION, G_CALLBACK(weft_item_activate),
                                                NULL, NULL, NULL, G_TYPE_NONE, 0);
    gtk_widget_class_set_activate_signal(widget_class, activate);
}

static void weft_item_init(WeftItem *item) {
    GtkWidget *widget = GTK_WIDGET(item);
    gtk_widget_set_focusable(widget, TRUE);
    /* The canvas under it takes the pointer: clicks, presses and hover are its. */
    gtk_widget_set_can_target(widget, FALSE);
}

GtkWidget *weft_item_new(void) {
    return GTK_WIDGET(g_object_new(WEFT_TYPE_ITEM, NULL));
}

void weft_item_update(GtkWidget *widget, const char *label, const char *description, int position, int set_size,
                      gboolean selected, gboolean disabled) {
    assert(WEFT_IS_ITEM(widget) && position >= 1 && set_size >= position);
    GtkAccessible *accessible = GTK_ACCESSIBLE(widget);
    weft_widget_set_accessible_label(widget, label);
    if (description != NULL) {
        gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
    } else {
        gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
    gtk_accessible_update_relation(accessible, GTK_ACCESSIBLE_RELATION_POS_IN_SET, position,
                                   GTK_ACCESSIBLE_RELATION_SET_SIZE, set_size, -1);
    gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_SELECTED, selected, GTK_ACCESSIBLE_STATE_DISABLED,
                                disabled, -1);
}

const char *weft_format_grouped(long number, char *buffer, size_t size) {
    assert(buffer != NULL && size > 0);
    int written = snprintf(buffer, size, "%'ld", number);
    /* snprintf fails only on an encoding error, which digits cannot have. */
    assert(written >= 0 && (size_t)written < size);
    (void)written;
    return buffer;
}

#define WEFT_TYPE_LINK (weft_link_get_type())
G_DECLARE_FINAL_TYPE(WeftLink, weft_link, WEFT, LINK, GtkWidget)

struct _WeftLink {
    GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE(WeftLink, weft_link, GTK_TYPE_WIDGET)

/* A link's activation (Return, Enter or Space through GtkWindow's bindings, as
** for an item) is its item's canvas's link_activated. */
static void weft_link_activate(WeftLink *link) {
    assert(WEFT_IS_LINK(link));
    WeftCanvas *canvas = weft_canvas_above(GTK_WIDGET(link));
    if (canvas != NULL && canvas->callbacks.link_activated) {
        canvas->callbacks.link_activated(canvas->callbacks.context, GTK_WIDGET(link));
    }
}

static void weft_link_class_init(WeftLinkClass *class) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(class);
    gtk_widget_class_set_css_name(widget_class, "link");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_LINK);
    guint activate = g_signal_new_class_handler("activate", G_TYPE_FROM_CLASS(class),
                                                G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION, G_CALLBACK(weft_link_activate),
                                                NULL, NULL, NULL, G_TYPE_NONE, 0);
    gtk_widget_class_set_activate_signal(widget_class, activate);
}

static void weft_link_init(WeftLink *link) {
    gtk_widget_set_focusable(GTK_WIDGET(link), TRUE);
    /* Like its item: the canvas under it takes the pointer. */
    gtk_widget_set_can_target(GTK_WIDGET(link), FALSE);
}

GtkWidget *weft_link_new(void) {
    return GTK_WIDGET(g_object_new(WEFT_TYPE_LINK, NULL));
}

void weft_widget_set_accessible_label(GtkWidget *widget, const char *label) {
    assert(GTK_IS_WIDGET(widget));
    if (label != NULL) {
        gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    } else {
        gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
    }
}

void weft_canvas_set_multiselectable(GtkWidget *canvas, gboolean multiselectable) {
    assert(WEFT_IS_CANVAS(canvas));
    gtk_accessible_update_property(GTK_ACCESSIBLE(canvas), GTK_ACCESSIBLE_PROPERTY_MULTI_SELECTABLE, multiselectable,
                                   -1);
}

/* ---- 5. Desktop settings --------------------------------------------- */

const char *weft_theme_name(GtkWidget *widget) {
    assert(GTK_IS_WIDGET(widget));
    const char *forced = g_getenv("GTK_THEME");
    if (forced != NULL && forced[0] != '\0') return forced;
    GtkSettings *settings = gtk_widget_get_settings(widget);
    if (settings == NULL) return NULL;
    /* g_object_get hands over a copy: the last one is kept until the next call
    ** (main thread only, as everything here), so the caller frees nothing. */
    static char *last;
    g_free(last);
    last = NULL;
    g_object_get(settings, "gtk-theme-name", &last, NULL);
    return last;
}

const char *weft_text_settings(GtkWidget *widget, int *xft_dpi) {
    assert(GTK_IS_WIDGET(widget));
    assert(xft_dpi != NULL);
    *xft_dpi = -1;
    static char *family;
    g_free(family);
    family = NULL;
    GtkSettings *settings = gtk_widget_get_settings(widget);
    if (settings == NULL) return NULL;
    char *name = NULL;
    g_object_get(settings, "gtk-font-name", &name, "gtk-xft-dpi", xft_dpi, NULL);
    if (name != NULL) {
        /* Pango parses the "family style size" form GTK uses. */
        PangoFontDescription *description = pango_font_description_from_string(name);
        const char *parsed = pango_font_description_get_family(description);
        if (parsed != NULL && parsed[0] != '\0') family = g_strdup(parsed);
        pango_font_description_free(description);
        g_free(name);
    }
    return family;
}

gboolean weft_prefers_dark_theme(GtkWidget *widget) {
    assert(GTK_IS_WIDGET(widget));
    GtkSettings *settings = gtk_widget_get_settings(widget);
    gboolean dark = FALSE;
    if (settings != NULL) g_object_get(settings, "gtk-application-prefer-dark-theme", &dark, NULL);
    return dark;
}
