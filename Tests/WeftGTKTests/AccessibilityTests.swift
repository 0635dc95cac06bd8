import CGtk4
import Foundation
import Testing
import Weft
import WeftDisplay
@testable import WeftGTK

extension GTKWindows {
    /// What a screen reader finds, asked as Orca asks: over AT-SPI, from another
    /// process, with `pyatspi` (`Scripts/atspi-list.py`). Needs the
    /// process to run with `GTK_A11Y=atspi` on a session bus (`dbus-run-session`),
    /// as `scripts/test` runs it; with `WEFT_REQUIRE_ATSPI=1` a missing bus,
    /// backend or pyatspi fails these tests instead of skipping them.
    @MainActor
    @Suite(.serialized, .enabled(if: GTKHarness.screenReaderIsRequested, "needs GTK_A11Y=atspi on a session bus"))
    struct AccessibilityTests {
        struct Accessible: Decodable {
            var role: String
            var name: String
            var description: String
            var states: [String]
            var extents: [Int]
            var children: [Accessible]?
        }

        /// The window's list as AT-SPI describes it now.
        func screenReaderView(_ harness: GTKHarness) async throws -> Accessible {
            let environment = ProcessInfo.processInfo.environment
            try #require(environment["GTK_A11Y"] == "atspi", "GTK_A11Y=atspi, not \(environment["GTK_A11Y"] ?? "unset")")
            try #require(environment["DBUS_SESSION_BUS_ADDRESS"] != nil, "a session bus: run under dbus-run-session")
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Scripts/atspi-list.py").path
            let json = try await harness.runTool("/usr/bin/python3", [script, harness.title], reads: true)
            return try JSONDecoder().decode(Accessible.self, from: Data(json.utf8))
        }

        /// `number` as the view should say it: digits in threes, joined by the
        /// locale's thousands separator (none in the C locale), the locale GTK set.
        func grouped(_ number: Int) -> String {
            let separator = String(cString: localeconv().pointee.thousands_sep)
            var digits = String(number), groups: [Substring] = []
            while digits.count > 3 {
                groups.insert(Substring(digits.suffix(3)), at: 0)
                digits.removeLast(3)
            }
            groups.insert(Substring(digits), at: 0)
            return groups.joined(separator: separator)
        }

        func titles(_ harness: GTKHarness) -> [String] {
            harness.view.mountedCells.filter { $0.supplementaryKind == nil }
                .map { ($0.node as? TitleCell)?.title.attributedText.string ?? "" }
        }

        @Test func aScreenReaderFindsTheListItsVisibleItemsTheirPositionsAndStates() async throws {
            let posts = Posts(count: 1_000)
            let harness = try GTKHarness(itemLoading: .lazy)
            defer { harness.close() }
            harness.view.accessibilityLabel = "Posts"
            try await harness.show(posts)
            try await harness.press(["Down", "Down", "Return"])
            try await harness.run("post 2 selected") { posts.selected == [2] }
            try await harness.runUntilSettled("the screen with post 2 selected")

            let list = try await screenReaderView(harness)
            #expect(list.role == "list" && list.name == "Posts")
            #expect(list.states.contains("focusable"))
            let items = list.children ?? []
            #expect(items.map(\.name) == titles(harness), "one item per visible post, labelled with its text")
            #expect(items.allSatisfy { $0.role == "list item" })
            #expect(items.enumerated().allSatisfy { $1.description == "item \(grouped($0 + 1)) of \(grouped(1_000))" },
                    "\(items.map(\.description))")
            let second = try #require(items.first { $0.name == "Post 2" })
            #expect(second.states.contains("selected") && second.states.contains("focused"), "\(second.states)")
            #expect(items.filter { $0.states.contains("selected") }.count == 1)
            // Placed over the post it reads, as a screen reader's highlight shows it.
            let frame = harness.collection.viewportRect(
                forContentRect: try #require(harness.collection.frameForItem(at: IndexPath(item: 2, section: 0))))
            #expect(second.extents[3] == Int(frame.height) && second.extents[2] == Int(frame.width), "\(second.extents)")

            // The items follow the keyboard to the end of a lazy list.
            try await harness.press(["End"])
            try await harness.run("the last post focused") {
                harness.layOut()
                return harness.view.indexPathForFocusedItem == IndexPath(item: 999, section: 0)
            }
            try await harness.runUntilSettled("the end of the list")
            let atEnd = try await screenReaderView(harness)
            let last = try #require(atEnd.children?.last)
            #expect(last.name == "Post 999" && last.description == "item \(grouped(1_000)) of \(grouped(1_000))")
            #expect(last.states.contains("focused"), "\(last.states)")
            #expect(!(atEnd.children ?? []).contains { $0.name == "Post 2" }, "rows that left the screen left the list")

            // The count changes while it reads: five posts arrive at the end.
            posts.ids += 1_000 ..< 1_005
            try harness.collection.insertItems(at: (1_000 ..< 1_005).map { IndexPath(item: $0, section: 0) })
            try await harness.run("the insert committed") { !harness.collection.isProcessingUpdates }
            try await harness.runUntilSettled("the screen after the insert")
            let grown = try await screenReaderView(harness)
            #expect((grown.children ?? []).allSatisfy { $0.description.hasSuffix("of \(grouped(1_005))") },
                    "\((grown.children ?? []).map(\.description))")
        }

