import MarqueeCore
import TickerDriver

/// Where the bar is: the output it follows, a new surface when it moves or changes its height.
extension WaylandBackend {
    /// Outputs came, went or changed: the buffer follows a new whole scale; a bar goes to the one
    /// its `--monitor` names once it is there, and stays where it is otherwise (the compositor
    /// closes it when its own output goes).
    func outputsChanged() {
        barScale.followOutput(scale: Self.scale(for: placement, in: display))
        guard placement.isLayerSurface else { return }
        let wanted = placement.output(in: display.outputs)
        let current = display.outputs.first { $0.registryName == bar.outputName }
        if let wanted, wanted !== current { return place(on: wanted) }
        if bar.outputName != nil && current == nil { place(on: nil) }
    }

    /// A new surface on `output` (nil: the compositor's choice); frames follow it once configured.
    func place(on output: WaylandOutput?) {
        // A popup goes with its parent.
        closeMenu()
        // Nothing is drawn until the new surface is configured (attaching before is an error).
        outbox.post(.mapped(false))
        // The crawls let go of the old surface (their subsurfaces and fifos) before it goes.
        for crawl in crawls { crawl.detach() }
        let wasStacked = stand != nil
        stand = nil
        bar = makeSurface(placement, logicalHeight, output)
        barScale = SurfaceScale(display: display, surface: bar.surface, outputScale: outputScale)
        listen(to: barScale)
        listen(to: bar)
        pacer.move(to: bar.surface)
        // On the new surface as they were: on subsurfaces of it, or the lone crawl on it.
        if wasStacked { stack() } else { crawls[0].moveToBar(bar.surface, barScale: barScale) }
        display.flush()
    }

    /// A new height (device pixels, placed in logical ones at the surface's scale; an area's
    /// geometry may fix it) or monitor:
    /// the surface is made again there (a layer surface's zone and a window's size follow its
    /// first configure). Window states are the compositor's to decide.
    public func place(_ update: PlacementUpdate) -> [PlacementRefusal] {
        let height = placement.fixedHeight ?? Int((Double(update.height) / barScale.scale).rounded(.up))
        let moved = placement.on(update.monitor)
        if height != logicalHeight || moved.output(in: display.outputs) !== placement.output(in: display.outputs) {
            placement = moved
            logicalHeight = height
            place(on: placement.output(in: display.outputs))
        }
        return Self.refusals(above: update.above, sticky: update.sticky)
    }

    /// What Wayland leaves to the compositor: a client cannot ask to stay above others or to be
    /// on every workspace (a layer-shell bar is both by its layer).
    public static func refusals(above: Bool?, sticky: Bool?) -> [PlacementRefusal] {
        var refused: [PlacementRefusal] = []
        if above != nil { refused.append(PlacementRefusal(option: "above", reason: "Wayland leaves stacking to the compositor")) }
        if sticky != nil { refused.append(PlacementRefusal(option: "sticky", reason: "Wayland leaves workspaces to the compositor")) }
        return refused
    }
}
