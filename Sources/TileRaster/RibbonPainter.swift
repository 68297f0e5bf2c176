import MarqueeCore

/// Paints a stretch of a frame plan's strip at one sub-pixel phase into a canvas — a Wayland
/// ribbon, or an atlas's band of one phase — straight from the glyphs, copy by copy, no tile
/// kept. Where another canvas painted at the same phase already holds part of the stretch (the
/// ribbon before, shown now), those columns are copied from it and only the rest is painted: a
/// ribbon reaches a window and a margin, and the text moves on by about the margin between two,
/// so two thirds of each would otherwise be painted again from the glyphs. The source may be the
/// canvas painted itself, holding what it held before: its columns move along in place. A copied column is
/// the painted one pixel for pixel: the painter draws every glyph that reaches a column,
/// whatever stretch it paints.
public struct RibbonPainter {
    /// A canvas holding `extent` of a strip, painted at the phase asked for.
    public struct Painted {
        public let extent: StripExtent
        public let canvas: TileCanvas

        public init(extent: StripExtent, canvas: TileCanvas) {
            self.extent = extent
            self.canvas = canvas
        }
    }

    private let style: TileStyle

    public init(style: TileStyle) { self.style = style }

    /// Paints strip positions `range` as `plan` shows them at `phase` into `canvas` (as wide as
    /// `range`), copying the columns that the one of `sources` sharing the most holds (each
    /// painted at `phase`, with this style; `canvas` itself among them as it was; one of another
    /// height or pixel format is passed over, its width does not matter). Returns that
    /// source's index (its pixels were read: the caller may let their pages go again), nil when
    /// everything was painted.
    @discardableResult
    public func paint(_ plan: FramePlan, range: Range<Int>, phase: Int, into canvas: TileCanvas, reusing sources: [Painted] = []) -> Int? {
        var best: (index: Int, shared: Range<Int>)?
        for (index, source) in sources.enumerated() where source.canvas.height == canvas.height && source.canvas.format == canvas.format {
            guard let shared = source.extent.sharedColumns(with: plan.strip, over: range), shared.count > best?.shared.count ?? 0 else { continue }
            best = (index, shared)
        }
        guard let (index, shared) = best else {
            paint(plan.copies(covering: range), phase: phase, into: canvas)
            return nil
        }
        let source = sources[index]
        canvas.copy(source.canvas, sourceX: shared.lowerBound - source.extent.range.lowerBound, columns: shared.count,
                    to: shared.lowerBound - range.lowerBound)
        for rest in [range.lowerBound..<shared.lowerBound, shared.upperBound..<range.upperBound] where !rest.isEmpty {
            guard let part = canvas.columns(from: rest.lowerBound - range.lowerBound, count: rest.count) else { continue }
            paint(plan.copies(covering: rest), phase: phase, into: part)
        }
        return index
    }

    /// Paints the copies (each a piece of a content's tile, or the background) where they go.
    private func paint(_ copies: [FrameCopy], phase: Int, into canvas: TileCanvas) {
        let painter = style.painter
        for copy in copies {
            if let content = copy.content, let part = canvas.columns(from: copy.destinationX, count: copy.width) {
                painter.paint(from: copy.tile * StripGeometry.tileWidth + copy.sourceX, of: content, phase: phase, into: part)
            } else {
                canvas.fill(style.background, x: copy.destinationX, columns: copy.width)
            }
        }
    }
}
