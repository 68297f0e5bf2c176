import MarqueeCore

/// A started source's hold on the world: the loop it runs on and where its messages and
/// outcomes go. A source keeps one from `start` to `stop` (nil: stopped), so nothing is emitted
/// or watched outside that span.
struct SourceSink {
    let loop: EventLoop
    let emit: ([Message]) -> Void
    let outcome: (_ failure: String?) -> Void
}
