import CGtk4
import Foundation
import Synchronization
import Testing
import Weft
@testable import WeftGTK
import WeftMemory
import WeftDataController

/// A window around a ``GTKCollectionView`` and its container, and a way to let
/// GTK and the main queue run until something holds.
///
/// Swift Testing serves the main actor from libdispatch's main queue (after
/// `dispatchMain()`), so GTK's loop cannot serve the queue here as it does in
/// an app; the harness turns both instead: GTK's ready events, then a yield to
/// the main queue's other work (commits, drawings landing), until a condition
/// holds or a deadline passes. It never sleeps.
@MainActor
final class GTKHarness {
    /// Whether a display is named (`DISPLAY` or `WAYLAND_DISPLAY`). With
    /// `WEFT_REQUIRE_DISPLAY=1` (CI, under xvfb-run) the tests run regardless, so
    /// a missing display fails them with GTK's typed error instead of skipping them.
    nonisolated static var displayIsAvailable: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["WEFT_REQUIRE_DISPLAY"] == "1" || !(environment["DISPLAY"] ?? "").isEmpty
            || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    private static var nextWindow = 0

    /// Whether the AT-SPI tests run: with a display, and `GTK_A11Y=atspi` or
    /// `WEFT_REQUIRE_ATSPI=1` (then a missing bus or backend fails them).
    nonisolated static var screenReaderIsRequested: Bool {
        let environment = ProcessInfo.processInfo.environment
        return displayIsAvailable && (environment["WEFT_REQUIRE_ATSPI"] == "1" || environment["GTK_A11Y"] == "atspi")
    }

    let view: GTKCollectionView
    let collection: CollectionNode
    let window: UnsafeMutablePointer<GtkWidget>
    /// The window's size in points.
    let size: (width: Int32, height: Int32)
    /// The window's title, unique in the process: how `xdotool` and AT-SPI find it.
    let title: String
    /// Frames the view painted, newest last.
    private(set) var frames: [GTKFrame] = []
    /// Frames the frame clock ran, painted by the view or not.
    private(set) var clockFrames = 0

    init(
        itemLoading: DataController.ItemLoading = .eager, deallocQueue: DeallocQueue = .shared, width: Int32 = 360,
        height: Int32 = 480
    ) throws {
        try GTK.initialize()
        view = GTKCollectionView()
        collection = CollectionNode(
            layout: try ListLayout(), view: view, itemLoading: itemLoading, deallocQueue: deallocQueue)
        size = (width, height)
        window = gtk_window_new()
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_default_size(gtkWindow, width, height)
        title = "Weft test \(Self.nextWindow)"
        Self.nextWindow += 1
        gtk_window_set_title(gtkWindow, title)
        gtk_window_set_child(gtkWindow, view.widget)
        view.framePainted = { [unowned self] frame in self.frames.append(frame) }
        view.frameWillBegin = { [unowned self] _ in self.clockFrames += 1 }
    }

    /// Makes `posts` the data source and delegate, loads, shows the window and
    /// runs until the first screen is drawn: the start of every test.
    func show(_ posts: Posts) async throws {
        collection.dataSource = posts
        collection.delegate = posts
        collection.reloadData()
        present()
        try await runUntilSettled("the first screen")
    }

    /// Runs `tool` with `arguments` to its end while GTK runs (a screen reader
    /// or a keyboard, in another process, talking to this one's windows);
    /// returns what it printed.
    ///
    /// A tool that acts on the windows (key presses, a pointer) runs as
    /// ``run(_:timeout:until:)`` waits: GTK's ready events, then a yield to the
    /// main queue, so that what its events set off (a focus kept, a scroll
    /// settled) runs between them, as in an app. A tool that only `reads` them
    /// (a screen reader) runs while the main actor turns GTK's loop and nothing
    /// else, as an app's main loop answers each call at once: yielding let
    /// other suites' main-actor tests run between a screen reader's calls, and
    /// on a loaded machine one read of a dozen items took 7 s and once came
    /// back with no items at all. What it reads the test has already settled.
    ///
    /// - Throws: ``ToolFailure`` when the tool is missing or exits with an
    ///   error; ``HarnessTimeout`` when it runs past `timeout` (it is stopped).
    func runTool(
        _ tool: String, _ arguments: [String], reads: Bool = false, timeout: Duration = .seconds(120)
    ) async throws -> String {
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw ToolFailure(tool: tool, status: -1, output: "not installed (scripts/setup installs it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        // Read as it comes, so that a long output never fills the pipe and
        // stalls the tool; the output's end is the tool's, and wakes GLib's
        // loop (its wakeup is safe from any thread), as the deadline does.
        let output = ToolOutput(pipe)
        DispatchQueue.global().async { output.readToEnd() }
        let what = "\(tool) \(arguments.prefix(3).joined(separator: " ")) to end"
        if reads {
            DispatchQueue.global().asyncAfter(deadline: .now() + Double(timeout.components.seconds) + 1) {
                g_main_context_wakeup(nil)
            }
            let clock = ContinuousClock(), deadline = clock.now + timeout
            while !output.isComplete {
                guard clock.now < deadline else {
                    process.terminate()
                    throw HarnessTimeout(waitingFor: what)
                }
                g_main_context_iteration(nil, 1)
            }
        } else {
            do {
                try await run(what, timeout: timeout) { output.isComplete }
            } catch {
                process.terminate()
                throw error
            }
        }
        let text = output.text
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailure(tool: tool, status: process.terminationStatus, output: text)
        }
        return text
    }

