import Glibc
import TallyDiagnostics

/// A fixed set of names looked up by their UTF-8 bytes, as the lexer holds them: the parser
/// learns what a name means without making a string of it and hashing that with Swift's
/// seeded hasher, which cost more than the rest of reading a call.
///
/// Open addressing on an FNV-1a hash of the bytes; the names are laid end to end in one
/// array, so a lookup touches no reference counts.
struct NameTable<Value>: Sendable where Value: Sendable {
    /// Where a name's bytes are in ``bytes``, and its value in ``values``.
    private struct Slot: Sendable {
        var start: Int32
        var length: Int32
        var value: Int32
    }

    private let bytes: [UInt8]
    private let values: [Value]
    /// A power of two in size, at most half full; `value` is -1 in an empty slot.
    private let slots: [Slot]

    /// A table of `entries`, whose names must differ.
    init(_ entries: [(name: String, value: Value)]) {
        var size = 8
        while size < 2 * entries.count { size *= 2 }
        var bytes: [UInt8] = []
        var slots = [Slot](repeating: Slot(start: 0, length: 0, value: -1), count: size)
        for (index, entry) in entries.enumerated() {
            let name = Array(entry.name.utf8)
            var slot = Self.hash(name) & (size - 1)
            while slots[slot].value >= 0 {
                let existing = slots[slot]
                precondition(
                    Array(bytes[Int(existing.start)..<Int(existing.start + existing.length)]) != name,
                    "the name '\(entry.name)' is in the table twice")
                slot = (slot + 1) & (size - 1)
            }
            slots[slot] = Slot(start: Int32(bytes.count), length: Int32(name.count), value: Int32(index))
            bytes += name
        }
        self.bytes = bytes
        self.values = entries.map(\.value)
        self.slots = slots
    }

    /// The value of the name spelt by `name`, if the table has it.
    func value(for name: UnsafeBufferPointer<UInt8>) -> Value? {
        if name.isEmpty { return nil }
        var slot = Self.hash(name) & (slots.count - 1)
        return bytes.withUnsafeBufferPointer { stored in
            while true {
                let candidate = slots[slot]
                if candidate.value < 0 { return nil }
                if Int(candidate.length) == name.count,
                    memcmp(stored.baseAddress! + Int(candidate.start), name.baseAddress!, name.count) == 0
                {
                    return values[Int(candidate.value)]
                }
                slot = (slot + 1) & (slots.count - 1)
            }
        }
    }

    @inline(__always)
    private static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
