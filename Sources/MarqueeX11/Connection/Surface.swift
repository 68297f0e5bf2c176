import CX11

/// What every window, pixmap, picture and colour of the ticker is made with: a visual, its
/// colormap and its depth.
///
/// Normally the screen's default visual (24-bit TrueColor, no alpha). For a translucent
/// background, a 32-bit TrueColor visual whose Render format has an alpha channel (the
/// Composite extension adds such visuals to the screen), so a compositing manager can blend
/// the window with what lies below it. The two cannot be mixed: a window, the pixmaps copied
/// into it and the pixmaps Present shows in it must all have the same depth.
public struct Surface {
    public let visual: UnsafeMutablePointer<Visual>
    public let colormap: Colormap
    public let depth: Int32
    /// Where a pixel keeps its alpha; nil for a visual without one.
    let alphaChannel: (shift: Int, mask: UInt)?

    public var hasAlpha: Bool { alphaChannel != nil }

    /// The screen's default visual and colormap: what an opaque ticker uses.
    static func screenDefault(_ display: OpaquePointer, screen: Int32) -> Surface {
        Surface(visual: XDefaultVisual(display, screen), colormap: XDefaultColormap(display, screen),
                depth: XDefaultDepth(display, screen), alphaChannel: nil)
    }

    /// A 32-bit TrueColor visual with an alpha channel, with the colormap `makeColormap` makes for
    /// it (a visual other than the root's cannot use the default colormap: BadMatch), or nil when
    /// the screen has none (no Composite extension, or a server that does not offer one).
    static func withAlpha(_ display: OpaquePointer, screen: Int32,
                          makeColormap: (UnsafeMutablePointer<Visual>) -> Colormap) -> Surface? {
        var template = XVisualInfo()
        template.screen = screen
        template.depth = 32
        template.`class` = TrueColor
        var count: Int32 = 0
        guard let found = XGetVisualInfo(display, Int(VisualScreenMask | VisualDepthMask | VisualClassMask),
                                         &template, &count) else { return nil }
        defer { XFree(found) }
        // Not every 32-bit visual carries alpha: the one whose Render format has an alpha mask does.
        for index in 0..<Int(count) {
            guard let visual = found[index].visual,
                  let format = XRenderFindVisualFormat(display, visual), format.pointee.direct.alphaMask != 0 else { continue }
            return Surface(visual: visual, colormap: makeColormap(visual), depth: 32,
                           alphaChannel: (Int(format.pointee.direct.alpha), UInt(format.pointee.direct.alphaMask)))
        }
        return nil
    }

    /// The alpha bits of a pixel with this alpha. Core drawing (a GC's foreground) takes pixels,
    /// computed from red, green and blue only: without these bits a core fill on an
    /// alpha visual would be fully transparent.
    func alphaBits(_ alpha: UInt16) -> UInt {
        guard let (shift, mask) = alphaChannel else { return 0 }
        return (UInt(alpha) * mask + 0x7FFF) / 0xFFFF << shift
    }
}
