import Glibc

/// A zone's file in the tz database (RFC 8536, the TZif format), read as glibc's `localtime_r`
/// reads it (tzfile.c, `__tzfile_compute`), so that Tally gives the offsets the C library gives
/// without asking it (and without the process-wide `TZ` it would need): before the first
/// transition, the first standard-time type's offset; from one transition to the next, the
/// offset of the type the transition names; from the last transition on, the footer's POSIX
/// rule (``ZoneRule``) when there is one, and the last type's offset otherwise. `ZoneFileTests`
/// holds this to `localtime_r` on the zone's own file for every zone of the database.
final class ZoneFile: Sendable {
    /// The transitions, in seconds since 1970-01-01 UTC, ascending.
    let transitions: [Int]
    /// The offset east of UTC from each transition on (to the next one).
    let offsets: [Int]
    /// The offset before the first transition (and everywhere without one).
    let initialOffset: Int
    /// The footer's rule, which applies from the last transition on; nil without one (or one
    /// that is not a rule Tally reads, which the file then does not count as read).
    let rule: ZoneRule?

    /// The offset east of UTC at `seconds` since 1970-01-01 UTC.
    func offset(at seconds: Int) -> Int {
        var year = ZoneRule.Year()
        return offset(at: seconds, year: &year)
    }

    /// The offset east of UTC at `seconds`, keeping the rule's last year in `year`.
    func offset(at seconds: Int, year: inout ZoneRule.Year) -> Int {
        guard let last = transitions.last, seconds >= transitions[0] else { return initialOffset }
        if seconds >= last { return rule?.offset(at: seconds, year: &year) ?? offsets[offsets.count - 1] }
        // The last transition at or before `seconds`.
        var low = 0
        var high = transitions.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if transitions[middle] <= seconds { low = middle } else { high = middle }
        }
        return offsets[low]
    }

    /// The file at `path`, read whole (zone files are a few kilobytes; more than a megabyte is
    /// not a zone file). Nil when it is not a TZif file or not one read here: version 1 only
    /// (no footer, 32-bit times), leap seconds (the `right/` zones), or damaged.
    static func read(_ path: String) -> ZoneFile? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        guard bytes.count <= 1 << 20 else { return nil }
        return ZoneFile(bytes)
    }

    init?(_ bytes: [UInt8]) {
        func integer(at position: Int, size: Int) -> Int? {
            guard position >= 0, position + size <= bytes.count else { return nil }
            var value: UInt64 = 0
            for index in position..<position + size { value = value << 8 | UInt64(bytes[index]) }
            return size == 8 ? Int(Int64(bitPattern: value)) : Int(value)
        }
        guard bytes.count >= 44, bytes[0..<4].elementsEqual("TZif".utf8), bytes[4] >= UInt8(ascii: "2") else {
            return nil
        }
        // The six counts of a header: UT/local, standard/wall, leap seconds, transitions,
        // local time types, characters of abbreviations.
        func counts(at header: Int) -> [Int]? {
            let values = (0..<6).compactMap { integer(at: header + 20 + 4 * $0, size: 4) }
            return values.count == 6 && values.allSatisfy({ $0 <= 1 << 20 }) ? values : nil
        }
        guard let first = counts(at: 0) else { return nil }
        let firstSize = first[3] * 5 + first[4] * 6 + first[5] + first[2] * 8 + first[1] + first[0]
        let header = 44 + firstSize
        guard let second = counts(at: header), second[2] == 0 else { return nil }
        let count = second[3]
        let typeCount = second[4]
        guard typeCount >= 1 else { return nil }
        var transitions: [Int] = []
        transitions.reserveCapacity(count)
        for index in 0..<count {
            guard let instant = integer(at: header + 44 + 8 * index, size: 8),
                transitions.last.map({ $0 < instant }) ?? true
            else { return nil }
            transitions.append(instant)
        }
        // Each local time type: its offset (4 bytes, signed), whether it is daylight time, and
        // where its abbreviation starts.
        let types = header + 44 + count * 9
        var typeOffsets: [Int] = []
        var isDaylight: [Bool] = []
        for index in 0..<typeCount {
            guard let raw = integer(at: types + 6 * index, size: 4),
                let flag = integer(at: types + 6 * index + 4, size: 1)
            else { return nil }
            typeOffsets.append(Int(Int32(truncatingIfNeeded: raw)))
            isDaylight.append(flag != 0)
        }
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for index in 0..<count {
            guard let type = integer(at: header + 44 + 8 * count + index, size: 1), type < typeCount else { return nil }
            offsets.append(typeOffsets[type])
        }
        let footer = types + typeCount * 6 + second[5] + second[1] + second[0]
        guard footer < bytes.count, bytes[footer] == UInt8(ascii: "\n"),
            let close = bytes[(footer + 1)...].firstIndex(of: UInt8(ascii: "\n"))
        else { return nil }
        let text = String(decoding: bytes[(footer + 1)..<close], as: UTF8.self)
        var rule: ZoneRule?
        if !text.isEmpty {
            guard let parsed = ZoneRule(text) else { return nil }
            rule = parsed
        }
        self.transitions = transitions
        self.offsets = offsets
        self.rule = rule
        // glibc: the first type that is not daylight time, or the first type.
        initialOffset = typeOffsets[isDaylight.firstIndex(of: false) ?? 0]
    }
}
