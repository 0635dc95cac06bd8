// What `import Weft` shows: the vocabulary an app's code names when it uses the
// containers (scripts/count-public-api counts it): the containers and snapshots
// (Weft's own), nodes and layout specs (WeftNode's types, by name), and of the
// modules beneath, only the types an app names: sizes, colors, bitmaps and
// diagnostics (WeftCore), validation and its errors (WeftChangeSet), the pipeline's
// errors (WeftDataController), and the layouts, ranges and batch fetching
// (WeftRangeController). Their members come with them. The machinery (data and
// range controllers, change sets, element maps, memory, the reuse pool, tracing,
// main-context queues, contents observation) and the seam a backing view
// implements (CollectionBackingView, DataUpdate, CommitValidator) are imported by
// name, as are the backing views (WeftHeadless, WeftGTK), WeftDiff and
// WeftReactive. WeftDisplay (TextNode, ImageNode) is imported beside Weft, not
// through it: Weft uses none of it, and linking Weft alone links no Cairo or Pango.
@_exported import struct Foundation.CGFloat
@_exported import struct Foundation.CGPoint
@_exported import struct Foundation.CGRect
@_exported import struct Foundation.CGSize

@_exported import enum WeftNode.AbsoluteLayout
@_exported import struct WeftNode.AccessibilityTraits
@_exported import class WeftNode.CellNode
@_exported import typealias WeftNode.CellNodeBlock
@_exported import enum WeftNode.CenterLayout
@_exported import enum WeftNode.DisplayError
@_exported import class WeftNode.DisplayNode
@_exported import struct WeftNode.DrawingCanvas
@_exported import struct WeftNode.DrawingError
@_exported import struct WeftNode.EdgeInsets
@_exported import struct WeftNode.InterfaceState
@_exported import struct WeftNode.Layout
@_exported import enum WeftNode.LayoutDimension
@_exported import struct WeftNode.LayoutSpec
@_exported import enum WeftNode.LayoutSpecError
@_exported import struct WeftNode.LayoutStyle
@_exported import class WeftNode.LayoutTransition
@_exported import protocol WeftNode.NodeDrawing
@_exported import enum WeftNode.NodeError
@_exported import protocol WeftNode.NodeView
@_exported import protocol WeftNode.PressHandling
@_exported import struct WeftNode.RelativeLayout
@_exported import struct WeftNode.StackLayout
@_exported import struct WeftNode.TraitCollection

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

@_exported import enum WeftDataController.DataControllerError
@_exported import enum WeftDataController.ElementKind
@_exported import struct WeftDataController.NestedNodeError
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
