/// KWin 5.27 (Plasma 5.27 LTS; its OpenGL renderer) makes a surface's texture from the buffer
/// it finds when it first draws the surface, and again when the buffer's size changes, uploading
/// the shm image at a pitch of width × 4 whatever the buffer's stride (no
/// `GL_UNPACK_ROW_LENGTH`); later damaged updates set the row length. A buffer cut from a wider
/// ribbon, read at the wrong pitch, shows as sheared noise, and a bar that then stands still
/// (speed 0, paused, text that fits, a page) never heals. KWin 6 and wlroots read the stride.
///
/// So on every compositor, after a new surface, format or size, every buffer is a tight one
/// (stride = width × 4; the frame copied out of its ribbon) until the compositor has drawn one:
/// until the frame callback asked for with the first of them, or after it, is answered. A bar
/// that stands still stays on tight buffers, a moving one leaves them within a frame or two.
struct FirstBufferPitchQuirk {
    /// The size of the buffers attached to the current surface.
    private var size: (width: Int, height: Int)?
    /// The number of the frame callback whose answer says the compositor drew a buffer of this
    /// size; nil once it has.
    private var drawnWhenAnswered: UInt64?

    /// Whether the next buffer, of this size, must be tight.
    mutating func needsTightBuffer(width: Int, height: Int, callbacks: FrameCallbackCount) -> Bool {
        if let awaited = drawnWhenAnswered, callbacks.answered >= awaited { drawnWhenAnswered = nil }
        guard let size, size == (width, height) else { return true }
        return drawnWhenAnswered != nil
    }

    /// A buffer of this size was attached for the next commit, which the callback numbered
    /// `callbacks.requested + 1` answers (asked for with it, or the next one asked for).
    mutating func noteAttached(width: Int, height: Int, callbacks: FrameCallbackCount) {
        if let size, size == (width, height) { return }
        size = (width, height)
        drawnWhenAnswered = callbacks.requested + 1
    }

    /// A new surface or pixel format: its texture is made anew.
    mutating func textureRemade() { size = nil }
}

/// Frame callbacks asked for and answered on the current surface, counted from the start: the
/// compositor answers them in order.
struct FrameCallbackCount: Equatable {
    var requested: UInt64 = 0
    var answered: UInt64 = 0
}
