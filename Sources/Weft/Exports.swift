// What `import Weft` shows: the vocabulary an app's code names when it uses the
// containers (scripts/count-public-api counts it). Nodes, layout specs and the text
// and image nodes cells are made of come whole (WeftNode, WeftDisplay); of the
// modules beneath, only the types an app names: sizes, colors, bitmaps and
// diagnostics (WeftCore), validation and its errors (WeftChangeSet), elements, their
// kinds and the pipeline's errors (WeftDataController), and the layouts, ranges and
// batch fetching (WeftRangeController). Their members come with them. The machinery
// (data and range controllers, change sets, element maps, memory, the reuse pool,
// tracing, main-context queues) and the seam a backing view implements
// (CollectionBackingView, DataUpdate, CommitValidator) are imported by name, as are
// the backing views (WeftHeadless, WeftGTK), WeftDiff and WeftReactive.
@_exported import WeftNode
@_exported import WeftDisplay

@_exported import class WeftCore.Bitmap
@_exported import enum WeftCore.BitmapError
@_exported import struct WeftCore.Color
@_exported import struct WeftCore.Diagnostic
@_exported import class WeftCore.DiagnosticsLog
@_exported import protocol WeftCore.DiagnosticsSink
@_exported import enum WeftCore.GeometryError
@_exported import protocol WeftCore.MainScheduler
@_exported import struct WeftCore.SizeRange

@_exported import struct WeftChangeSet.ChangeSetError
@_exported import enum WeftChangeSet.ValidationMode
@_exported import enum WeftChangeSet.ViewKind

@_exported import class WeftDataController.CollectionElement
@_exported import enum WeftDataController.DataControllerError
@_exported import enum WeftDataController.ElementKind
@_exported import struct WeftDataController.NestedNodeError
@_exported import enum WeftDataController.ReloadBehavior
@_exported import struct WeftDataController.SharedNodeError
@_exported import enum WeftDataController.ViewInconsistency

@_exported import class WeftRangeController.BatchContext
@_exported import class WeftRangeController.GridLayout
@_exported import class WeftRangeController.ListLayout
@_exported import class WeftRangeController.PagerLayout
@_exported import enum WeftRangeController.RangeError
@_exported import enum WeftRangeController.RangeMode
@_exported import struct WeftRangeController.RangeTuningParameters
@_exported import enum WeftRangeController.RangeType
@_exported import enum WeftRangeController.ScrollAxis
@_exported import struct WeftRangeController.ScrollDirection
