import Dispatch
import Foundation
import WeftCore
import WeftNode

/// The hooks that ran, in order, as "name event" strings. Main-actor only, like the hooks.
@MainActor
final class EventLog {
    var events: [String] = []

    /// Returns the events so far and starts a fresh list.
    func take() -> [String] {
        defer { events = [] }
        return events
    }
}

/// A node that logs every interface-state and loading hook to an ``EventLog``.
final class RecordingNode: DisplayNode, @unchecked Sendable {
    let name: String
    let log: EventLog

    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
        super.init()
        debugName = name
    }

    override func didEnterPreloadState() { log.events.append("\(name) enter preload") }
    override func didExitPreloadState() { log.events.append("\(name) exit preload") }
    override func didEnterDisplayState() { log.events.append("\(name) enter display") }
    override func didExitDisplayState() { log.events.append("\(name) exit display") }
    override func didEnterVisibleState() { log.events.append("\(name) enter visible") }
    override func didExitVisibleState() { log.events.append("\(name) exit visible") }
    override func interfaceStateDidChange(from oldState: InterfaceState) {
        log.events.append("\(name) changed from \(oldState) to \(interfaceState)")
    }
    override func didLoad() { log.events.append("\(name) did load") }
}

/// Every interface state a node may be in: visible only with display.
let validInterfaceStates: [InterfaceState] = [[], [.preload], [.display], [.preload, .display], [.display, .visible], .all]

/// Runs `body` on a background thread, outside any actor (so a hierarchy edit
/// there is not main-actor isolated), and returns what it returns or throws.
func offMain<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
    let outcome = PosixMutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        let result = Result { try body() }
        outcome.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    return try outcome.withLock { $0! }.get()
}

/// Builds a tree of `RecordingNode`s: the root, `width` children, and `width`
/// grandchildren under each child, named "root", "c0", "c0.0" and so on.
@MainActor
func makeRecordingTree(width: Int, log: EventLog, root: DisplayNode? = nil) throws -> DisplayNode {
    let root = root ?? RecordingNode("root", log: log)
    for i in 0 ..< width {
        let child = RecordingNode("c\(i)", log: log)
        for j in 0 ..< width { try child.addSubnode(RecordingNode("c\(i).\(j)", log: log)) }
        try root.addSubnode(child)
    }
    return root
}
