/// What issue 34 asks of the Wayland bar on a compositor, checked in the bench's rows.
enum WaylandTarget {
    /// Frames queued through wp_fifo_v1 (KWin ≥ 6.4): at most 8 wake-ups a second, and at most a
    /// quarter of the per-frame floor's CPU.
    case queued
    /// One frame a callback (sway, labwc): no more than one wake-up a frame, and within 10 % of
    /// the per-frame floor's CPU.
    case perFrame

    /// The most the ticker's client CPU may be, as a multiple of the per-frame floor's.
    var cpuLimit: Double {
        switch self {
        case .queued: 0.25
        case .perFrame: 1.10
        }
    }
}

extension Bench {
    /// The ticker's wake-ups against its frames and its CPU against the per-frame floor's, with
    /// `target`'s limits where there is one.
    func reportWaylandTargets(_ section: String, wakeups: Double?, frames: Double?, cpu: Double?, floorCPU: Double?,
                              target: WaylandTarget?) {
        if let wakeups, let frames, frames > 0 {
            let perFrame = target == .perFrame
            log.add(section, "xmarquee wake-ups ÷ frames shown", wakeups / frames, "×", target: perFrame ? "≤ 1.02" : "",
                    met: perFrame ? wakeups / frames <= 1.02 : nil)
        }
        if target == .queued, let wakeups {
            log.add(section, "xmarquee wake-ups (fifo target)", wakeups, "/s", target: "≤ 8", met: wakeups <= 8)
        }
        if let cpu, let floorCPU, floorCPU > 0 {
            log.add(section, "client CPU: xmarquee ÷ per-frame floor", cpu / floorCPU, "×",
                    target: target.map { "≤ \(fixed($0.cpuLimit, 2))" } ?? "", met: target.map { cpu / floorCPU <= $0.cpuLimit })
        }
    }
}
