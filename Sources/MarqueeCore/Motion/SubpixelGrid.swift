/// The grid text is positioned on: whole pixels divided into `steps` phases. Glyphs are
/// rasterized at each phase (never whole-pixel text resampled), so a strip position is shown to
/// within half a phase; eight phases keep every frame's step within 1/8 px of the true motion
/// while each glyph needs at most eight images.
public enum SubpixelGrid {
    public static let steps = 8

    /// The whole pixel and the phase (0..<steps, in 1/steps px) that show strip position
    /// `position`: the nearest point of the grid, so a whole-pixel position is phase 0 despite
    /// floating-point noise. Without sub-pixel motion the pixel is floored (the phase is 0).
    public static func split(_ position: Double, subpixel: Bool) -> (pixel: Int, phase: Int) {
        guard subpixel else { return (Int((position + 1e-6).rounded(.down)), 0) }
        let units = Int((position * Double(steps)).rounded())
        let pixel = units >= 0 ? units / steps : -((-units + steps - 1) / steps)
        return (pixel, units - pixel * steps)
    }

    /// A length in 1/64 px (HarfBuzz's 26.6) rounded to the grid: the whole pixel and the phase.
    @inline(__always)
    public static func split(units26 value: Int) -> (pixel: Int, phase: Int) {
        let perPhase = 64 / steps
        let units = (value + (value >= 0 ? perPhase / 2 : -(perPhase / 2))) / perPhase
        let pixel = units >= 0 ? units / steps : -((-units + steps - 1) / steps)
        return (pixel, units - pixel * steps)
    }
}
