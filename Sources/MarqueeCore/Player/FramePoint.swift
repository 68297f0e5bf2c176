/// Where one frame shows the strip: the whole pixel at the window's left edge and the sub-pixel
/// phase (see `SubpixelGrid`). A batch's frames after its first are only this: they share the
/// first frame's strip, width and direction.
public struct FramePoint: Equatable, Sendable {
    public var position: Int
    public var phase: Int

    public init(position: Int, phase: Int) {
        self.position = position
        self.phase = phase
    }
}
