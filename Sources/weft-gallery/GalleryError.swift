import WeftGTK

/// Why a gallery run ended early, and its exit code.
enum GalleryError: Error, CustomStringConvertible {
    case noDisplay(GTKError)
    case notSettled(step: String, seconds: Double, blank: Int, visible: Int)
    case pipeline(String)

    var exitCode: Int32 {
        switch self {
        case .noDisplay: 2
        case .notSettled: 3
        case .pipeline: 4
        }
    }

    var description: String {
        switch self {
        case .noDisplay(let error): "\(error)"
        case .notSettled(let step, let seconds, let blank, let visible):
            "\(step): the screen did not settle within \(seconds) s (\(blank) of \(visible) visible cells not drawn)"
        case .pipeline(let message): message
        }
    }
}
