/// Where a crawl that stops (`--mode hold`, `--pause-at-start`) stands: found on the strip as it
/// is, so text swapped in at a seam stops at its own messages, not where the old text's would be.
extension StripView {
    /// The strip positions of the window's left edge, within one cycle of `layout` (ascending,
    /// in `0..<layout.width`), where the crawl stands: in hold mode each message's start at the
    /// edge the text is read from (the left; for rightward text its end at the right edge, the
    /// mirror), else with `--pause-at-start` each cycle's start at the left edge.
    static func stops(in layout: CycleLayout, settings: MotionSettings, direction: ScrollDirection, width: Int) -> [Double] {
        guard settings.mode == .hold else { return [0] }
        if direction == .left { return layout.messageStarts.map(Double.init) }
        let cycle = layout.width
        return Set(layout.messageEnds.map { StripGeometry.floorMod($0 - width, cycle) }).sorted().map(Double.init)
    }

    /// `plan` with its loop standing at the stops ahead of the text, from where it stands at
    /// `time`; the plan itself where the crawl does not stop (a page, a single copy, standing text).
    /// The text continues a rest it stands in (the rest of its time, as the new pause allows).
    func stopping(_ plan: MotionPlan, motion: MotionControl, page: Bool, at time: Double) -> MotionPlan {
        let pause = motion.settings.stopPause
        guard !page, !plan.showsOnce else { return plan }
        // Hold mode's `next` under way (a new refresh period, new text): the program keeps
        // standing while the scrub eases on; the stop is planned once it settles.
        if motion.skipsToStop, !motion.hasOffsetToFold(at: time), let director = motion.director {
            return MotionPlan(program: director.program, showsOnce: false, programTime: 0)
        }
        guard pause > 0, case .continuous(let origin, let velocity) = plan.program, velocity != 0, let timeline else { return plan }
        let position = motion.director?.position(at: time) ?? origin
        guard let found = stopsAhead(of: position, in: timeline, settings: motion.settings, direction: motion.direction) else { return plan }
        let atStop = abs(found.first - position) < 1e-6
        // A stop the text stands at begins the schedule; else the text moves off from where it is.
        let lead = atStop ? found.lead : [position] + found.lead
        guard let schedule = StopSchedule(velocity: velocity, pause: pause, lead: lead, tailStart: found.tailStart,
                                          cycle: found.cycle, offsets: found.offsets) else { return plan }
        var tau = pause
        if atStop {
            // What is left of the rest in program time, also while the clock eases (a pause, a resume).
            let left = motion.director.flatMap { director in
                let now = director.programTime(at: time)
                return director.program.restEnd(after: now).map { $0 - now }
            }
            tau = left.map { max(0, pause - $0) } ?? 0
        }
        return MotionPlan(program: .stopping(schedule), showsOnce: false, programTime: tau)
    }

    /// Hold mode's `next`: how far the text must move (strip px, signed) for the next stop
    /// ahead to reach the reading edge; nil in other modes, on a page, or without stops.
    func distanceToNextStop(motion: MotionControl, page: Bool, at time: Double) -> Double? {
        guard motion.settings.mode == .hold, !page, motion.speed > 0, let timeline, let position = motion.director?.position(at: time)
        else { return nil }
        let sign: Double = motion.direction == .left ? 1 : -1
        // Half a pixel on: from a stop, the one after it.
        return stopsAhead(of: position + sign / 2, in: timeline, settings: motion.settings, direction: motion.direction)
            .map { $0.first - position }
    }

    /// The stops from `position` on in the order the text reaches them: those of the older
    /// contents still ahead (`lead`), then the newest content's, which repeat with its cycle.
    private func stopsAhead(of position: Double, in timeline: StripTimeline<CycleContent>, settings: MotionSettings,
                            direction: ScrollDirection) -> (first: Double, lead: [Double], tailStart: Double, cycle: Double, offsets: [Double])? {
        let sign: Double = direction == .left ? 1 : -1
        // The stop at p is read at the window's column `reading`: it belongs to the content there.
        let reading = Double(direction == .left ? 0 : width - 1)
        let ahead = { (p: Double) in sign * (p - position) > -1e-6 }
        let ordered = direction == .left ? timeline.segments : timeline.segments.reversed()
        guard let newest = ordered.last else { return nil }
        var lead: [Double] = []
        for segment in ordered.dropLast() {
            let cycle = Double(segment.content.layout.width)
            guard cycle > 0 else { continue }
            let local = Self.stops(in: segment.content.layout, settings: settings, direction: direction, width: width)
            // Left edges whose reading column lies in the segment, and ahead of the text.
            var lower = Double(segment.lower) - reading, upper = Double(segment.upper) - reading
            if direction == .left { lower = max(lower, position.rounded(.down)) } else { upper = min(upper, position.rounded(.up) + 1) }
            guard lower < upper, upper - lower < 1e7 else { continue }
            let anchor = Double(segment.anchor)
            var found: [Double] = []
            var k = ((lower - anchor) / cycle).rounded(.down)
            while anchor + k * cycle < upper {
                for stop in local {
                    let p = anchor + k * cycle + stop
                    if p >= lower && p < upper && ahead(p) { found.append(p) }
                }
                k += 1
            }
            lead += direction == .left ? found : found.reversed()
        }
        // The newest content's first stop ahead (and within it), then its cycle's stops from there.
        let cycle = Double(newest.content.layout.width)
        guard cycle > 0 else { return nil }
        let local = Self.stops(in: newest.content.layout, settings: settings, direction: direction, width: width)
        guard !local.isEmpty else { return nil }
        let bound = direction == .left ? max(Double(newest.lower) - reading, position - 1e-6)
                                       : min(Double(newest.upper) - reading - 1, position + 1e-6)
        let anchor = Double(newest.anchor)
        let k = ((bound - anchor) / cycle).rounded(.down)
        let candidates = [k - 1, k, k + 1].flatMap { k in local.map { anchor + k * cycle + $0 } }
        guard let tailStart = direction == .left ? candidates.filter({ $0 >= bound }).min() : candidates.filter({ $0 <= bound }).max()
        else { return nil }
        let first = StripGeometry.floorMod(Int(tailStart - anchor), Int(cycle))
        let offsets = local.map { Double(StripGeometry.floorMod(Int(sign * ($0 - Double(first))), Int(cycle))) }.sorted()
        return (lead.first ?? tailStart, lead, tailStart, cycle, offsets)
    }
}
