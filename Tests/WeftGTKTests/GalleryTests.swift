import Foundation
import Testing
import Weft
import WeftDisplay
import WeftTestSupport

extension GTKWindows {
    /// `weft-gallery` as a person runs it: its own process, GTK's loop serving
    /// libdispatch's main queue (which the in-process tests cannot do).
    @Suite(.serialized)
    struct GalleryTests {
        /// The gallery beside the test bundle, built with it.
        static var gallery: URL {
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("weft-gallery")
        }

        /// Runs the gallery with `arguments` and `environment`, and returns its
        /// exit status and standard error.
        func run(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, errors: String) {
            let process = Process()
            process.executableURL = Self.gallery
            process.arguments = arguments
            process.environment = environment
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }

        /// Runs the gallery with `arguments` and `--screenshot`, with GSK's Cairo
        /// renderer (whose path draws Cairo over the contents' bytes; the
        /// in-process tests draw textures with GTK's default renderer) and
        /// `extra` over the test's environment, and returns the screenshot.
        func screenshot(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Bitmap {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("weft-gallery-\(getpid()).png")
            defer { try? FileManager.default.removeItem(at: file) }
            var environment = ProcessInfo.processInfo.environment
            environment["GTK_A11Y"] = "none"
            environment["GSK_RENDERER"] = "cairo"
            environment.merge(extra) { $1 }
            let (status, errors) = try run(arguments + ["--screenshot", file.path], environment: environment)
            try #require(status == 0, "\(errors)")
            return try Bitmap(pngData: try Data(contentsOf: file))
        }

        @Test func withoutADisplayItSaysSoAndExitsWithCodeTwo() throws {
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = nil
            environment["WAYLAND_DISPLAY"] = nil
            let (status, errors) = try run(["--items", "10"], environment: environment)
            #expect(status == 2)
            #expect(errors.contains("no display: neither DISPLAY nor WAYLAND_DISPLAY is set"), "\(errors)")
        }

        @Test(.enabled(if: GTKHarness.displayIsAvailable, "needs a display: run under xvfb-run"))
        func aScrolledScreenshotShowsDrawnPosts() throws {
            let screen = try screenshot(["--items", "1000", "--width", "360", "--height", "480", "--scroll-to", "1500"])
            #expect(screen.pixelWidth == 360 && screen.pixelHeight == 480)
            // Text and avatars on white: a good share of the screen is not white.
            #expect(darkPixels(screen, x: 0 ..< 360, y: 0 ..< 480) > 2_000)
        }

        /// The chat-shaped gallery was a white window: its rows were placed in
        /// mirrored content space. It opens at the newest post, drawn at the bottom.
        @Test(.enabled(if: GTKHarness.displayIsAvailable, "needs a display: run under xvfb-run"))
        func anInvertedScreenshotShowsDrawnPostsFromTheBottom() throws {
            let screen = try screenshot(["--inverted", "--items", "1000", "--width", "360", "--height", "480"])
            #expect(screen.pixelWidth == 360 && screen.pixelHeight == 480)
            // Rows from the bottom edge up: the bottom and the top quarters both hold text and avatars.
            #expect(darkPixels(screen, x: 0 ..< 360, y: 360 ..< 480) > 500, "the newest post is drawn at the bottom")
            #expect(darkPixels(screen, x: 0 ..< 360, y: 0 ..< 120) > 500, "older posts fill the screen above it")
        }

        /// Under `GDK_SCALE=2` the contents are drawn at 2x (the container's
        /// display scale follows the widget's scale factor) and the screenshot
        /// is in device pixels: text as crisp as GTK's own labels, where it was
        /// drawn at 1x and scaled up, blurred.
        @Test(.enabled(if: GTKHarness.displayIsAvailable, "needs a display: run under xvfb-run"))
        func atScaleTwoTheScreenIsDrawnInDevicePixels() throws {
            let screen = try screenshot(
                ["--items", "1000", "--width", "360", "--height", "400"], environment: ["GDK_SCALE": "2"])
            #expect(screen.pixelWidth == 720 && screen.pixelHeight == 800)
            // Crisp edges: neighbours most of the way from black to white apart. Text drawn at
            // 1x and scaled up by the renderer spreads each edge over two pixels.
            var sharp = 0
            for y in 0 ..< screen.pixelHeight {
                for x in 0 ..< screen.pixelWidth - 1 {
                    let a = screen.pixel(x: x, y: y) & 0xFF, b = screen.pixel(x: x + 1, y: y) & 0xFF
                    if max(a, b) - min(a, b) > 160 { sharp += 1 }
                }
            }
            // Measured: about 7,900 here; 340 with the cells drawn at 1x.
            #expect(sharp > 3_000, "\(sharp) sharp edges: the text is drawn at 2x")
        }

        /// Bad input: the display goes away (the X server is killed) while the gallery
        /// shows a feed. GDK reports the lost connection and the process exits
        /// with a status, as every GTK 4 app on X11 does: no crash, no hang.
        @Test(.enabled(if: GTKHarness.displayIsAvailable, "needs a display: run under xvfb-run"))
        func aDisplayThatGoesAwayEndsTheGalleryWithAnExitNotACrash() throws {
            // An X server of its own, which says its display number on standard output when ready.
            let server = Process()
            server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            server.arguments = ["-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp"]
            let announced = Pipe()
            server.standardOutput = announced
            server.standardError = FileHandle.nullDevice
            try server.run()
            // SIGKILL: a child of the test process inherits its blocked signals, SIGTERM among them.
            defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
            var number = Data()
            while !number.contains(UInt8(ascii: "\n")) {
                let chunk = announced.fileHandleForReading.availableData  // blocks until Xvfb writes
                try #require(!chunk.isEmpty, "Xvfb ended before it named its display")
                number.append(chunk)
            }
            let display = ":" + String(decoding: number, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            defer {
                // A killed server leaves its lock and socket behind.
                for leftover in ["/tmp/.X\(display.dropFirst())-lock", "/tmp/.X11-unix/X\(display.dropFirst())"] {
                    try? FileManager.default.removeItem(atPath: leftover)
                }
            }

            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = display
            environment["WAYLAND_DISPLAY"] = nil
            environment["GTK_A11Y"] = "none"  // this display has no accessibility bus of its own
            environment["GSK_RENDERER"] = "cairo"
            let gallery = Process()
            gallery.executableURL = Self.gallery
            gallery.arguments = ["--items", "100000", "--width", "400", "--height", "400"]
            gallery.environment = environment
            let errors = Pipe()
            gallery.standardError = errors
            gallery.standardOutput = FileHandle.nullDevice
            let exited = DispatchSemaphore(value: 0)
            gallery.terminationHandler = { _ in exited.signal() }
            try gallery.run()
            defer { if gallery.isRunning { kill(gallery.processIdentifier, SIGKILL) } }

            // Its window shows (xdotool waits for it), then the display goes away.
            let search = Process()
            search.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            search.arguments = ["search", "--sync", "--name", "Weft gallery"]
            search.environment = environment
            search.standardOutput = FileHandle.nullDevice
            let found = DispatchSemaphore(value: 0)
            search.terminationHandler = { _ in found.signal() }
            try search.run()
            try #require(found.wait(timeout: .now() + 60) == .success && search.terminationStatus == 0,
                         "the gallery's window on \(display)")
            kill(server.processIdentifier, SIGKILL)

            #expect(exited.wait(timeout: .now() + 60) == .success, "the gallery ended within a minute of losing its display")
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(gallery.terminationReason == .exit, "an exit, not a signal: \(gallery.terminationStatus) \(message)")
            #expect(gallery.terminationStatus != 0, "a failure status: \(message)")
        }

        /// With the dark Adwaita style, the list is dark and its text light, an
        /// inverted feed included.
        @Test(.enabled(if: GTKHarness.displayIsAvailable, "needs a display: run under xvfb-run"))
        func theDarkStyleDrawsADarkListWithLightText() throws {
            let screen = try screenshot(
                ["--inverted", "--items", "1000", "--width", "360", "--height", "480"], environment: ["GTK_THEME": "Adwaita:dark"])
            var dark = 0, light = 0
            for y in 0 ..< screen.pixelHeight {
                for x in 0 ..< screen.pixelWidth {
                    let pixel = screen.pixel(x: x, y: y)
                    let luminance = ((pixel >> 16) & 0xFF) + ((pixel >> 8) & 0xFF) + (pixel & 0xFF)
                    if luminance < 3 * 80 { dark += 1 } else if luminance > 3 * 180 { light += 1 }
                }
            }
            #expect(dark > screen.pixelWidth * screen.pixelHeight / 2, "a dark background: \(dark) dark pixels")
            #expect(light > 2_000, "light text on it: \(light) light pixels")
        }
    }
}
