// Linking `Weft` gives every module: one import for the whole pipeline.
@_exported import WeftChangeSet
@_exported import WeftCore
@_exported import WeftDataController
@_exported import WeftDiff
@_exported import WeftElementMap
@_exported import WeftMemory
@_exported import WeftNode
@_exported import WeftRangeController
@_exported import WeftReactive
@_exported import WeftReusePool
