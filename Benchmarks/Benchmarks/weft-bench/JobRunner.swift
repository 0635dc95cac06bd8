import Foundation

/// Runs jobs: for each, its fixtures, one warm-up round, then `rounds` rounds of
/// Weft's side followed by the peer's, with a progress line on standard error.
@MainActor
struct JobRunner {
    let rounds: Int

    /// Runs `jobs` in order.
    ///
    /// - Throws: The first error a job's fixtures or sides throw.
    func run(_ jobs: [Job]) throws -> [JobResult] {
        var results: [JobResult] = []
        for (index, job) in jobs.enumerated() {
            progress("[\(index + 1)/\(jobs.count)] \(job.name) ... ")
            do {
                results.append(try run(job))
            } catch {
                progress("failed\n")
                throw error
            }
        }
        return results
    }

    /// Rounds of the peer: every round, or for a slow peer at most its limit and
    /// at most a third of the rounds.
    func peerRounds(of job: Job) -> Int {
        let weftRounds = rounds(of: job)
        guard let limit = job.peerRoundLimit else { return weftRounds }
        return max(1, min(limit, weftRounds / 3))
    }

    /// Rounds of Weft's side: every round, or at most the job's limit.
    func rounds(of job: Job) -> Int {
        job.roundLimit.map { min($0, rounds) } ?? rounds
    }

    private func run(_ job: Job) throws -> JobResult {
        let clock = ContinuousClock()
        let start = clock.now
        let sides = try job.prepare()
        _ = try sides.weft()
        _ = try sides.peer()
        let weftRounds = rounds(of: job), peerRounds = peerRounds(of: job)
        var weft: [Duration] = []
        var peer: [Duration] = []
        for round in 0 ..< weftRounds {
            weft.append(try sides.weft())
            // Spreads a slow peer's rounds evenly: the first round, then one
            // whenever the peer falls behind its share.
            if peer.count < peerRounds, peer.count * weftRounds <= round * peerRounds {
                peer.append(try sides.peer())
            }
        }
        let weftMedian = median(weft)
        let peerMedian = median(peer)
        let ratio = job.ratioForm.ratio(weft: weftMedian, peer: peerMedian)
        let met = job.check(Job.Outcome(weft: weftMedian, peer: peerMedian, ratio: ratio))
        let result = JobResult(
            id: job.id, name: job.name, peer: job.peer, target: job.target,
            weftMedianNanoseconds: weftMedian.nanoseconds, peerMedianNanoseconds: peerMedian.nanoseconds,
            weftRounds: weft.count, peerRounds: peer.count,
            ratio: ratio, ratioForm: job.ratioForm.label, speedUp: peerMedian / weftMedian,
            met: met, note: [job.note, sides.remark].compactMap { $0 }.joined(separator: " ").nilIfEmpty
        )
        progress("Weft \(result.weftMedianText), peer \(result.peerMedianText), \(result.ratioText) \(result.metMark)"
            + " (\(durationText(nanoseconds: (clock.now - start).nanoseconds)))\n")
        return result
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}

/// Writes `text` to standard error as it is, without a newline.
func progress(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}
