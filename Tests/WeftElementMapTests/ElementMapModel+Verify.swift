import Testing
import WeftElementMap
import WeftTestSupport

extension ElementMapModel {
    /// Expects every lookup of `map` to agree with the model.
    func verify(_ map: ElementMap<Cell>, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(problems(map) == [], sourceLocation: sourceLocation)
    }
}
