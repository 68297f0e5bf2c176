import MarqueeFormats

/// `--exec "CMD"` split into words like a shell would: never an empty program name.
enum CommandWordsFuzz: FuzzTarget {
    static let name = "command-words"

    static func run(_ data: [UInt8]) {
        guard let words = try? CommandWords.split(String(decoding: data, as: UTF8.self)) else { return }
        FuzzTargets.require(!words.isEmpty, "no words and no error")
    }
}
