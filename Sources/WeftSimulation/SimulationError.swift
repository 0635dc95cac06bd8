/// Why a simulation could not run.
public enum SimulationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An option is out of range; the message names it.
    case invalidOption(String)
    /// The report could not be written.
    case cannotWrite(path: String, reason: String)
    /// A tool the run was asked to use is not installed.
    case toolMissing(String, hint: String)

    public var description: String {
        switch self {
        case .invalidOption(let message): message
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .toolMissing(let tool, let hint): "\(tool) is not installed: \(hint)"
        }
    }
}
