import Foundation

/// The directives of a `Cache-Control` header the downloader honours (RFC 9111
/// §5.2.2): `no-store` (keep nothing), `no-cache` (keep, but revalidate every
/// time) and `max-age` (fresh for that many seconds).
struct _CacheControl {
    var noStore = false
    var noCache = false
    var maxAge: TimeInterval?

    init(_ header: String?) {
        for directive in (header ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            switch parts.first {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "max-age":
                if parts.count == 2, let seconds = TimeInterval(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))),
                    seconds >= 0 { maxAge = seconds }
            default: break
            }
        }
    }

    /// Until when a response stored `now` is fresh: `nil` for no limit (no
    /// directive), the distant past for `no-cache`.
    func freshUntil(now: Date) -> Date? {
        if noCache { return .distantPast }
        return maxAge.map { now.addingTimeInterval($0) }
    }
}
