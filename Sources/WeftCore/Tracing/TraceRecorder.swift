/// Receives the pipeline's trace records while installed with
/// ``PipelineTracing/install(_:)``, from any thread, concurrently.
public protocol TraceRecorder: AnyObject, Sendable {
    /// Takes one record. Called on the thread that did the work; keep it short.
    func record(_ record: TraceRecord)
}