    /// Presses `keys` (xdotool's names) on the window through the X server's
    /// XTEST extension, as a keyboard does; the window takes input focus
    /// first (no window manager runs under Xvfb to give it).
    func press(_ keys: [String], delay: Int = 20) async throws {
        _ = try await runTool("/usr/bin/xdotool", [
            "search", "--sync", "--name", "^\(title)$", "windowfocus", "--sync",
            "key", "--delay", "\(delay)",
        ] + keys)
    }

    /// Shows the window and lays the view out at its size.
    func present() {
        gtk_window_present(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
        layOut()
    }

    /// Closes the window, as its close button does.
    func close() {
        view.framePainted = nil
        gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
    }

    /// Runs GTK and the main queue until `condition` holds.
    func run(_ what: String, timeout: Duration = .seconds(120), until condition: () -> Bool) async throws {
        let clock = ContinuousClock(), deadline = clock.now + timeout
        while !condition() {
            guard clock.now < deadline else { throw HarnessTimeout(waitingFor: what, state: state()) }
            GTK.handlePendingEvents()
            await Task.yield()
        }
    }

    /// Runs until the container has committed every update and every visible
    /// cell is drawn, laying the widget out at the window's size on each turn
    /// (what a frame's layout phase does), so the test does not depend on when
    /// GDK's clock runs in a loaded test process; ``screenshot()`` then renders
    /// what the view shows. Painted frames, timed by the real loop, are what
    /// `weft-gallery`'s test and scripted runs wait for.
    func runUntilSettled(_ what: String) async throws {
        view.setNeedsDisplay()
        try await run(what) {
            layOut()
            return !collection.isProcessingUpdates && !collection.viewIndexPathsForVisibleItems.isEmpty
                && collection.blankVisibleItems.isEmpty
        }
    }

    /// Measures and allocates the view's widget at the window's size, as a
    /// frame's layout phase does (the canvas's allocation sets the viewport).
    func layOut() {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(view.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        gtk_widget_measure(view.widget, GTK_ORIENTATION_VERTICAL, size.width, &minimum, &natural, nil, nil)
        var allocation = GtkAllocation(x: 0, y: 0, width: size.width, height: size.height)
        gtk_widget_size_allocate(view.widget, &allocation, -1)
        view.layOutContainerIfNeeded()
    }

    /// What the view and its cells are doing, for a test that timed out.
    func state() -> String {
        let blank = collection.blankVisibleItems.map { path -> String in
            guard let node = collection.nodeForItem(at: path) else { return "\(path): no node" }
            let nodes = [node] + node.subnodes
            return "\(path): " + nodes.map {
                "\(type(of: $0)) \($0.interfaceState) complete \($0.isDisplayComplete) contents \($0.contents != nil)"
                    + " error \($0.displayError.map { "\($0)" } ?? "none")"
            }.joined(separator: "; ")
        }
        let canvas = gtk_widget_get_first_child(view.widget)
        return "clock frames \(clockFrames), mapped \(gtk_widget_get_mapped(view.widget)), canvas mapped "
            + "\(canvas.map { gtk_widget_get_mapped($0) } ?? -1), \(frames.count) frames painted, last \(frames.last.map { "\($0)" } ?? "none"); "
            + "processing updates \(collection.isProcessingUpdates); offset \(collection.contentOffset), "
            + "viewport \(collection.viewportSize); blank: \(blank.joined(separator: " | "))"
    }

    /// The view as it shows now, laid out at the window's size.
    func screenshot() throws -> Bitmap {
        layOut()
        return try GTK.render(view.widget)
    }
}

/// What a tool printed, read to its end off the main actor.
final class ToolOutput: Sendable {
    private let pipe: Pipe
    private let read = Mutex<Data?>(nil)

    init(_ pipe: Pipe) { self.pipe = pipe }

    /// Reads the pipe to its end (the tool's), keeps it, and wakes GLib's loop.
    func readToEnd() {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        read.withLock { $0 = data }
        g_main_context_wakeup(nil)
    }

    /// Whether the tool's output has ended.
    var isComplete: Bool { read.withLock { $0 != nil } }

    /// The output, as UTF-8 (empty before it ends).
    var text: String { read.withLock { $0.map { String(decoding: $0, as: UTF8.self) } ?? "" } }
}

struct ToolFailure: Error, CustomStringConvertible {
    var tool: String
    var status: Int32
    var output: String
    var description: String { "\(tool) failed (\(status)): \(output)" }
}

struct HarnessTimeout: Error, CustomStringConvertible {
    var waitingFor: String
    var state = ""
    var description: String { "timed out waiting for \(waitingFor): \(state)" }
}

/// Every suite that opens windows, one test at a time across suites: keyboard
/// focus is the X server's, one window's at a time, so a window presented by
/// a test running beside another would take the other's key presses.
@Suite(.serialized)
enum GTKWindows {}
