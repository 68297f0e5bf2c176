import ArgumentParser
import MarqueeConfig

/// The command line cut into lanes at each `--lane`: what comes before the first is the bar's
/// options and its first lane's; each part after a `--lane` is one more lane's options and texts,
/// from the defaults (a lane inherits nothing from the one above it). A `--lane` after `--`
/// still starts a lane: `--` ends the options of its own lane only.
struct LaneArguments {
    static let marker = "--lane"
    /// More lanes than a bar has room for is a mistake, not a design.
    static let most = 8

    /// The bar's options and its first lane's.
    let first: [String]
    /// The options and texts of each lane after the first, in order.
    let lanes: [[String]]

    /// The config file's `[[lane]]` tables as lanes after a first given elsewhere.
    init(configLanes: [[String]]) {
        first = []
        lanes = configLanes
    }

    init(_ arguments: [String]) {
        var parts: [[String]] = [[]]
        for argument in arguments {
            if argument == Self.marker { parts.append([]) } else { parts[parts.count - 1].append(argument) }
        }
        first = parts[0]
        lanes = Array(parts.dropFirst())
    }

    /// Each lane after the first as options of its own; the first problem as one line naming
    /// the lane: a bar-wide option given to a lane, a bad value, too many lanes, or two lanes
    /// reading standard input.
    func parseLanes(firstReadsStandardInput: Bool) -> Result<[Options], OptionsResolver.Failure> {
        guard lanes.count + 1 <= Self.most else { return .failure(.invalid("--lane: at most \(Self.most) lanes")) }
        var parsed: [Options] = []
        var readsStandardInput = firstReadsStandardInput
        for (offset, words) in lanes.enumerated() {
            let number = offset + 2
            if let setting = Self.barWideSetting(in: words) {
                return .failure(.invalid("--\(setting.name) in lane \(number): it applies to the whole bar; give it before the first --lane"))
            }
            let options: Options
            do {
                options = try Options.parse(words)
            } catch {
                return .failure(.invalid("lane \(number): " + OptionsResolver.firstLine(of: Options.message(for: error))))
            }
            if options.readsStandardInput {
                guard !readsStandardInput else { return .failure(.invalid("lane \(number): only one lane can read standard input")) }
                readsStandardInput = true
            }
            parsed.append(options)
        }
        return .success(parsed)
    }

    /// The first bar-wide setting `words` names as an option (before a `--`), if any.
    static func barWideSetting(in words: [String]) -> Setting? {
        for word in words {
            if word == "--" { return nil }
            guard word.hasPrefix("--") else { continue }
            var name = word.dropFirst(2).prefix { $0 != "=" }
            if name.hasPrefix("no-") { name = name.dropFirst(3) }
            if let setting = Setting(rawValue: String(name)), setting.isBarWide { return setting }
        }
        return nil
    }
}
