import CXBench

extension PixelObserver {
    /// The viewable child windows of `window`, top to bottom (a bar's lanes).
    func children(of window: Window) -> [Window] {
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, window, &rootReturn, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        var viewable: [(window: Window, y: Int32)] = []
        for index in 0..<Int(count) {
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(display, children[index], &attributes) != 0, attributes.map_state == IsViewable,
                  attributes.class == InputOutput else { continue }
            viewable.append((children[index], attributes.y))
        }
        return viewable.sorted { $0.y < $1.y }.map(\.window)
    }
}
