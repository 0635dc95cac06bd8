import Synchronization

/// A test element. Each cell reports its death to a tracker, so a test can
/// count exactly how many the map released.
final class Cell: Sendable, CustomStringConvertible {
    let id: Int
    private let tracker: CellTracker?

    init(_ id: Int, tracker: CellTracker? = nil) {
        self.id = id
        self.tracker = tracker
        tracker?.born()
    }

    deinit {
        tracker?.died()
    }

    var description: String { "cell\(id)" }
}

/// Counts cells born and dead. Cells die on whichever thread releases the last
/// version holding them, so the counts sit behind a mutex.
final class CellTracker: Sendable {
    private let counts = Mutex((born: 0, dead: 0))

    func born() { counts.withLock { $0.born += 1 } }
    func died() { counts.withLock { $0.dead += 1 } }

    var alive: Int { counts.withLock { $0.born - $0.dead } }
    var dead: Int { counts.withLock { $0.dead } }
}
