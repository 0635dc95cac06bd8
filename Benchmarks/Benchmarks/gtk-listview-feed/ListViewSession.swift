import CGtkPeer
import WeftSampleFeed
import Foundation

/// One scripted run of the GtkListView feed: show the window, note the first
/// painted frame, scroll at the asked speed, and report.
@MainActor
final class ListViewSession {
    private let options: GtkListViewFeed
    /// `g_get_monotonic_time` when the process's command began.
    private let started: Int
    private let window: UnsafeMutablePointer<GtkWidget>
    private let adjustment: UnsafeMutablePointer<GtkAdjustment>
    private let loop = g_main_loop_new(nil, 0)!
    private var frameBegan: Int = 0
    private var firstFrame: Int?
    private var scrollStart: Int?
    private var frameTimes: [Int] = []
    private var frameDurations: [Double] = []
    private var finished = false
    /// Why a `--screenshot` failed, if it did.
    private var screenshotError: (any Error)?

    init(options: GtkListViewFeed, started: Int) {
        self.options = options
        self.started = started
        window = gtk_window_new()
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_title(gtkWindow, "GtkListView feed: \(options.items) posts")
        gtk_window_set_default_size(gtkWindow, Int32(options.width), Int32(options.height))
        PostRow.installStyle(on: gtk_widget_get_display(window))
        let model = PostListModel.make(count: options.items)
        let selection = gtk_no_selection_new(model)  // takes the model's reference
        let list = gtk_list_view_new(selection, PostRow.makeFactory())!  // takes both
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), list)
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_window_set_child(gtkWindow, scrolled)
        adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))!
    }

    /// Runs the script; returns the report.
    func run() throws -> String {
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_present(gtkWindow)
        let clock = gtk_widget_get_frame_clock(window)!
        let context = Unmanaged.passUnretained(self).toOpaque()
        let began: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, context in
            MainActor.assumeIsolated {
                Unmanaged<ListViewSession>.fromOpaque(context!).takeUnretainedValue().frameBegan = g_get_monotonic_time()
            }
        }
        let painted: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { clock, context in
            MainActor.assumeIsolated {
                Unmanaged<ListViewSession>.fromOpaque(context!).takeUnretainedValue()
                    .framePainted(at: gdk_frame_clock_get_frame_time(clock))
            }
        }
        let beganHandler = g_signal_connect_data(UnsafeMutableRawPointer(clock), "before-paint",
                                                 unsafeBitCast(began, to: GCallback.self), context, nil, GConnectFlags(0))
        let paintedHandler = g_signal_connect_data(UnsafeMutableRawPointer(clock), "after-paint",
                                                   unsafeBitCast(painted, to: GCallback.self), context, nil, GConnectFlags(0))
        gdk_frame_clock_begin_updating(clock)
        g_main_loop_run(loop)
        gdk_frame_clock_end_updating(clock)
        g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), beganHandler)
        g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), paintedHandler)
        if let screenshotError { throw screenshotError }
        if let path = options.screenshot {
            gtk_window_destroy(gtkWindow)
            return "gtk-listview-feed: wrote \(path)"
        }
        gtk_window_destroy(gtkWindow)
        return report()
    }

    /// A frame ended: time it, and move the scroll on for the next one.
    private func framePainted(at frameTime: Int) {
        let now = g_get_monotonic_time()
        guard !finished else { return }
        guard firstFrame != nil else {
            // GtkListView binds the rows it shows before painting: its first frame is complete.
            firstFrame = now
            if let path = options.screenshot {
                finished = true
                do {
                    try writeScreenshot(to: path)
                } catch {
                    screenshotError = error
                }
                g_main_loop_quit(loop)
            }
            return
        }
        guard let start = scrollStart else {
            scrollStart = frameTime
            return
        }
        frameTimes.append(frameTime)
        frameDurations.append(Double(now - frameBegan) / 1000)
        let elapsed = Double(frameTime - start) / 1_000_000
        if elapsed >= options.seconds {
            finished = true
            g_main_loop_quit(loop)
            return
        }
        gtk_adjustment_set_value(adjustment, options.scrollSpeed * Double(options.height) * elapsed)
    }

    /// The window as it shows now, rendered by its own renderer into a PNG.
    private func writeScreenshot(to path: String) throws {
        let width = gtk_widget_get_width(window), height = gtk_widget_get_height(window)
        let paintable = gtk_widget_paintable_new(window)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot,
                               Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot),
              let native = gtk_widget_get_native(window), let renderer = gtk_native_get_renderer(native)
        else { throw ScreenshotError(path: path, reason: "the window drew nothing (\(width)x\(height))") }
        defer { gsk_render_node_unref(node) }
        let texture = gsk_renderer_render_texture(renderer, node, nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        guard gdk_texture_save_to_png(texture, path) != 0 else {
            throw ScreenshotError(path: path, reason: "GDK could not write the PNG")
        }
    }

    private func report() -> String {
        let period = 1_000_000.0 / 60
        let missed = zip(frameTimes, frameTimes.dropFirst()).reduce(0) { missed, pair in
            missed + max(0, Int((Double(pair.1 - pair.0) / period).rounded()) - 1)
        }
        let seconds = Double((frameTimes.last ?? 0) - (scrollStart ?? 0)) / 1_000_000
        return String(
            format: """
                gtk-listview-feed: %.1f screens/s for %.1f s, %d posts
                  frames painted          %d (%.1f per second), missed at 60 Hz: %d
                  main thread per frame   p50 %.2f ms, p99 %.2f ms, max %.2f ms
                  first complete frame    %.0f ms after start
                  peak RSS (VmHWM)        %.1f MiB
                """,
            options.scrollSpeed, seconds, options.items,
            frameDurations.count, Double(frameDurations.count) / max(seconds, 1e-9), missed,
            Percentile.nearestRank(frameDurations, 50), Percentile.nearestRank(frameDurations, 99),
            frameDurations.max() ?? 0, Double((firstFrame ?? started) - started) / 1000,
            Double(ResidentMemory.peakBytes ?? 0) / 1_048_576)
    }
}

/// Why `--screenshot` wrote no picture.
struct ScreenshotError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "gtk-listview-feed: no screenshot at \(path): \(reason)" }
}
