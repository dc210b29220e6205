import Glibc

/// What ``ZoneRules`` reads of a zone's file in the tz database (RFC 8536, the TZif format) to
/// know where to ask the C library: the instants of its transitions and its footer, the POSIX
/// `TZ` string of the rule after them. Never an offset: every offset still comes from
/// `localtime_r`.
///
/// glibc's `localtime_r` answers from a zone file in two ways (tzfile.c, `__tzfile_compute`):
/// before the last transition, the offset is that of the transition before the instant, so it
/// changes only at the file's transitions; from the last transition on, it follows the footer's
/// rule, which glibc parses again on every call (with `sscanf`: 7,000 instructions a call, past
/// 2037 in Debian's files). So ``ZoneRules`` asks about instants before the last transition at
/// the transitions only, and instants after it with `TZ` set to the footer, which glibc parses
/// once and then evaluates as the same rule. Both are checked against `localtime_r` on the
/// zone's file for every zone of the database (`ZoneFileTests`).
struct ZoneFile: Sendable {
    /// The transitions, in seconds since 1970-01-01 UTC, ascending.
    let transitions: [Int]
    /// The footer when the rule after the last transition can be asked with `TZ` set to it:
    /// not empty, and not also the name of a file of the database (glibc reads `TZ` as a file
    /// name first).
    let rule: String?
    /// Whether the file has a footer at all: then glibc follows it from the last transition on,
    /// and without one the offset stays that of the last transition.
    let hasFooter: Bool

    /// Whether the footer's rule is a standard time alone, with no daylight-saving part
    /// (`<+0545>-5:45`, `KST-9`): a name, then an offset, and nothing after it. glibc then gives
    /// the one offset at every instant the rule covers. Read conservatively: anything else
    /// counts as a rule with changes, and is asked year by year.
    var isStandardTimeOnly: Bool {
        guard let rule else { return false }
        var rest = Substring(rule).utf8[...]
        if rest.first == UInt8(ascii: "<") {
            guard let close = rest.firstIndex(of: UInt8(ascii: ">")) else { return false }
            rest = rest[rest.index(after: close)...]
        } else {
            let letters = rest.prefix { ($0 | 0x20) &- UInt8(ascii: "a") < 26 }
            guard letters.count >= 3 else { return false }
            rest = rest.dropFirst(letters.count)
        }
        if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        guard let first = rest.first, first &- UInt8(ascii: "0") < 10 else { return false }
        return rest.allSatisfy { $0 &- UInt8(ascii: "0") < 10 || $0 == UInt8(ascii: ":") }
    }

    /// From here on (the last transition, when a footer rules after it), the offset can change
    /// other than at a transition; `Int.max` when it cannot.
    var ruleStart: Int {
        guard hasFooter, let last = transitions.last else { return Int.max }
        return last
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
        var transitions: [Int] = []
        transitions.reserveCapacity(second[3])
        for index in 0..<second[3] {
            guard let instant = integer(at: header + 44 + 8 * index, size: 8),
                transitions.last.map({ $0 < instant }) ?? true
            else { return nil }
            transitions.append(instant)
        }
        let footer = header + 44 + second[3] * 9 + second[4] * 6 + second[5] + second[1] + second[0]
        guard footer < bytes.count, bytes[footer] == UInt8(ascii: "\n"),
            let close = bytes[(footer + 1)...].firstIndex(of: UInt8(ascii: "\n"))
        else { return nil }
        let text = String(decoding: bytes[(footer + 1)..<close], as: UTF8.self)
        self.transitions = transitions
        hasFooter = !text.isEmpty
        let isPrintable = text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
        rule =
            hasFooter && isPrintable && access(ZoneRules.databasePath + "/" + text, F_OK) != 0 ? text : nil
    }
}
