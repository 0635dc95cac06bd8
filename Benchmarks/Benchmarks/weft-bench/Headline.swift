import Foundation

/// The headline jobs, Weft's performance targets, in the order of the table.
///
/// To add a job: write a `static func` in an extension of ``Job`` (one file per
/// module, `Job+Module.swift`) that returns the job, and list it here. Give it an
/// `id` for `--jobs`, the `target` text, and a `check` that tests the
/// medians against that target. Put fixtures both weft-bench and the module's
/// ordo-one target use in BenchmarkSupport, never in either target. Each side of
/// the job runs one sample and returns the time of one operation: build fresh
/// input before starting the clock (see `timed` and `timedEach`), and leave
/// nothing running when the side returns, since the other side runs next.
enum Headline {
    static var jobs: [Job] {
        [
            .arenaReset(),
            .arenaAgainstMalloc(),
            .diff(),
            .diffStrings(),
            .diffAgainstHeckel(strings: false),
            .diffAgainstHeckel(strings: true),
            .diffRepeats(),
            .sectionedDiff(),
            .changeSetFromDiff(),
            .elementMapEdits(),
            .elementMapGrowth(),
            .elementMapIndexPathOfElement(),
            .elementMapElementAtIndexPath(),
            .batchUpdate(),
            .batchUpdateWithHeader(),
            .tracingCost(),
            .snapshotApply("100k", items: 100_000, target: 5),
            .snapshotApply("1M", items: 1_000_000, target: 50),
            .snapshotDiffOffMain(),
            .snapshotTenPercentUpdate(),
            .snapshotTenPercentUpdateMainThread(),
            .snapshotBuild(),
            .initialLoad(),
            .layoutSpecCell(),
            .layoutSpecParallel(),
            .displayMeasure(),
            .textRichMeasureParallel(),
            .textRichMeasureCost(),
            .textHugeUnderLimit(),
            .textManyLines(),
            .textTiledScroll(),
            .displayFrame(),
            .imageScaledDecode(),
            .imagePhotoFeed(),
            .rangeFrame("10k", items: 10_000),
            .rangeFrame("100k", items: 100_000),
            .rangeFrame("1M", items: 1_000_000),
            .lazyLoad(),
            .eagerLoadMainThread(),
            .lazyScroll(),
            .containerReleaseMainThread(),
            .containerReleaseTotal(),
            .viewRelease(),
            .queueReleaseMainThread(),
            .reusePoolMount(),
            .reactiveChain(),
            .reactiveIsolation(),
        ]
    }

    /// The jobs, in table order, whose ids match one of the comma-separated
    /// `patterns` (regular expressions matching a whole id, case-insensitively).
    ///
    /// - Throws: `JobSelectionError` naming a pattern that is not a regular
    ///   expression or matches no job.
    static func jobs(matching patterns: String) throws(JobSelectionError) -> [Job] {
        let all = jobs
        var selected = Set<String>()
        for pattern in patterns.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let regex: Regex<AnyRegexOutput>
            do {
                regex = try Regex(pattern).ignoresCase()
            } catch {
                throw .notARegularExpression(pattern, reason: "\(error)")
            }
            let matching = all.filter { $0.id.wholeMatch(of: regex) != nil }
            guard !matching.isEmpty else { throw .noMatch(pattern, ids: all.map(\.id)) }
            selected.formUnion(matching.map(\.id))
        }
        guard !selected.isEmpty else { throw .noMatch(patterns, ids: all.map(\.id)) }
        return all.filter { selected.contains($0.id) }
    }
}
