import CWaylandClient
import FontMatching
import Glibc
import MarqueeCore
import MarqueeFormats
import MarqueeIO
import TickerDriver
import TileRaster

/// The ticker's Wayland side, a bar or a window: a surface where the placement says, frames paced
/// by the compositor's callbacks, plans turned into pixels by the `BufferCompositor`, and the
/// compositor's events turned into the driver's `BackendEvent`s. It decides nothing about motion
/// or content. Everything runs on the event loop's thread.
public final class WaylandBackend: TickerBackend {
    let display: WaylandDisplay
    private var placement: WaylandPlacement
    /// The output's whole scale, where the compositor says no finer one.
    private let outputScale: Int
    /// The surface's height in logical pixels, and its width once configured.
    private var logicalHeight: Int
    private var logicalWidth = 0
    private var bar: TickerSurface
    /// How the surface's buffer maps onto its logical size (whole or fractional scale).
    private var surfaceScale: SurfaceScale
    /// What a surface is made with when it moves to another output or changes its height.
    private let makeSurface: (WaylandPlacement, Int, WaylandOutput?) -> TickerSurface
    private let compositor: BufferCompositor
    private let pacer: CallbackPacer
    /// Pointer and keyboard; nil on a compositor without a seat.
    private let input: SeatInput?
    private let loop: EventLoop
    /// A standing picture that could not be drawn yet: every buffer was the compositor's.
    private var owedStill: FramePlan?
    public var deliver: (BackendEvent) -> Void = { _ in }

    public var frames: FrameSource { pacer }
    /// The width shown now in buffer pixels (0 until the compositor configured the surface).
    public private(set) var width = 0

    /// A ticker `height` logical pixels tall where `placement` says (a bar on the output its
    /// monitor choice names, the compositor's choice when it names none), its text in `font`,
    /// drawn `scale` times finer than logical pixels (HiDPI: the font and look are in buffer
    /// pixels already) until the compositor prefers another scale (`BackendEvent.scale`).
    public init(display: WaylandDisplay, placement: WaylandPlacement, height: Int, scale: Int = 1, font: FontSet,
                look: TickerLook, loop: EventLoop) throws(WaylandError) {
        guard let shm = display.shm else { throw .missingGlobal("wl_shm") }
        switch placement {
        case .bar:
            guard let shell = display.layerShell else { throw .noLayerShell }
            makeSurface = { placement, height, output in
                guard case .bar(let edge, let layer, _) = placement else { preconditionFailure("a bar's placement") }
                return LayerSurface(display: display, shell: shell, edge: edge, height: height, layer: layer, output: output)
            }
        case .window:
            guard let wmBase = display.wmBase else { throw .missingGlobal("xdg_wm_base") }
            makeSurface = { placement, height, _ in
                guard case .window(let width, let title) = placement else { preconditionFailure("a window's placement") }
                return WindowSurface(display: display, wmBase: wmBase, width: width, height: height, title: title)
            }
        }
        self.display = display
        self.loop = loop
        self.placement = placement
        outputScale = max(1, scale)
        logicalHeight = height
        bar = makeSurface(placement, height, placement.output(in: display.outputs))
        surfaceScale = SurfaceScale(display: display, surface: bar.surface, outputScale: outputScale)
        pacer = try CallbackPacer(display: display, surface: bar.surface, loop: loop)
        compositor = BufferCompositor(display: display, shm: shm, surface: bar.surface, font: font, look: look,
                                      height: surfaceScale.device(height))
        input = SeatInput(display: display, scale: surfaceScale.scale)
        listen(to: surfaceScale)
        input?.onInput = { [unowned self] in self.deliver(.input($0)) }
        listen(to: bar)
        display.onOutputsChanged = { [unowned self] in self.outputsChanged() }
        loop.watch(display.fd) { _ in }
        display.flush()
    }

    deinit { loop.unwatch(display.fd) }

    /// The integer scale to draw at: the named output's, or the largest where the compositor
    /// chooses (it scales down on a finer output rather than up on a coarser one).
    public static func scale(for placement: WaylandPlacement, in display: WaylandDisplay) -> Int {
        let scale = placement.output(in: display.outputs)?.scale ?? display.outputs.map(\.scale).max() ?? 1
        return max(1, Int(scale))
    }

    /// Device pixels per logical pixel now.
    public var scale: Double { surfaceScale.scale }

    private func listen(to surfaceScale: SurfaceScale) {
        surfaceScale.onChange = { [unowned self] in self.rescaled() }
    }

