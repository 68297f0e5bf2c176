/// xmarquee's icon for `_NET_WM_ICON`, from the pixels generated out of the bundled SVG.
public enum AppIcon {
    public static var images: [(width: Int, height: Int, argb: [UInt32])] {
        [(32, 32, AppIconPixels.argb32), (64, 64, AppIconPixels.argb64)]
    }
}
