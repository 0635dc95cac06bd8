import Foundation
import Testing
import WeftCore

@Suite struct GeometryTests {
    @Test func sizeRangeRefusesMalformedDimensionsByName() {
        let ok = CGSize(width: 10, height: 10)
        #expect(throws: GeometryError.notANumber("min.width")) {
            try SizeRange(min: CGSize(width: CGFloat.nan, height: 0), max: ok)
        }
        #expect(throws: GeometryError.negative("max.height", -1)) {
            try SizeRange(min: .zero, max: CGSize(width: 1, height: -1))
        }
        #expect(throws: GeometryError.infiniteMinimum("min.height")) {
            try SizeRange(min: CGSize(width: 0, height: CGFloat.infinity), max: CGSize(width: 1, height: CGFloat.infinity))
        }
        #expect(throws: GeometryError.minimumAboveMaximum("width", min: 20, max: 10)) {
            try SizeRange(min: CGSize(width: 20, height: 0), max: ok)
        }
        #expect("\(GeometryError.minimumAboveMaximum("width", min: 20, max: 10))"
            == "minimum width 20.0 exceeds maximum width 10.0")
    }

    @Test func clampMovesEachDimensionIntoTheRange() throws {
        let range = try SizeRange(min: CGSize(width: 10, height: 0), max: CGSize(width: 100, height: CGFloat.infinity))
        #expect(range.clamp(CGSize(width: 5, height: 5_000)) == CGSize(width: 10, height: 5_000))
        #expect(range.clamp(CGSize(width: 500, height: -3)) == CGSize(width: 100, height: 0))
        #expect(range.clamp(CGSize(width: CGFloat.nan, height: 1)) == CGSize(width: 10, height: 1))
        #expect(try SizeRange(exactly: CGSize(width: 3, height: 4)).clamp(.zero) == CGSize(width: 3, height: 4))
        #expect(SizeRange.unconstrained.clamp(CGSize(width: 1e9, height: 2)) == CGSize(width: 1e9, height: 2))
    }

    @Test func clampNeverReturnsAnInfiniteSize() throws {
        let column = try SizeRange(min: CGSize(width: 10, height: 5), max: CGSize(width: 100, height: CGFloat.infinity))
        #expect(column.clamp(CGSize(width: CGFloat.infinity, height: CGFloat.infinity)) == CGSize(width: 100, height: 5))
        #expect(column.clamp(CGSize(width: -CGFloat.infinity, height: 1)) == CGSize(width: 10, height: 5))
        #expect(SizeRange.unconstrained.clamp(CGSize(width: CGFloat.infinity, height: 7)) == CGSize(width: 0, height: 7))
    }

    @Test func indexPathsHaveItemAndSection() {
        var path = IndexPath(item: 3, section: 1)
        #expect(path.item == 3)
        #expect(path.section == 1)
        path.item = 4
        #expect(path == IndexPath(item: 4, section: 1))
        #expect(IndexPath(item: 9, section: 0) < IndexPath(item: 0, section: 1))
    }
}
