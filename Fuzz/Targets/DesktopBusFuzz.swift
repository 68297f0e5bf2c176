import MarqueeFormats

/// Whatever a peer on the desktop bus may send, as the parsers see it: any tree of `BusValue`s
/// (decoded from the fuzzer's bytes by a small grammar) read as MPRIS metadata, Notify's
/// arguments, the portal's settings; any text as a now-playing format and as notification
/// markup. Nothing may crash, and what comes out stays bounded and on one line.
enum DesktopBusFuzz: FuzzTarget {
    static let name = "desktop-bus"

    static func run(_ data: [UInt8]) {
        var decoder = Decoder(bytes: data[...])
        var values: [BusValue] = []
        while values.count < 12, let value = decoder.value(depth: 0) { values.append(value) }
        let metadata = MPRISMetadata(values.first ?? .skipped)
        for text in metadata.fields.values { FuzzTargets.require(!text.contains("\n"), "a field on more than one line") }
        if let request = NotificationRequest(arguments: values) {
            FuzzTargets.require(!request.text.contains("\n"), "a notification on more than one line")
            var board = NotificationBoard(capacity: 4)
            for index in 0..<6 { _ = board.add(request, at: Double(index)) }
            FuzzTargets.require(board.entries.count <= 4, "the board grew past its capacity")
        }
        _ = PortalSetting.all(in: values.first ?? .skipped)
        let text = String(decoding: data, as: UTF8.self)
        let plain = NotificationMarkup.plainText(text)
        FuzzTargets.require(plain.utf8.count <= 4096 + 8, "markup reduced past its bound")
        if let format = try? NowPlayingFormat(parsing: text) {
            _ = format.text(metadata.fields.merging(["title": text]) { old, _ in old })
        }
    }

    /// One byte picks the kind, then its payload: strings are length-prefixed, containers count-prefixed.
    struct Decoder {
        var bytes: ArraySlice<UInt8>

        mutating func byte() -> UInt8? { bytes.popFirst() }

        mutating func string() -> String? {
            guard let length = byte() else { return nil }
            let taken = bytes.prefix(Int(length))
            bytes = bytes.dropFirst(taken.count)
            return String(decoding: taken, as: UTF8.self)
        }

        mutating func value(depth: Int) -> BusValue? {
            guard depth < 8, let kind = byte() else { return nil }
            switch kind % 9 {
            case 0: return string().map { .string($0) }
            case 1: return byte().map { .bool($0 & 1 == 1) }
            case 2: return byte().map { .int(Int64(Int8(bitPattern: $0)) * 1_000_003) }
            case 3: return byte().map { .uint(UInt64($0) << ($0 % 7 * 8)) }
            case 4: return value(depth: depth + 1).map { .variant($0) }
            case 5, 6:
                guard let count = byte() else { return nil }
                var items: [BusValue] = []
                for _ in 0..<(count % 16) { if let item = value(depth: depth + 1) { items.append(item) } }
                return kind % 9 == 5 ? .array(items) : .structure(items)
            case 7:
                guard let count = byte() else { return nil }
                var entries: [BusValue.Entry] = []
                for _ in 0..<(count % 16) {
                    guard let key = string(), let item = value(depth: depth + 1) else { break }
                    entries.append(.init(key, item))
                }
                return .entries(entries)
            default: return .skipped
            }
        }
    }
}
