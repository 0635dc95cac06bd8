// The modules whose types Weft's own API shows: a container's initializer, data
// source and delegate, its backing view and the diagnostics it reports. The
// modules it only uses inside (WeftDiff behind snapshots) are not re-exported, and
// WeftReactive is a product of its own: import them by name.
@_exported import WeftChangeSet
@_exported import WeftCore
@_exported import WeftDataController
@_exported import WeftElementMap
@_exported import WeftHeadless
@_exported import WeftMemory
@_exported import WeftNode
@_exported import WeftRangeController
@_exported import WeftReusePool
@_exported import WeftDisplay
