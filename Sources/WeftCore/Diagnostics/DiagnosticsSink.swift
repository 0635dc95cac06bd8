/// Receives a container's diagnostics as they are reported, from any thread:
/// what an app installs to forward them to its own logging
/// (``DiagnosticsLog/init(capacity:forwardingTo:)``).
public protocol DiagnosticsSink: AnyObject, Sendable {
    /// Takes one diagnostic. Called on the thread that met the problem, with no
    /// pipeline lock held; keep it short.
    func report(_ diagnostic: Diagnostic)
}
