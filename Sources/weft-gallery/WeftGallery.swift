import ArgumentParser
import CGtk4
import Foundation
import WeftGTK

/// `weft-gallery`: a feed of real posts in a GTK 4 window, through the whole
/// Weft pipeline, with scripted runs for screenshots and frame timings.
@main
struct WeftGallery: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weft-gallery",
        abstract: "Show a feed of posts (avatar, author, text) in a GTK 4 window through Weft's pipeline.",
        discussion: """
            Opens a window on the desktop (X11 or Wayland; headless under xvfb-run). The feed is lazy: \
            nodes are made only near the screen, and more posts are fetched at the end. The overlay \
            shows the last frame's main-thread time and the cells made. Scroll with the wheel, the \
            touchpad, the scrollbar or Page Up/Down; a click selects a post. With --inverted the feed is a chat: \
            it opens at the newest post, at the bottom, and a scripted scroll goes up, toward older ones. With --screenshot, \
            --scroll-to or --scroll-speed the run is scripted and quits by itself. Exit codes: 0 done, \
            2 no display, 3 a scripted run did not settle, 4 a pipeline error.
            """)

    @Option(help: "Posts in the feed (more are fetched at the end).")
    var items = 1_000_000

    @Option(help: "Window width in points.")
    var width = 480

    @Option(help: "Window height in points.")
    var height = 800

    @Option(help: "Scroll to this vertical offset, in points from the top of the content as shown, before anything else.")
    var scrollTo: Double?

    @Flag(help: "A chat: the newest post at the bottom, older ones above, fetched as you scroll up.")
    var inverted = false

    @Option(help: "Scroll at this many screens per second (needs --seconds), then print frame timings.")
    var scrollSpeed: Double?

    @Option(help: "Seconds of scripted scrolling.")
    var seconds: Double = 10

    @Option(help: "Draw, wait for the visible cells to be drawn, save the window as a PNG at FILE, and quit.")
    var screenshot: String?

    @Flag(help: "Draw every node on main, synchronously (the peer of the frame timings).")
    var synchronousDisplay = false

    @Option(help: "Seconds a scripted step may wait for the screen to settle.")
    var settleTimeout: Double = 30

    func validate() throws {
        guard items >= 0 else { throw ValidationError("--items must be 0 or more (got \(items))") }
        guard width > 0, height > 0 else { throw ValidationError("--width and --height must be above 0") }
        if let scrollSpeed, !(scrollSpeed > 0 && scrollSpeed.isFinite) {
            throw ValidationError("--scroll-speed must be a positive number of screens per second")
        }
        guard seconds > 0, seconds.isFinite else { throw ValidationError("--seconds must be above 0") }
        guard settleTimeout > 0, settleTimeout.isFinite else {
            throw ValidationError("--settle-timeout must be a positive number of seconds")
        }
        if items == 0, scrollTo != nil || scrollSpeed != nil || screenshot != nil {
            throw ValidationError("a scripted run (--scroll-to, --scroll-speed, --screenshot) needs --items above 0")
        }
    }

    func run() throws {
        let started = g_get_monotonic_time()
        // ArgumentParser calls run() on the main thread, which GTK's loop will own.
        let outcome = MainActor.assumeIsolated { () -> Result<Void, GalleryError> in
            do throws(GTKError) {
                try GTK.initialize()
            } catch {
                return .failure(.noDisplay(error))
            }
            let session: GallerySession
            do {
                session = try GallerySession(options: self, started: started)
            } catch {
                return .failure(.pipeline("\(error)"))
            }
            return session.run()
        }
        switch outcome {
        case .success: return
        case .failure(let error):
            FileHandle.standardError.write(Data("weft-gallery: \(error)\n".utf8))
            throw ExitCode(error.exitCode)
        }
    }
}
