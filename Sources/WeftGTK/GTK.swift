public import CGtk4
import CWeftGTK
import Foundation
public import Weft
import WeftMemory

/// GTK's main thread and loop, with Weft's main-thread work inside it.
///
/// Weft's commits, range updates and display transactions run on the
/// libdispatch main queue (and `@MainActor` work, which on Linux is the same
/// queue). ``runMainLoop()`` serves that queue from GLib's loop through a
/// source on its wake-up eventfd, so all of it runs on GTK's main thread,
/// between GTK's frames, as Core Foundation's run loop serves it on Apple
/// platforms. A process that runs GTK's loop must therefore not call
/// `dispatchMain()`, nor have an `async` main (which calls it), and must run
/// the loop from its main thread. GLib never serves the queue's source again
/// while it runs: a nested loop started from main-queue or `@MainActor` work
/// (a modal dialog's) does not serve the queue until that work returns.
@MainActor
public enum GTK {
    /// The loops ``runMainLoop()`` runs, innermost last.
    private static var loops: [OpaquePointer] = []
    private static var isMainQueueAttached = false

    /// Opens the display. Call once, on the main thread, before making widgets.
    ///
    /// It also asks the process's allocator to return freed pages to the
    /// system at once, as glibc's `malloc` does for large blocks and as a
    /// desktop app is measured: linking Weft made jemalloc every `malloc` of
    /// the process, GTK's included, and its default ten seconds of freed pages
    /// were about 5 MiB of a scrolling feed's peak memory
    /// (`WeftMemory.ProcessAllocator`).
    ///
    /// - Parameter returningFreedMemoryAtOnce: `false` keeps the allocator's
    ///   delay as it is.
    /// - Throws: ``GTKError/noDisplay(display:waylandDisplay:)`` when no display
    ///   can be opened; nothing else changes, and the process may exit cleanly.
    ///   ``GTKError/allocatorRefused(_:)`` if the allocator refuses the setting,
    ///   after the display is open.
    public static func initialize(returningFreedMemoryAtOnce: Bool = true) throws(GTKError) {
        let environment = ProcessInfo.processInfo.environment
        let display = environment["DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        let wayland = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        // Without either, gtk_init_check would still try (and print its own
        // warnings); the answer is known.
        guard display != nil || wayland != nil, gtk_init_check() != 0 else {
            throw .noDisplay(display: display, waylandDisplay: wayland)
        }
        guard returningFreedMemoryAtOnce else { return }
        do {
            try ProcessAllocator.returnFreedPages(afterMilliseconds: 0)
        } catch {
            throw .allocatorRefused(error.description)
        }
    }

    /// Runs GLib's main loop, serving the main queue inside it, until
    /// ``quitMainLoop()``.
    public static func runMainLoop() {
        if !isMainQueueAttached {
            isMainQueueAttached = true
            _ = weft_main_queue_attach()
        }
        let loop = g_main_loop_new(nil, 0)!
        loops.append(loop)
        g_main_loop_run(loop)
        loops.removeLast()
        g_main_loop_unref(loop)
    }

    /// Shows `window` and runs GLib's main loop until the window is closed (its
    /// close button, `gtk_window_close`, the window manager), then destroys it:
    /// a small app's whole run. ``runMainLoop()`` alone keeps running after
    /// the last window closes, as GLib's loop does.
    ///
    /// - Parameter window: A `GtkWindow` made with `gtk_window_new()`.
    public static func run(window: UnsafeMutablePointer<GtkWidget>) {
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        // The run's own reference: GTK's list of toplevels drops the window when it closes.
        g_object_ref(UnsafeMutableRawPointer(window))
        let quit: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, _ in
            MainActor.assumeIsolated { GTK.quitMainLoop() }
            return 0  // and let GTK close the window
        }
        let handler = g_signal_connect_data(
            UnsafeMutableRawPointer(window), "close-request", unsafeBitCast(quit, to: GCallback.self), nil, nil,
            GConnectFlags(0))
        gtk_window_present(gtkWindow)
        runMainLoop()
        g_signal_handler_disconnect(UnsafeMutableRawPointer(window), handler)
        gtk_window_destroy(gtkWindow)
        g_object_unref(UnsafeMutableRawPointer(window))
    }

    /// Makes the innermost ``runMainLoop()`` return after the current event.
    public static func quitMainLoop() {
        if let loop = loops.last { g_main_loop_quit(loop) }
    }

    /// Handles the GLib events ready now (input, frames, redraws) without
    /// waiting, at most `limit` of them, and does not serve the main queue: for
    /// a host that turns the loop itself from main-actor work (a test under
    /// Swift Testing, whose main queue Dispatch serves). Returns whether any
    /// event was handled.
    @discardableResult
    public static func handlePendingEvents(limit: Int = 64) -> Bool {
        var handled = false
        for _ in 0 ..< limit {
            guard g_main_context_iteration(nil, 0) != 0 else { break }
            handled = true
        }
        return handled
    }

    /// Renders `widget` as it shows now, in device pixels (its size times its
    /// scale factor: 2 under `GDK_SCALE=2`, and the bitmap's `scale`):
    /// a screenshot of a realized widget (a shown window, or a widget in one).
    ///
    /// - Throws: ``GTKError/notRendered(width:height:)`` for a widget that is
    ///   not realized or has no size.
    public static func render(_ widget: UnsafeMutablePointer<GtkWidget>) throws -> Bitmap {
        guard let texture = weft_widget_render_texture(widget) else {
            throw GTKError.notRendered(width: Int(gtk_widget_get_width(widget)), height: Int(gtk_widget_get_height(widget)))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        return try Bitmap(
            pixelWidth: Int(gdk_texture_get_width(texture)), pixelHeight: Int(gdk_texture_get_height(texture)),
            scale: Double(gtk_widget_get_scale_factor(widget))
        ) { pixels, bytesPerRow in
            gdk_texture_download(texture, pixels.assumingMemoryBound(to: UInt8.self), gsize(bytesPerRow))
        }
    }
}
