import CX11

/// A drawable (a window, a pixmap) as a Render picture for the edge fade, made the first time it
/// is asked for. Its owner frees it (`free`) before the drawable goes: a picture outliving its
/// drawable would be freed twice.
struct DrawablePicture {
    private let connection: XConnection
    private let drawable: Drawable
    private var made: Picture = 0

    init(connection: XConnection, drawable: Drawable) {
        self.connection = connection
        self.drawable = drawable
    }

    mutating func picture() -> Picture {
        if made == 0, let format = XRenderFindVisualFormat(connection.display, connection.visual) {
            made = XRenderCreatePicture(connection.display, drawable, format, 0, nil)
        }
        return made
    }

    mutating func free() {
        if made != 0 { XRenderFreePicture(connection.display, made) }
        made = 0
    }
}
