import Glibc

/// The texts the benchmark scrolls, written once into a private temporary folder.
struct TextFixtures {
    let folder: String
    /// Two dozen headline-like lines: varied enough that every shift of the picture is unique.
    let headlines: String
    /// Content-size files by byte count (10 B, 10 KB, 1 MB, 10 MB).
    let bySize: [(bytes: Int, path: String)]

    static let sizes = [10, 10_000, 1_000_000, 10_000_000]

    init() throws {
        var template = Array("/tmp/xmarquee-bench-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw BenchError("cannot create a temporary folder") }
        folder = String(cString: made)
        headlines = folder + "/headlines.txt"
        try Self.write(Self.headlineLines.joined(separator: "\n") + "\n", to: headlines)
        var files: [(Int, String)] = []
        for size in Self.sizes {
            let path = "\(folder)/content-\(size).txt"
            try Self.write(Self.text(bytes: size), to: path)
            files.append((size, path))
        }
        bySize = files
    }

    func remove() {
        for (_, path) in bySize { unlink(path) }
        unlink(headlines)
        rmdir(folder)
    }

    static let headlineLines = [
        "Markets rally as tech stocks climb for a third day",
        "Central bank holds rates steady, signals patience into spring",
        "Storm warning for the north coast: gusts up to 110 km/h expected tonight",
        "Local team wins 3-1 after extra time in a packed stadium",
        "New bridge opens to traffic two months ahead of schedule",
        "Oil slips below 70 dollars as inventories rise",
        "City council approves budget with record transit spending",
        "Researchers report progress on solid-state battery cells",
        "Airport strike called off after overnight talks",
        "Museum reopens its east wing with a modern art exhibition",
        "Wheat harvest estimate raised by 4 percent",
        "Train timetable changes take effect on Sunday",
    ]

    /// Exactly `bytes` bytes of numbered headline lines (10 B is a single short message).
    static func text(bytes: Int) -> String {
        if bytes <= 10 { return String("Markets up".prefix(bytes)) }
        var text = ""
        var number = 0
        while text.utf8.count < bytes {
            text += "Story \(number): " + headlineLines[number % headlineLines.count] + "\n"
            number += 1
        }
        var cut = Array(text.utf8.prefix(bytes))
        cut[cut.count - 1] = 10
        return String(decoding: cut, as: UTF8.self)
    }

    static func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else { throw BenchError("cannot write \(path)") }
        defer { fclose(file) }
        var bytes = Array(text.utf8)
        guard fwrite(&bytes, 1, bytes.count, file) == bytes.count else { throw BenchError("cannot write \(path)") }
    }
}
