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

public enum PlayerKey: Equatable, Sendable {
    /// Pause and resume (space).
    case togglePause
    /// Scrub the text (the arrow keys).
    case scrubLeft, scrubRight
    /// One whole pixel per frame faster or slower (+ and −).
    case faster, slower
    /// Ask a screen reader to say the message at the reading edge (r).
    case readAloud
}

/// What input asks the world outside the player to do.
public enum PlayerEffect: Equatable, Sendable {
    /// A click on linked text: open it.
    case openLink(String)
}

extension PlayerKey {
    /// Space pauses and resumes (pausing must not depend on hovering alone), arrows scrub,
    /// + and − change the speed, r has a screen reader say the message. `keysym` is the key's
    /// symbol in the keysym table every keyboard library numbers alike (X's, xkbcommon's).
    public init?(keysym: UInt32) {
        switch keysym {
        case 0x20: self = .togglePause                       // space
        case 0xFF51: self = .scrubLeft                       // Left
        case 0xFF53: self = .scrubRight                      // Right
        case 0x2B, 0x3D, 0xFFAB: self = .faster              // plus, equal, KP_Add
        case 0x2D, 0xFFAD: self = .slower                    // minus, KP_Subtract
        case 0x72, 0x52: self = .readAloud                   // r, R
        default: return nil
        }
    }
}

extension PlayerInput {
    /// The same input in the crawl's columns when the crawl starts at column `origin` of the
    /// surface (beside a lane's label): a point over the label lies left of the crawl.
    public func inCrawl(startingAt origin: Int) -> PlayerInput {
        guard origin != 0 else { return self }
        switch self {
        case .press(let x): return .press(x: x - origin)
        case .move(let x): return .move(x: x - origin)
        case .release(let x): return .release(x: x - origin)
        case .enter(let x): return .enter(x: x - origin)
        case .wheel, .leave, .key: return self
        }
    }
}
