/// Whether the tests were compiled optimized (`swift test -c release`): the
/// allocation gates and the scale tests hold only there, since debug code boxes
/// closure contexts that the optimizer keeps on the stack, and walks a million
/// nodes slowly. Weft's internal checks are a separate switch
/// (`_isConsistencyCheckingEnabled`), on only when Weft's own scripts ask.
public let isReleaseBuild: Bool = {
    #if DEBUG
    false
    #else
    true
    #endif
}()
