/// A cache bounded in bytes, not in entries: each entry is stored with what it costs (its key's
/// and value's storage, as the caller accounts it, plus the cache's own bookkeeping), and the
/// least recently used entries go first once the total would pass `byteLimit`. Random text
/// makes many large entries and ordinary text many small ones; both stay under the same bound.
///
/// Uses are counted in generations (one per layout adopted): `endGeneration()` lets go of what
/// neither the generation that ends nor the one before it used, so a clock's past seconds and
/// a file's replaced lines leave the cache as soon as they have left the strip, long before the
/// byte bound is reached.
public struct ByteBoundedCache<Key: Hashable, Value> {
    private struct Entry {
        var key: Key
        var value: Value
        var cost: Int
    }

    /// A slot's place in the order of use, kept apart from its entry: a hit relinks only these
    /// plain numbers, never copying (and retaining) the key and value.
    private struct Use {
        var generation: Int
        /// Neighbours in the order of use (slot numbers; -1 at either end).
        var newer: Int
        var older: Int
    }

    /// What each entry costs besides its key and value: its slot, and its key and slot number
    /// in the index (a hash table kept at most three quarters full).
    public static var bookkeepingBytes: Int {
        MemoryLayout<Entry?>.stride + MemoryLayout<Use>.stride + (MemoryLayout<Key>.stride + MemoryLayout<Int>.stride) * 4 / 3
    }

    public let byteLimit: Int
    /// Bytes the entries held cost, bookkeeping included.
    public private(set) var byteCount = 0
    public private(set) var generation = 0
    private var slots: [Entry?] = []
    private var uses: [Use] = []
    private var freeSlots: [Int] = []
    private var slotOfKey: [Key: Int] = [:]
    private var newest = -1
    private var oldest = -1

    public init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    public var count: Int { slotOfKey.count }

    /// The value stored for `key`, now the most recently used; nil when there is none.
    public mutating func value(for key: Key) -> Value? {
        guard let slot = slotOfKey[key] else { return nil }
        unlink(slot)
        uses[slot].generation = generation
        linkAsNewest(slot)
        return slots[slot]!.value
    }

    /// Stores `value` for a key that has none, making room by dropping the least recently used
    /// entries. A value that alone would pass the bound is not kept.
    public mutating func insert(_ value: Value, for key: Key, bytes: Int) {
        let cost = bytes + Self.bookkeepingBytes
        guard cost <= byteLimit, slotOfKey[key] == nil else { return }
        while byteCount + cost > byteLimit { removeOldest() }
        let entry = Entry(key: key, value: value, cost: cost)
        let use = Use(generation: generation, newer: -1, older: -1)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = entry
            uses[slot] = use
        } else {
            slot = slots.count
            slots.append(entry)
            uses.append(use)
        }
        slotOfKey[key] = slot
        byteCount += cost
        linkAsNewest(slot)
    }

    /// Ends a generation of use: drops every entry used by neither it nor the one before.
    public mutating func endGeneration() {
        while oldest >= 0, uses[oldest].generation < generation - 1 { removeOldest() }
        generation += 1
    }

    public mutating func removeAll() {
        slots.removeAll()
        uses.removeAll()
        freeSlots.removeAll()
        slotOfKey.removeAll()
        byteCount = 0
        newest = -1
        oldest = -1
    }

    // MARK: Order of use

    private mutating func removeOldest() {
        let slot = oldest
        unlink(slot)
        let entry = slots[slot]!
        slotOfKey[entry.key] = nil
        byteCount -= entry.cost
        slots[slot] = nil
        freeSlots.append(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (uses[slot].newer, uses[slot].older)
        if newer >= 0 { uses[newer].older = older } else { newest = older }
        if older >= 0 { uses[older].newer = newer } else { oldest = newer }
    }

    private mutating func linkAsNewest(_ slot: Int) {
        uses[slot].newer = -1
        uses[slot].older = newest
        if newest >= 0 { uses[newest].newer = slot } else { oldest = slot }
        newest = slot
    }
}
