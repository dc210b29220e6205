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
    /// table, and the foot and inch marks), in an open-addressed table of twice as many slots.
    struct ByteIndex: Sendable {
        private var keys: [NameKey?]
        private(set) var units: [PhysicalUnit?]
        /// The index in ``UnitTable/singles`` of each slot's unit.
        private(set) var singles: [Int32]
        private let mask: Int

        init(_ names: [(String, PhysicalUnit)]) {
            var capacity = 16
            while capacity < names.count * 2 { capacity *= 2 }
            keys = Array(repeating: nil, count: capacity)
            units = Array(repeating: nil, count: capacity)
            singles = Array(repeating: -1, count: capacity)
            mask = capacity - 1
            var entryIndex: [ObjectIdentifier: Int32] = [:]
            for (index, entry) in UnitTable.entries.enumerated() {
                entryIndex[ObjectIdentifier(entry.unit)] = Int32(index)
            }
            for (name, unit) in names {
                var name = name
                guard let key = name.withUTF8({ NameKey($0) }) else { continue }
                var slot = key.hash & mask
                while let occupant = keys[slot], occupant != key { slot = (slot + 1) & mask }
                // The first name given wins, as the table's names win over the marks.
                guard keys[slot] == nil else { continue }
                keys[slot] = key
                units[slot] = unit
                singles[slot] = entryIndex[ObjectIdentifier(unit)]!
            }
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

    static let byBytes = ByteIndex(
        byName.map { ($0.key, $0.value) }
            + marks.compactMap { mark, name in unit(named: name).map { (mark, $0) } })
}
