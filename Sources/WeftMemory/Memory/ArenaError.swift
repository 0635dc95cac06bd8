/// An error from Weft's jemalloc arena layer.
///
/// Every case leaves the arena it names as it was before the call.
public enum ArenaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// jemalloc refused a control call (`mallctl`), named by `operation`.
    case allocatorRefused(operation: String)
    /// The scratch arena is leased by another thread, or all
    /// ``ScratchArena/poolCapacity`` scratch arenas are leased at once.
    case busy(operation: String)
    /// The arena could not supply `byteCount` bytes.
    case outOfMemory(byteCount: Int)
    /// An argument was malformed; `detail` names it and its value.
    case invalidArgument(detail: String)

    public var description: String {
        switch self {
        case .allocatorRefused(let operation):
            "jemalloc refused \(operation)"
        case .busy(let operation):
            "\(operation): the scratch arena is leased by another thread, or all \(ScratchArena.poolCapacity) scratch arenas are leased"
        case .outOfMemory(let byteCount):
            "the arena could not allocate \(byteCount) bytes"
        case .invalidArgument(let detail):
            "invalid argument: \(detail)"
        }
    }
}
