/// Maps the part of the endless strip that a window shows onto pre-rendered tiles.
///
/// The cycle (messages + separators) repeats forever. Rendering repeats it `copiesPerUnit`
/// times into a *unit* at least `minimumUnitWidth` wide, so that a short text in a wide window
/// costs a few large copies instead of hundreds of tiny ones. The unit is cut into tiles of at
/// most `tileWidth` pixels because X pixmaps and copy coordinates are 16-bit.
public enum StripGeometry {
    public static let tileWidth = 1024
    public static let minimumUnitWidth = 512

    /// How many copies of a cycle of width `cycle` are needed to cover `width` pixels at any
    /// offset: the window can start part-way into a copy, so one more than the quotient.
    public static func copiesNeeded(width: Int, cycle: Int) -> Int {
        precondition(cycle > 0 && width >= 0)
        return (width + cycle - 1) / cycle + 1
    }

    /// Copies of the cycle rendered side by side into one unit.
    public static func copiesPerUnit(cycle: Int) -> Int {
        precondition(cycle > 0)
        return max(1, (minimumUnitWidth + cycle - 1) / cycle)
    }

    public static func unitWidth(cycle: Int) -> Int { cycle * copiesPerUnit(cycle: cycle) }

    public static func tileCount(unitWidth: Int) -> Int { (unitWidth + tileWidth - 1) / tileWidth }

    /// Floor division and its non-negative remainder (Swift's `%` keeps the dividend's sign).
    @inline(__always)
    public static func floorMod(_ value: Int, _ modulus: Int) -> Int {
        let remainder = value % modulus
        return remainder < 0 ? remainder + modulus : remainder
    }

    /// One copy from a tile to the window.
    public struct Blit: Equatable, Sendable {
        public var tile: Int
        public var sourceX: Int
        public var destinationX: Int
        public var width: Int
    }

    /// Emits the copies that fill window columns `[destinationX, destinationX + range.count)` with
    /// strip positions `range`, for content whose unit starts at strip position `anchor`
    /// (and at every multiple of `unitWidth` from there). The number of copies depends on the
    /// window width and the unit width, never on how long the text is.
    public static func blits(stripRange range: Range<Int>, destinationX: Int, anchor: Int,
                             unitWidth: Int, emit: (Blit) -> Void) {
        guard unitWidth > 0 else { return }
        var position = range.lowerBound
        var destination = destinationX
        while position < range.upperBound {
            let inUnit = floorMod(position - anchor, unitWidth)
            let tile = inUnit / tileWidth
            let inTile = inUnit - tile * tileWidth
            let tileEnd = min(tileWidth, unitWidth - tile * tileWidth)
            let width = min(tileEnd - inTile, range.upperBound - position)
            emit(Blit(tile: tile, sourceX: inTile, destinationX: destination, width: width))
            position += width
            destination += width
        }
    }
}
