/// What WeftGTK could not do.
public enum GTKError: Error, Equatable, CustomStringConvertible {
    /// GTK found no display to open: neither `DISPLAY` (X11) nor
    /// `WAYLAND_DISPLAY` (Wayland) names one it can reach.
    case noDisplay(display: String?, waylandDisplay: String?)
    /// A widget could not be rendered: it is not realized (not in a window
    /// that was shown) or has no size yet.
    case notRendered(width: Int, height: Int)
    /// The process's allocator refused a setting; the message says which.
    case allocatorRefused(String)

    public var description: String {
        switch self {
        case .noDisplay(let display, let wayland):
            let named = [display.map { "DISPLAY=\($0)" }, wayland.map { "WAYLAND_DISPLAY=\($0)" }].compactMap { $0 }
            return named.isEmpty
                ? "no display: neither DISPLAY nor WAYLAND_DISPLAY is set (run on a desktop, or headless under xvfb-run)"
                : "GTK could not open the display (\(named.joined(separator: ", "))): is the X or Wayland server running and reachable?"
        case .allocatorRefused(let message):
            return "the allocator refused a setting: \(message)"
        case .notRendered(let width, let height):
            return "the widget could not be rendered: it is not realized in a shown window, has no size (\(width)×\(height)) or has drawn nothing yet"
        }
    }
}
