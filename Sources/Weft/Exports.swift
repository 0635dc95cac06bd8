// The modules whose types an app's code names when it uses Weft's containers:
// the cells and their layout specs (WeftNode), the text and image nodes cells are
// made of (WeftDisplay), index paths, sizes, colors and diagnostics (WeftCore),
// edits and their errors (WeftChangeSet), and the layouts, ranges and data
// controller settings a container's initializer and properties take
// (WeftRangeController, WeftDataController). The rest of the machinery (element
// maps, the dealloc queue's memory, the reuse pool) and the backing views
// (WeftHeadless, WeftGTK) are imported by name; WeftDiff behind snapshots is used
// inside only, and WeftReactive is a product of its own.
@_exported import WeftChangeSet
@_exported import WeftCore
@_exported import WeftDataController
@_exported import WeftNode
@_exported import WeftRangeController
@_exported import WeftDisplay
