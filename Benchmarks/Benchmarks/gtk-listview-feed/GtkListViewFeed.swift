import ArgumentParser
import CGtkPeer
import Foundation
import WeftSampleFeed

/// `gtk-listview-feed`: weft-gallery's feed shown by GTK 4's own GtkListView,
/// the peer of the desktop figures (`scripts/bench --gtk`). Same window size,
/// posts, avatars, fonts and insets; rows bound by a `GtkSignalListItemFactory`
/// from a model that makes row objects on demand. It runs weft-gallery's
/// scripted scroll and prints the same figures: frames painted and missed, the
/// main thread per frame, the first complete frame and the peak resident set.
@main
struct GtkListViewFeed: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gtk-listview-feed",
        abstract: "Show weft-gallery's feed in GTK 4's GtkListView and time a scripted scroll (weft-gallery's peer).")

    @Option(help: "Posts in the feed.")
    var items = 1_000_000

    @Option(help: "Window width in points.")
    var width = 480

    @Option(help: "Window height in points.")
    var height = 800

    @Option(help: "Scroll at this many screens per second, then print frame timings and quit.")
    var scrollSpeed: Double = 5

    @Option(help: "Seconds of scripted scrolling.")
    var seconds: Double = 10

    @Option(help: "After the first frame, save the window as a PNG at FILE and quit (no scroll).")
    var screenshot: String?

    func validate() throws {
        guard items > 0 else { throw ValidationError("--items must be above 0 (got \(items))") }
        guard width > 0, height > 0 else { throw ValidationError("--width and --height must be above 0") }
        guard scrollSpeed > 0, scrollSpeed.isFinite else {
            throw ValidationError("--scroll-speed must be a positive number of screens per second")
        }
        guard seconds > 0, seconds.isFinite else { throw ValidationError("--seconds must be above 0") }
    }

    func run() throws {
        let started = g_get_monotonic_time()
        // ArgumentParser calls run() on the main thread, which GTK's loop will own.
        let report = try MainActor.assumeIsolated { () throws -> String? in
            guard ProcessInfo.processInfo.environment["DISPLAY"] != nil
                || ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] != nil, gtk_init_check() != 0
            else { return nil }
            return try ListViewSession(options: self, started: started).run()
        }
        guard let report else {
            FileHandle.standardError.write(Data("gtk-listview-feed: no display (DISPLAY or WAYLAND_DISPLAY)\n".utf8))
            throw ExitCode(2)
        }
        print(report)
    }
}
