/// The crawl that stops (`--mode hold`, `--pause-at-start`) in the frame loop: a batch of frames
/// that ends standing at a stop asks for nothing until the stand ends, a screen reader hears the
/// message that stands (hold mode). (A drag or scrub that has come to rest is folded into the
/// program by `frame(at:)`, so that its stops stay at the messages.)
extension MarqueePlayer {
    /// `plan` (just planned, its frames in `planned`) asking for what its last frame needs: a
    /// batch whose last frame stands at a stop wants no frames until the stand ends (one alarm),
    /// not the vblank after the batch.
    mutating func standing(_ plan: FramePlan) -> FramePlan {
        var plan = plan
        if plan.frameCount > 1, let last = planned?.lastTime { plan.demand = demand(at: last) }
        guard case .restUntil = plan.demand, motion.settings.mode == .hold, !pages.showsPages else {
            spoken.stand(at: nil)
            return plan
        }
        let point = plan.point(plan.frameCount - 1)
        let (strip, direction, markup) = (strip, motion.direction, layout.interpretsMarkup)
        spoken.stand(at: point.position) {
            strip.textAtReadingEdge(direction: direction, interpretingMarkup: markup, position: point.position)
        }
        return plan
    }
}
