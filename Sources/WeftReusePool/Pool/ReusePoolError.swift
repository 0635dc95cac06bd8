/// Why a reuse pool refused a call; the pools are unchanged.
public enum ReusePoolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A ``MountPass`` was used after the pass it belongs to ended.
    case passEnded
    /// A pass was started on the map of a child container; passes start at the root
    /// map and reach child containers through ``MountPass/childPass(for:)``.
    case notARootMap
    /// A pass or a purge was started from a reuse callback, while a pass was ending or
    /// a purge running; `operation` names the call.
    case reentrantCall(operation: String)
    /// A purge was asked for while a mount pass is running.
    case mountPassInProgress
    /// ``MountPass/childPass(for:)`` was given a view that is neither a view this
    /// pass vended nor inside one.
    case containerNotInMountedView
    /// A purge limit was negative.
    case negativeLimit(Int)
    /// The factory of the view class named `viewClass` returned a view that is already
    /// in a container: one a reuse pool manages, one added elsewhere, or the container
    /// itself or one of its ancestors. A factory returns a new view on every call.
    case factoryReturnedViewInUse(viewClass: String)
    /// ``StatefulViewPool/enqueue(_:for:context:mayRelinquish:)`` was given a view that
    /// is pending or pooled already; take it back with a dequeue before enqueuing it again.
    case viewAlreadyEnqueued

    public var description: String {
        switch self {
        case .passEnded:
            "this MountPass belongs to a mount pass that has ended; a pass is valid only inside its mount call or scope"
        case .notARootMap:
            "a mount pass starts at the root map; reach child containers with MountPass.childPass(for:)"
        case let .reentrantCall(operation):
            "\(operation) cannot run from a reuse callback while a pass ends or a purge runs"
        case .mountPassInProgress:
            "a purge cannot run while a mount pass is running; purge between passes"
        case .containerNotInMountedView:
            "the container is neither a view vended in this pass nor inside one"
        case let .negativeLimit(limit):
            "purge limit \(limit) is negative; keep at least 0 views"
        case let .factoryReturnedViewInUse(viewClass):
            "the factory of view class \(viewClass) returned a view that is already in a container; a factory must make a new view on every call"
        case .viewAlreadyEnqueued:
            "this view is already pending or pooled in the stateful pool; dequeue it before enqueuing it again"
        }
    }
}
