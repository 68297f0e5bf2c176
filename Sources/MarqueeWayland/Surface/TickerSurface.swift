/// Where the ticker's frames go on Wayland: a layer-shell bar or an xdg-shell window. Either
/// is configured by the compositor before its first buffer, and either can be closed by it.
protocol TickerSurface: AnyObject {
    var surface: OpaquePointer { get }
    var isConfigured: Bool { get }
    /// The output asked for (its registry name); nil: the compositor's choice.
    var outputName: UInt32? { get }
    /// A configure arrived with this size (acknowledged already): draw at it.
    var onConfigure: (_ width: Int, _ height: Int) -> Void { get set }
    /// The compositor closed it (a bar's output went; a window's close button).
    var onClosed: () -> Void { get set }
    /// A click on it: it takes the keyboard when the compositor's rules give it (a window has it
    /// as any window does; a bar asks from its first click on).
    func takeKeyboardOnClick()
    /// What a popup of it (the menu) is made a child of.
    var popupParent: MenuPopup.Parent { get }
}
