public import Foundation

/// One problem the pipeline met and handled: an update it refused, a batch a
/// view found inconsistent, a node it could not lay out, a node block that
/// returned a node another item holds.
///
/// A container reports every such problem to its ``DiagnosticsLog``, from
/// whichever layer met it, with the update it belongs to and the index paths it
/// names; the `error` is the layer's own typed error, whose description names
/// the section, item and counts.
public struct Diagnostic: Sendable, CustomStringConvertible {
    /// The layer that met the problem.
    public let layer: Layer

    /// The number of the update the problem belongs to: a data controller
    /// numbers the updates it accepts from 1, in the order they were issued (see
    /// `DataUpdate.number` in WeftDataController). `nil` for a refused update
    /// (it gets no number) and for problems outside an update (a frame, a range).
    public let update: Int?

    /// The index paths the problem names, in the index space of the layer that
    /// reported it (the view's for views and ranges, the data source's for
    /// refusals). Empty when it names none.
    public let indexPaths: [IndexPath]

    /// The layer's typed error.
    public let error: any Error

    /// Creates a record.
    public init(layer: Layer, update: Int? = nil, indexPaths: [IndexPath] = [], error: any Error) {
        self.layer = layer
        self.update = update
        self.indexPaths = indexPaths
        self.error = error
    }

    public var description: String {
        let where_ = indexPaths.isEmpty ? "" : " at \(indexPaths.map { "[\($0.map(String.init).joined(separator: ", "))]" }.joined(separator: ", "))"
        let update = update.map { " (update \($0))" } ?? ""
        return "\(layer)\(update)\(where_): \(error)"
    }
}
