import Testing
import WeftDiff
import WeftTestSupport

/// The usage shown in the WeftDiff issue, compiled and run as written.
@Suite struct IssueExampleTests {
    struct Post: Diffable, Equatable {
        let id: Int
        var title: String
        var diffIdentifier: Int { id }
        func isContentEqual(to other: Post) -> Bool { title == other.title }
    }

    @Test func postsDiffAsTheIssueShows() {
        let oldPosts = [Post(id: 1, title: "a"), Post(id: 2, title: "b"), Post(id: 3, title: "c"), Post(id: 4, title: "d")]
        let newPosts = [Post(id: 3, title: "c"), Post(id: 1, title: "a*"), Post(id: 5, title: "e"), Post(id: 4, title: "d")]
        let diff = Diff(from: oldPosts, to: newPosts)
        #expect(diff.deletes == [1])
        #expect(diff.inserts == [2])
        #expect(diff.moves.count == 1)
        #expect(diff.updates == [DiffUpdate(from: 0, to: 1)])
        let moves: [Diff.Move] = diff.moves
        #expect(moves.allSatisfy { oldPosts[$0.from].id == newPosts[$0.to].id })
        #expect(diff.applied(to: oldPosts) == newPosts)
    }
}
