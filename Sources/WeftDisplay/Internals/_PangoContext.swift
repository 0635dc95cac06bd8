import CPangoCairo
import WeftCore

/// This thread's Pango context: Pango's font maps are per thread
/// (`pango_cairo_font_map_get_default`), so each thread that shapes text makes
/// its context once, and it dies with the thread.
///
/// Text is shaped in points with hinting off, so a layout measures the same
/// whatever scale it is drawn at (drawing scales the Cairo context).
final class _PangoContext {
    let context: OpaquePointer

    private static let perThread = ThreadLocalRecord { _PangoContext() }

    /// The calling thread's context.
    static var current: OpaquePointer { perThread.current.context }

    private init() {
        Fonts.prepare()
        let fontMap = pango_cairo_font_map_get_default()
        context = pango_font_map_create_context(fontMap)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
    }
}
