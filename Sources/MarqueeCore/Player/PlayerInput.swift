/// Pointer and keyboard input as the player understands it, in window coordinates.
public enum PlayerInput: Equatable, Sendable {
    /// Button 1 pressed at column `x`.
    case press(x: Int)
    /// The pointer moved to column `x` (with or without a button held).
    case move(x: Int)
    /// Button 1 released at column `x`.
    case release(x: Int)
    /// A wheel notch; with Ctrl it changes the speed.
    case wheel(forward: Bool, control: Bool)
    /// The pointer came over the window at column `x`.
    case enter(x: Int)
    /// The pointer left the window.
    case leave
    case key(PlayerKey)
}

public enum PlayerKey: Sendable {
    /// Pause and resume (space).
    case togglePause
    /// Scrub the text (the arrow keys).
    case scrubLeft, scrubRight
    /// One whole pixel per frame faster or slower (+ and −).
    case faster, slower
}

/// What input asks the world outside the player to do.
public enum PlayerEffect: Equatable, Sendable {
    /// A click on linked text: open it.
    case openLink(String)
}
