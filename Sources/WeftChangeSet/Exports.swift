// A team that links only WeftChangeSet writes `IndexPath(item:section:)` and
// `IndexSet` with this one import, as it would with UIKit.
@_exported public import struct Foundation.IndexPath
@_exported public import struct Foundation.IndexSet
@_exported public import WeftCore
