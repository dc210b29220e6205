extension UnitTable {
    /// The unit written with the UTF-8 bytes `name` in an expression, as ``unit(inExpression:)``
    /// finds it, without making a `String` of them: the parser asks this for every name after a
    /// number, and a `String` plus a hashed lookup cost several hundred instructions a name.
    public static func unit(inExpression name: UnsafeBufferPointer<UInt8>) -> PhysicalUnit? {
        guard let key = NameKey(name) else {
            return unit(inExpression: String(decoding: name, as: UTF8.self))
        }
        return byBytes.slot(for: key).map { byBytes.units[$0]! }
    }

    /// The unit named `name` exactly, as ``byName`` has it: from the index of bytes for a name
    /// of at most 16 bytes (not a foot or inch mark), so that the dictionary of every name is
    /// built only for longer ones.
    public static func unit(named name: String) -> PhysicalUnit? {
        guard let key = NameKey(name) else { return byName[name] }
        guard let slot = byBytes.slot(for: key), !byBytes.isMark[slot] else { return nil }
        return byBytes.units[slot]
    }

    /// The index in ``singles`` of the unit written with the UTF-8 bytes `name` in an
    /// expression, found as ``unit(inExpression:)-(UnsafeBufferPointer<UInt8>)`` finds it; nil
    /// for names it does not find, and for names longer than 16 bytes.
    public static func singleIndex(inExpression name: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let key = NameKey(name), let slot = byBytes.slot(for: key) else { return nil }
        return Int(byBytes.singles[slot])
    }

    /// Every unit of the table as a compound unit of itself alone, in the order of ``entries``:
    /// made once, so that a quantity in one named unit (`30 days`) shares it.
    public static let singles: [CompoundUnit] = entries.map { CompoundUnit($0.unit) }

    /// A name of at most 16 bytes, packed into two words (the bytes after it zero).
    struct NameKey: Equatable {
        let low: UInt64
        let high: UInt64
        let count: Int

        init?(_ name: String) {
            var name = name
            guard let key = name.withUTF8({ NameKey($0) }) else { return nil }
            self = key
        }

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard !bytes.isEmpty, bytes.count <= 16 else { return nil }
            var low: UInt64 = 0
            var high: UInt64 = 0
            for (index, byte) in bytes.enumerated() {
                if index < 8 {
                    low |= UInt64(byte) << (8 * UInt64(index))
                } else {
                    high |= UInt64(byte) << (8 * UInt64(index - 8))
                }
            }
            self.low = low
            self.high = high
            count = bytes.count
        }

        /// A multiplicative hash: names are few and short, and the table is built once from
        /// fixed names, so no hashing seeded against adversaries is needed.
        var hash: Int {
            let mixed = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
            return Int(truncatingIfNeeded: (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE9_E5B9 >> 32)
        }
    }

    /// Every name of at most 16 bytes that ``unit(inExpression:)`` knows (the names of the
    /// table, and the foot and inch marks), in an open-addressed table of at least twice as many
    /// slots. Built from ``entries`` as ``byName`` is (a later entry's name replaces an earlier
    /// one's), without building that dictionary, which a line of units then never needs.
    struct ByteIndex: Sendable {
        private var keys: [NameKey?]
        private(set) var units: [PhysicalUnit?]
        /// The index in ``UnitTable/singles`` of each slot's unit.
        private(set) var singles: [Int32]
        /// Whether each slot's name is a foot or inch mark rather than a name of the table.
        private(set) var isMark: [Bool]
        private let mask: Int

        init(entries: [Entry], marks: [String: String]) {
            let count = entries.reduce(marks.count) { $0 + 1 + $1.aliases.count }
            var capacity = 16
            while capacity < count * 2 { capacity *= 2 }
            keys = Array(repeating: nil, count: capacity)
            units = Array(repeating: nil, count: capacity)
            singles = Array(repeating: -1, count: capacity)
            isMark = Array(repeating: false, count: capacity)
            mask = capacity - 1
            for (index, entry) in entries.enumerated() {
                insert(entry.unit.symbol, entry.unit, Int32(index), replacing: true)
                for alias in entry.aliases { insert(alias, entry.unit, Int32(index), replacing: true) }
            }
            // A mark stands for a name the table has (`'` for `ft`), and never replaces one.
            for (mark, name) in marks {
                guard let key = NameKey(name), let target = slot(for: key) else { continue }
                insert(mark, units[target]!, singles[target], replacing: false, isMark: true)
            }
        }

        private mutating func insert(
            _ name: String, _ unit: PhysicalUnit, _ single: Int32, replacing: Bool, isMark: Bool = false
        ) {
            guard let key = NameKey(name) else { return }
            var slot = key.hash & mask
            while let occupant = keys[slot], occupant != key { slot = (slot + 1) & mask }
            guard keys[slot] == nil || replacing else { return }
            keys[slot] = key
            units[slot] = unit
            singles[slot] = single
            self.isMark[slot] = isMark
        }

        /// The slot of `key`, if the index has it.
        func slot(for key: NameKey) -> Int? {
            var slot = key.hash & mask
            while let occupant = keys[slot] {
                if occupant == key { return slot }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    static let byBytes = ByteIndex(entries: entries, marks: marks)
}