    private func listen(to bar: TickerSurface) {
        bar.onConfigure = { [unowned self] width, height in self.configured(width: width, height: height) }
        bar.onClosed = { [unowned self] in
            guard case .bar = self.placement else { return self.deliver(.closed) }
            self.place(on: self.placement.output(in: self.display.outputs))
        }
    }

    /// Outputs came, went or changed: the buffer follows a new whole scale; a bar goes to the one
    /// its `--monitor` names once it is there, and stays where it is otherwise (the compositor
    /// closes it when its own output goes).
    private func outputsChanged() {
        surfaceScale.followOutput(scale: Self.scale(for: placement, in: display))
        guard case .bar = placement else { return }
        let wanted = placement.output(in: display.outputs)
        let current = display.outputs.first { $0.registryName == bar.outputName }
        if let wanted, wanted !== current { return place(on: wanted) }
        if bar.outputName != nil && current == nil { place(on: nil) }
    }

    /// A new surface on `output` (nil: the compositor's choice); frames follow it once configured.
    private func place(on output: WaylandOutput?) {
        // Nothing is drawn until the new surface is configured (attaching before is an error).
        deliver(.mapped(false))
        bar = makeSurface(placement, logicalHeight, output)
        surfaceScale = SurfaceScale(display: display, surface: bar.surface, outputScale: outputScale)
        listen(to: surfaceScale)
        listen(to: bar)
        pacer.move(to: bar.surface)
        compositor.move(to: bar.surface)
        display.flush()
    }

    // MARK: Frames

    public func show(_ plan: FramePlan, counter: UInt64) -> Bool {
        guard bar.isConfigured else { return false }
        guard compositor.attach(plan) else {
            pacer.retryLater()
            return false
        }
        owedStill = nil
        pacer.commitFrame()
        return true
    }

    /// Draws at once (standing text, a new size); where the compositor still holds every buffer,
    /// as soon as it lets one go (no frame may come to draw it otherwise).
    public func showStill(_ plan: FramePlan) {
        guard bar.isConfigured else { return }
        guard compositor.attach(plan) else {
            owedStill = plan
            return
        }
        owedStill = nil
        pacer.commitFrame()
    }

    public func setLook(_ look: TickerLook) { compositor.setLook(look) }

    public func showPointer(overLink: Bool) { input?.showHand(overLink) }

    /// The surface was committed when made; it shows once the compositor configures it.
    public func present() { display.flush() }

    /// A new height or monitor: the surface is made again there (a layer surface's zone and a
    /// window's size follow its first configure).
    public func place(_ update: PlacementUpdate) {
        let moved = placement.on(update.monitor)
        guard update.height != logicalHeight || moved.output(in: display.outputs) !== placement.output(in: display.outputs) else { return }
        placement = moved
        logicalHeight = update.height
        place(on: placement.output(in: display.outputs))
    }

    public func describeFrames(into report: inout StatusReport) {
        report.present = pacer.usesPresentationFeedback
        // The compositor shows whole frames at its own refresh: never torn.
        report.tearFree = true
    }

    public func loopTimedOut() {}

    private func configured(width: Int, height: Int) {
        logicalWidth = width
        logicalHeight = height
        deliver(.mapped(true))
        resizeBuffers()
    }

    /// The compositor prefers another scale: buffers at the new device size, and the driver told,
    /// so the app lays the text out again with a font of that size.
    private func rescaled() {
        input?.scale = surfaceScale.scale
        if bar.isConfigured { resizeBuffers() }
        deliver(.scale(surfaceScale.scale))
    }

    /// Buffers of the logical size at the current scale, shown at the logical size.
    private func resizeBuffers() {
        surfaceScale.show(logicalWidth: logicalWidth, height: logicalHeight)
        width = surfaceScale.device(logicalWidth)
        compositor.resize(height: surfaceScale.device(logicalHeight))
        deliver(.resized(width: width))
    }

    /// Before each sleep: every event the compositor sent, the requests flushed. A broken
    /// connection (the compositor quit) ends the program with the lost display's status.
    public func prepareToWait() -> Int32 {
        display.dispatchPending()
        // A buffer released since: the standing picture it was owed.
        if let owedStill { showStill(owedStill) }
        if display.failed || !display.flush() {
            Diagnostics.warn("the Wayland compositor closed the connection")
            deliver(.lost)
        }
        return -1
    }
}
