import WeftCore

/// A test element. Each cell reports its death to a tracker, so a test can
/// count exactly how many the map released.
public final class Cell: Sendable, CustomStringConvertible {
    public let id: Int
    private let tracker: CellTracker?

    public init(_ id: Int, tracker: CellTracker? = nil) {
        self.id = id
        self.tracker = tracker
        tracker?.born()
    }

    deinit {
        tracker?.died()
    }

    public var description: String { "cell\(id)" }
}

/// Counts cells born and dead. Cells die on whichever thread releases the last
/// version holding them, so the counts sit behind a mutex.
public final class CellTracker: Sendable {
    private let counts = PosixMutex((born: 0, dead: 0))

    public init() {}

    func born() { counts.withLock { $0.born += 1 } }
    func died() { counts.withLock { $0.dead += 1 } }

    public var alive: Int { counts.withLock { $0.born - $0.dead } }
    public var dead: Int { counts.withLock { $0.dead } }
}
