import MarqueeCore

/// A display that can stand a lane's label still beside the crawl (`--label`): an optional
/// capability, like `FrameQueue`. The host draws the label once per text on a surface of its
/// own at the start edge (an X11 child window, a Wayland subsurface), so frames never repaint it,
/// and moves the crawl to start at the label's edge: the width it posts in `.resized` is the
/// crawl's, and the crawl's edge fade falls at the label.
public protocol LabelHost: AnyObject {
    /// Shows `label` at lane `lane`'s start edge (nil: none), replacing the one shown; its width
    /// changes the lane's crawl's.
    func showLabel(_ label: LaneLabel?, lane: Int)
}