        /// A post whose selection changes is read again with its new state,
        /// and of the visible posts only it is asked for its label again (a
        /// drawing lands in most frames of a scroll; asking every visible post
        /// again at each was most of the item widgets' time).
        @Test func aPostWhoseSelectionChangesIsToldAgainAndOnlyItIsAsked() async throws {
            let posts = Posts(count: 50)
            posts.cellBackground = nil
            let harness = try GTKHarness()
            defer { harness.close() }
            try await harness.show(posts)
            let visible = harness.view.mountedCells.filter { $0.supplementaryKind == nil }.count
            // The first screen's drawings have landed and been told.
            try await harness.run("the first screen told") {
                harness.layOut()
                return !harness.view.accessiblesNeedUpdate
            }
            let asked = TitleCell.labelAsks.load(ordering: .relaxed)
            try harness.collection.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
            try await harness.run("the selected post told") {
                harness.layOut()
                return !harness.view.accessiblesNeedUpdate && TitleCell.labelAsks.load(ordering: .relaxed) > asked
            }
            try await harness.runUntilSettled("the screen after the selection")
            let asks = TitleCell.labelAsks.load(ordering: .relaxed) - asked
            #expect(asks == 1, "\(asks) label asks after one of \(visible) visible posts was selected")
            let items = try await screenReaderView(harness).children ?? []
            #expect(items.filter { $0.states.contains("selected") }.map(\.name) == ["Post 1"], "\(items.map(\.states))")
            #expect(items.map(\.name) == titles(harness), "every post still labelled with its text")
        }

        /// A post whose text changes on screen grows to its new text, drawn in
        /// its own rect, the posts after it move, and a screen reader reads the
        /// new text (the cell kept no layout before: it went blank, and was read
        /// as ""). In an inverted list too.
        @Test(arguments: [false, true])
        func aPostWhoseTextChangesGrowsIsDrawnAndIsReadWithItsNewText(inverted: Bool) async throws {
            let posts = Posts(count: 50)
            let harness = try GTKHarness()
            defer { harness.close() }
            harness.collection.isInverted = inverted
            try await harness.show(posts)
            func onScreen(_ item: Int) throws -> CGRect {
                harness.collection.viewportRect(
                    forContentRect: try #require(harness.collection.frameForItem(at: IndexPath(item: item, section: 0))))
            }
            let before = try onScreen(1)
            let cell = try #require(harness.view.mountedCells.first { $0.indexPath == IndexPath(item: 1, section: 0) }?.node
                as? TitleCell)
            let edited = "Post 1, edited to a title long enough to wrap onto a second line"
            cell.title.attributedText = AttributedText(edited, attributes: TextAttributes(fontSize: 17, fontWeight: .bold))
            try await harness.run("post 1 grown") {
                harness.layOut()
                return (try? onScreen(1).height).map { $0 > before.height + 15 } ?? false
            }
            try await harness.runUntilSettled("the screen after the edit")

            let (grown, next, previous) = (try onScreen(1), try onScreen(2), try onScreen(0))
            #expect(inverted ? next.maxY <= grown.minY && grown.maxY <= previous.minY
                             : previous.maxY <= grown.minY && grown.maxY <= next.minY,
                    "no overlap: \(previous), \(grown), \(next)")
            let screen = try harness.screenshot()
            // Ink on both lines of the grown post, and in its neighbours' rects.
            let half = Int(grown.midY)
            #expect(darkPixels(screen, x: 0 ..< 360, y: Int(grown.minY) ..< half) > 100, "the first line drawn")
            #expect(darkPixels(screen, x: 0 ..< 360, y: half ..< Int(grown.maxY)) > 100, "the second line drawn")
            for neighbour in [previous, next] where neighbour.maxY > 0 && neighbour.minY < 480 {
                #expect(darkPixels(screen, x: 0 ..< 360, y: Int(neighbour.minY) ..< Int(neighbour.maxY)) > 50)
            }
            let items = try await screenReaderView(harness).children ?? []
            #expect(items.map(\.name).contains(edited), "\(items.map(\.name))")
            #expect(!items.map(\.name).contains(""), "no post is read as nothing")
            #expect(harness.collection.diagnostics.isEmpty)
        }

        /// Each link in a visible item's text is a child of the item, of role
        /// link, labelled with its text and placed over it; an item without
        /// links has no children. In an inverted list too.
        @Test(arguments: [false, true])
        func aScreenReaderFindsTheLinksInEachItem(inverted: Bool) async throws {
            let posts = Posts(count: 50)
            let taps = TappedLinks()
            posts.links = taps
            let harness = try GTKHarness()
            defer { harness.close() }
            harness.collection.isInverted = inverted
            try await harness.show(posts)
            let items = try await screenReaderView(harness).children ?? []
            #expect(!items.isEmpty && items.map(\.name) == titles(harness))
            for item in items {
                let links = item.children ?? []
                #expect(links.map(\.role) == ["link"] && links.map(\.name) == ["the docs"], "\(item.name): \(links.map(\.name))")
                guard let link = links.first else { continue }
                // Inside its item, in its right part, where "the docs" ends the title.
                #expect(link.extents[0] > item.extents[0] + 40 && link.extents[0] + link.extents[2] <= item.extents[0] + item.extents[2])
                #expect(link.extents[1] >= item.extents[1] && link.extents[1] + link.extents[3] <= item.extents[1] + item.extents[3],
                        "\(link.extents) in \(item.extents)")
            }
        }
    }
}
