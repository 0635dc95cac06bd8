/// Why `--jobs` selected nothing.
enum JobSelectionError: Error, CustomStringConvertible {
    /// `pattern` does not compile as a regular expression.
    case notARegularExpression(String, reason: String)
    /// `pattern` matches none of `ids`.
    case noMatch(String, ids: [String])

    var description: String {
        switch self {
        case .notARegularExpression(let pattern, let reason):
            "--jobs: '\(pattern)' is not a regular expression (\(reason))"
        case .noMatch(let pattern, let ids):
            "--jobs: '\(pattern)' matches no job; the jobs are \(ids.joined(separator: ", "))"
        }
    }
}
