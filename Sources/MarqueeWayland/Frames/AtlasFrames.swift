import CWaylandClient
import MarqueeCore
import TileRaster

/// Frames as rectangles of a `PhaseAtlas`, where the compositor crops at a viewport's source
/// offset exactly: two atlases, the one attached shown from while the other, released, is
/// painted. Frames queued through the fifo take an atlas painted for the whole batch at once
/// (`batchAtlas`); frames one per frame callback (`frameAtlas`) paint the next atlas one band a
/// frame, from a quarter of the margin before the attached one runs out, and are cut from a
/// ribbon in the frames before one shows them. Once attached, an atlas shows frame after frame
/// with no buffer made, attached or released: on wlroots 0.20 each new buffer brings a release
/// and, the old one destroyed, a `delete_id`, which woke the client a second time. Owns the
/// atlases.
final class AtlasFrames {
    private static let count = 2
    /// Columns left ahead of the frame in the attached atlas when the next one starts being
    /// painted: a band a frame, eight bands in eight frames at most, far within them.
    private static let lead = BufferCompositor.span.margin / 4
    private let display: WaylandDisplay
    private let shm: OpaquePointer
    private var atlases: [PhaseAtlas] = []
    /// The atlas attached to the surface now; nil while another buffer is.
    private(set) var attached: PhaseAtlas?
    /// The phases of the frames shown since the atlases were last forgotten, a bit each: the
    /// bands an atlas needs before it is attached (a speed between whole pixels visits several).
    private var phasesSeen: UInt32 = 0

    init(display: WaylandDisplay, shm: OpaquePointer) {
        self.display = display
        self.shm = shm
    }

    // MARK: One frame a frame callback

    /// The atlas showing `plan`, attached to `surface` if it was not (then `attachedNow`: the
    /// caller damages all of it, as a compositor that keeps the texture of a buffer of the same
    /// size uploads only what is damaged); nil while none shows it and every phase seen. Paints
    /// one band of the next atlas when the attached one lacks a phase or nears its end.
    func frameAtlas(_ plan: FramePlan, height: Int, format: TileCanvas.Format, surface: OpaquePointer,
                    painter: RibbonPainter) -> (atlas: PhaseAtlas, attachedNow: Bool)? {
        phasesSeen |= 1 << UInt32(plan.phase)
        if let attached, attached.shows(plan) {
            if missingPhases(in: attached, plan) > 0 || ahead(of: plan, in: attached.range) < Self.lead {
                paintNextBand(plan, height: height, format: format, painter: painter)
            }
            return (attached, false)
        }
        if ready(plan) == nil { paintNextBand(plan, height: height, format: format, painter: painter) }
        guard let ready = ready(plan) else { return nil }
        ready.attach(to: surface)
        attached = ready
        return (ready, true)
    }

    /// An atlas with every band seen so far where `plan` is.
    private func ready(_ plan: FramePlan) -> PhaseAtlas? { atlases.first { missingPhases(in: $0, plan) == 0 } }

    /// The phases seen that `atlas` holds no band of where `plan` is, and the first of them:
    /// `plan`'s own first.
    private func missingPhases(in atlas: PhaseAtlas, _ plan: FramePlan) -> Int { missing(in: atlas, plan).count }

    private func missing(in atlas: PhaseAtlas, _ plan: FramePlan) -> (count: Int, first: Int?) {
        var probe = plan, count = 0, first: Int?
        func check(_ phase: Int) {
            probe.phase = phase
            guard !atlas.shows(probe) else { return }
            count += 1
            if first == nil { first = phase }
        }
        check(plan.phase)
        for phase in 0..<SubpixelGrid.steps where phase != plan.phase && phasesSeen & (1 << UInt32(phase)) != 0 { check(phase) }
        return (count, first)
    }

    /// Columns `range` reaches beyond `plan`'s frame on the side the text enters.
    private func ahead(of plan: FramePlan, in range: Range<Int>?) -> Int {
        guard let range else { return 0 }
        return plan.direction == .left ? range.upperBound - (plan.position + plan.width) : plan.position - range.lowerBound
    }

    /// Paints one band of an atlas that is neither attached nor the compositor's: of the one
    /// whose range shows `plan`'s frame with the lead beyond it and lacks the fewest bands, else
    /// of one begun anew for the range ahead of `plan` (made where there are fewer than two).
    private func paintNextBand(_ plan: FramePlan, height: Int, format: TileCanvas.Format, painter: RibbonPainter) {
        let width = BufferCompositor.span.width(window: plan.width)
        var chosen: (atlas: PhaseAtlas, missing: Int)?
        for atlas in freeAtlases(width: width, height: height, format: format) where covers(atlas.range, plan) {
            let missing = missingPhases(in: atlas, plan)
            if missing < chosen?.missing ?? .max { chosen = (atlas, missing) }
        }
        if chosen == nil, let atlas = freeAtlases(width: width, height: height, format: format).first ?? madeAtlas(width: width, height: height, format: format) {
            atlas.begin(BufferCompositor.span.range(for: plan))
            chosen = (atlas, 1)
        }
        guard let atlas = chosen?.atlas, let range = atlas.range, let phase = missing(in: atlas, plan).first else { return }
        paintBand(phase, of: atlas, range: range, plan: plan, painter: painter)
        if missingPhases(in: atlas, plan) == 0 { atlas.releasePages() }
    }

