import CXBench
import Glibc

/// A compositing manager starting and stopping under a scrolling ticker: how its frames reach
/// the window in each stretch (presented pixmaps, which land at the vblank, or direct copies)
/// and whether the text jumps at a switch.
extension Bench {
    func runCompositorSwitch(speed: Double = Bench.speed) throws {
        let section = "Compositor switch"
        guard Self.findExecutable("xcompmgr") != nil else {
            log.add(section, "xcompmgr not installed: no switch", nil, "")
            return
        }
        guard let run = try launchTickerShowingText(speed: speed) else {
            log.add(section, "ticker did not show text", nil, "")
            return
        }
        defer { run.ticker.terminate() }
        BenchClock.sleep(2)
        // Bare for 3 s, composited from 3 s to 6 s, bare again until 9 s.
        let start = BenchClock.now()
        var compositor: ChildProcess?
        var switches: [Double] = []
        let observation = observer.observe(run.window, seconds: 9, background: Bench.background) { [xvfb] elapsed in
            if elapsed >= 3, switches.count == 0 {
                compositor = try? ChildProcess("xcompmgr", [], environment: ["DISPLAY": xvfb.display])
                switches.append(BenchClock.now())
            } else if elapsed >= 6, switches.count == 1 {
                compositor?.terminate()
                compositor = nil
                switches.append(BenchClock.now())
            }
        }
        compositor?.terminate()
        guard switches.count == 2 else { return }

        // Half a second after each switch for the ticker to notice it.
        let stretches = [("no compositor", start, switches[0]), ("under xcompmgr", switches[0] + 0.5, switches[1]),
                         ("no compositor again", switches[1] + 0.5, start + 9)]
        for (name, from, to) in stretches {
            let inside = observation.completions.filter {
                let time = Double($0.ust) / 1e6
                return time >= from && time < to && !$0.skipped
            }
            let pixmaps = inside.filter(\.pixmap).count
            log.add(section, "\(name): frames presented as pixmaps", inside.isEmpty ? nil : 100 * Double(pixmaps) / Double(inside.count), "%",
                    note: "\(inside.count) vblanks; 100 % without a compositor (tear-free); under one too while the text scrolls steadily (frames queued ahead are presented into the redirected window)")
        }
        // The steps from a quarter second before each switch to a second after it.
        var steps: [Double] = [], errors: [Double] = []
        var notJudged = 0
        for moment in switches {
            var around = observation
            around.captures = observation.captures.filter { $0.time >= moment - 0.25 && $0.time < moment + 1 }
            let figures = SmoothnessFigures(around, speed: speed)
            steps += figures.steps
            errors += figures.trueStep.map { step in figures.steps.map { abs($0 - step) } } ?? []
            notJudged += figures.uncertainPairs + figures.missedPairs + figures.unreadPairs
        }
        if getenv("XMARQUEE_BENCH_DEBUG") != nil {
            print("    steps around the switches: \(steps.map { fixed($0, 2) })")
            for moment in switches {
                let captures = observation.captures.filter { $0.time >= moment - 0.25 && $0.time < moment + 1 }
                let kinds = Dictionary(observation.completions.map { ($0.msc, $0.pixmap ? "P" : "n") }, uniquingKeysWith: { $0 + $1 })
                let near = observation.completions.filter { abs(Double($0.ust) / 1e6 - moment) < 0.08 }
                print("    completions: " + near.map { "\($0.msc)\($0.pixmap ? "P" : "n")\($0.skipped ? "skip" : "")@\(fixed((Double($0.ust) / 1e6 - moment) * 1000, 1))" }.joined(separator: " "))
                for (before, after) in zip(captures, captures.dropFirst()) {
                    let step = StepMatcher.fractionalStep(from: before.profile, to: after.profile).map { fixed($0, 2) } ?? "?"
                    print("    \(fixed((after.time - moment) * 1000, 1)) ms msc \(after.msc ?? 0) \(kinds[after.msc ?? 0] ?? "-") step \(step)\(after.certain ? "" : "~")")
                }
            }
        }
        let worst = errors.max()
        log.add(section, "largest step off the true step around the switches", worst, "px", target: "≤ 0.5 px (no jump)",
                met: worst.map { $0 <= 0.5 },
                note: "\(errors.filter { $0 > 0.5 }.count) of \(steps.count) vblanks off by more, from 0.25 s before to 1 s after each switch; \(notJudged) pairs not judged")
    }
}
