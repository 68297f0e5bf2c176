extension Message {
    /// The text as drawn: inline formatting tags removed where they are read (`%%` as one
    /// `%`), at most `limit` characters' worth of it — a reading time or an ellipsis needs no
    /// more, and a 10 MB message is not copied for them.
    public func visibleText(interpretingMarkup: Bool, limit: Int) -> String {
        let bytes = Array(text.utf8.prefix(limit * 4 + 64 * 1024))
        var scanner = MarkupScanner(bytes: bytes, interpretsTags: markup && interpretingMarkup, base: TextStyle())
        var visible: [UInt8] = []
        var scalars = 0
        while scalars < limit, let run = scanner.nextRun(maxScalars: limit - scalars) {
            visible += bytes[run.range]
            scalars += run.scalars
        }
        return String(decoding: visible, as: UTF8.self)
    }
}