    /// Whether `range` shows `plan`'s frame and reaches the lead beyond it.
    private func covers(_ range: Range<Int>?, _ plan: FramePlan) -> Bool {
        guard let range, range.lowerBound <= plan.position, plan.position + plan.width <= range.upperBound else { return false }
        return ahead(of: plan, in: range) >= Self.lead
    }

    // MARK: Frames queued through the fifo

    /// The atlas showing every frame of `plan`: the one attached when it does, else the other,
    /// painted for them (from the first frame's ribbon range, the bands of their phases and of
    /// those the attached one has: a speed between whole pixels visits several phases, and a
    /// band missing would mean a new atlas every frame), and attached to `surface`; nil while it
    /// is still the compositor's.
    func batchAtlas(_ plan: FramePlan, height: Int, format: TileCanvas.Format, surface: OpaquePointer,
                    painter: RibbonPainter) -> PhaseAtlas? {
        if let attached, shows(plan, in: attached) { return attached }
        // Never the one attached, even where the compositor let it go early: only a new attach
        // makes it read the buffer again.
        let width = BufferCompositor.span.width(window: plan.width)
        guard let atlas = freeAtlases(width: width, height: height, format: format).first ?? madeAtlas(width: width, height: height, format: format)
        else { return nil }
        let range = BufferCompositor.span.range(for: plan)
        atlas.begin(range)
        var phases = Set(attached?.paintedPhases ?? [])
        for index in 0..<plan.frameCount { phases.insert(plan.frame(index).phase) }
        for phase in phases { paintBand(phase, of: atlas, range: range, plan: plan, painter: painter) }
        atlas.releasePages()
        guard shows(plan, in: atlas) else { return nil }
        atlas.attach(to: surface)
        attached = atlas
        return atlas
    }

    /// Paints band `phase` of `atlas` (neither attached nor the compositor's) for `range` as
    /// `plan` shows it, copying what a band of that phase holds of it: its own, moved along, or
    /// the other atlas's.
    private func paintBand(_ phase: Int, of atlas: PhaseAtlas, range: Range<Int>, plan: FramePlan, painter: RibbonPainter) {
        guard let band = atlas.band(phase) else { return }
        let offers = atlases.compactMap { other in other.painted(phase).map { (atlas: other, band: $0) } }
        if let used = painter.paint(plan, range: range, phase: phase, into: band, reusing: offers.map(\.band)),
           offers[used].atlas !== atlas {
            offers[used].atlas.releasePages()
        }
        atlas.painted(phase, extent: StripExtent(plan.strip, range: range))
    }

    private func shows(_ plan: FramePlan, in atlas: PhaseAtlas) -> Bool {
        for index in 0..<plan.frameCount where !atlas.shows(plan.frame(index)) { return false }
        return true
    }

    // MARK: Both

    /// The atlases of this size and format that are neither attached nor the compositor's; those
    /// of another size or format are let go once released.
    private func freeAtlases(width: Int, height: Int, format: TileCanvas.Format) -> [PhaseAtlas] {
        atlases.removeAll { !$0.isHeld && $0 !== attached && !$0.fits(width: width, bandHeight: height, format: format) }
        return atlases.filter { !$0.isHeld && $0 !== attached && $0.fits(width: width, bandHeight: height, format: format) }
    }

    /// A new atlas, where there are fewer than two.
    private func madeAtlas(width: Int, height: Int, format: TileCanvas.Format) -> PhaseAtlas? {
        guard atlases.count < Self.count,
              let made = try? PhaseAtlas(display: display, shm: shm, width: width, bandHeight: height, format: format) else { return nil }
        atlases.append(made)
        return made
    }

    /// Another buffer was attached to the surface: an atlas shown again is attached anew.
    func detach() { attached = nil }

    /// Everything painted is stale (new colours, height, font or item box).
    func forget() {
        for atlas in atlases { atlas.forget() }
        phasesSeen = 0
    }

    /// Frames go to another surface, or buffers take another format: the atlases the compositor
    /// holds no more go; the others, never shown again, once it lets them go.
    func reset(surfaceGone: Bool) {
        if surfaceGone { atlases.removeAll() } else { atlases.removeAll { !$0.isHeld } }
        attached = nil
        forget()
    }
}
