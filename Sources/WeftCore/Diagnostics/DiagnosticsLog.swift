public import Foundation

/// The one place a container's layers report what went wrong: refusals,
/// inconsistencies, divergences, shared nodes, layout and layout-spec errors.
///
/// Each container (and a data controller or headless view used alone) is handed
/// one log, as a trace recorder is handed the pipeline's spans, and every layer
/// under it reports there; the error lists the layers keep (a data controller's
/// `sharedNodeErrors`, a headless view's `inconsistencies`) are views of it.
/// An app reads ``diagnostics`` or ``errors(of:in:)``, or installs a
/// ``DiagnosticsSink`` that receives each record as it comes.
///
/// The log keeps the newest `capacity` records and counts those it let go
/// in ``droppedCount``, so a collection that misbehaves for hours holds bounded
/// memory. Thread-safe: layers report from main, the editing queue and the
/// measuring threads.
///
/// `@unchecked Sendable`: `state` is only touched under its `PosixMutex`, and
/// `capacity` and `sink` are immutable.
public final class DiagnosticsLog: @unchecked Sendable {
    private struct State {
        var records: [Diagnostic] = []
        /// The index of the oldest record once `records` is full (a ring).
        var start = 0
        var dropped = 0
    }

    private let state = PosixMutex(State())

    /// The number of records kept; older ones are dropped and counted.
    package let capacity: Int

    /// Where each record goes as it is reported, besides the log.
    package let sink: (any DiagnosticsSink)?

    /// Creates an empty log.
    ///
    /// - Parameters:
    ///   - capacity: The number of records kept, at least 1; 10,000 by default.
    ///   - sink: Receives each record as it is reported, on the reporting thread.
    public init(capacity: Int = 10_000, forwardingTo sink: (any DiagnosticsSink)? = nil) {
        self.capacity = Swift.max(capacity, 1)
        self.sink = sink
    }

    /// Records `diagnostic` and forwards it to the sink given at init.
    ///
    /// - Complexity: O(1) amortized.
    public func report(_ diagnostic: Diagnostic) {
        let capacity = capacity
        state.withLock { state in
            if state.records.count < capacity {
                state.records.append(diagnostic)
            } else {
                state.records[state.start] = diagnostic
                state.start = (state.start + 1) % capacity
                state.dropped += 1
            }
        }
        sink?.report(diagnostic)
    }

    /// Records `error` as a ``Diagnostic`` of `layer`.
    public func report(
        _ error: any Error, layer: Diagnostic.Layer, update: Int? = nil, indexPaths: [IndexPath] = []
    ) {
        report(Diagnostic(layer: layer, update: update, indexPaths: indexPaths, error: error))
    }

    /// Every record kept, oldest first.
    ///
    /// - Complexity: O(*r*) for *r* records.
    public var diagnostics: [Diagnostic] {
        state.withLock { state in
            Array(state.records[state.start...] + state.records[..<state.start])
        }
    }

    /// The errors of type `type` among the records kept, oldest first, from
    /// `layer` or from any layer: what a layer's own error list reads.
    ///
    /// - Complexity: O(*r*) for *r* records.
    public func errors<E: Error>(of type: E.Type, in layer: Diagnostic.Layer? = nil) -> [E] {
        diagnostics.compactMap { diagnostic in
            layer == nil || diagnostic.layer == layer ? diagnostic.error as? E : nil
        }
    }

    /// Whether no record was ever reported (or all were removed).
    public var isEmpty: Bool { state.withLock { $0.records.isEmpty } }

    /// The number of records dropped to stay within `capacity`.
    public var droppedCount: Int { state.withLock { $0.dropped } }

    /// Forgets every record and the dropped count.
    public func removeAll() {
        state.withLock { $0 = State() }
    }
}
