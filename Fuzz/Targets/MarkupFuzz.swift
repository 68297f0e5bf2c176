@testable import MarqueeCore

/// The inline formatting scanner: every byte of the text is covered once, in order, by runs
/// within the asked length, whatever tags (broken, nested, unknown) it holds.
enum MarkupFuzz: FuzzTarget {
    static let name = "markup"

    static func run(_ data: [UInt8]) {
        let text = Array(String(decoding: data, as: UTF8.self).utf8)
        var scanner = MarkupScanner(bytes: text, interpretsTags: true, base: TextStyle())
        var last = 0
        while let run = scanner.nextRun(maxScalars: 7) {
            FuzzTargets.require(run.range.lowerBound >= last && run.range.upperBound <= text.count, "run \(run.range) out of order")
            FuzzTargets.require(run.scalars >= 1 && run.scalars <= 7, "run of \(run.scalars) scalars")
            last = run.range.upperBound
        }
    }
}
