/// The grid text is positioned on: whole pixels divided into `steps` phases. Glyphs are
/// rasterized at each phase (never whole-pixel text resampled), so a strip position is shown to
/// within half a phase; eight phases keep every frame's step within 1/8 px of the true motion
/// while each glyph needs at most eight images.
public enum SubpixelGrid {
    public static let steps = 8

    /// The whole pixel and the phase (0..<steps, in 1/steps px) that show strip position
    /// `position`: the nearest point of the grid, so a whole-pixel position is phase 0 despite
    /// floating-point noise. Without sub-pixel motion the pixel is floored (the phase is 0), with
    /// a tolerance that keeps exact multiples of a whole step from flooring one pixel low.
    public static func split(_ position: Double, subpixel: Bool) -> (pixel: Int, phase: Int) {
        guard subpixel else { return (Int((position + 1e-6).rounded(.down)), 0) }
        return point(units: Int((position * Double(steps)).rounded()))
    }

    /// A length in 1/64 px (HarfBuzz's 26.6) rounded to the grid: the whole pixel and the phase.
    @inline(__always)
    public static func split(units26 value: Int) -> (pixel: Int, phase: Int) {
        let perPhase = 64 / steps
        return point(units: (value + (value >= 0 ? perPhase / 2 : -(perPhase / 2))) / perPhase)
    }

    /// A grid point counted in phases from strip position 0: its whole pixel (floored) and phase.
    @inline(__always)
    private static func point(units: Int) -> (pixel: Int, phase: Int) {
        let phase = StripGeometry.floorMod(units, steps)
        return ((units - phase) / steps, phase)
    }
}
