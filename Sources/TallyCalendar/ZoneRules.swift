import Glibc
import Synchronization

/// The one owner of the C library's time-zone state.
///
/// glibc answers "what is the offset from UTC at this instant" (`localtime_r`, `tm_gmtoff`) only
/// for the zone named by the process-wide `TZ` variable, read by `tzset`. Changing it
/// (`setenv` + `tzset`) is not thread-safe, and Tally evaluates on a worker thread while a live
/// preview evaluates on another. So every use of `TZ` in the process goes through ``offset(of:at:)``:
/// one lock is held while `TZ` is set to the zone wanted, the offsets are read, and the
/// previous `TZ` is put back, so that between two uses `TZ` is always what the user set.
///
/// Why this is sound: (1) nothing else in Tally reads `TZ` or calls `localtime_r`/`mktime`
/// (today's date for habits and the calculator comes from here too), so no one can observe the
/// temporary value; (2) `gmtime_r` and `timegm`, used for the calendar, read no zone; (3) glibc's
/// `setenv` keeps every string it ever installed alive and, once `TZ` exists, replaces one
/// pointer in the environment array, and `unsetenv` shifts that array in place without freeing
/// it, so a `getenv` of another variable on another thread (readline reading `TERM`) never
/// reads freed memory; (4) once `TZ` is put back, the C library is not asked to read it again
/// (`tzset`) until the next use, which sets and reads `TZ` itself: its state stays at the zone
/// asked for last, where only `localtime_r` would see it (glibc's `localtime`, `mktime` and
/// `strftime` read `TZ` again themselves), and only this type calls `localtime_r`. Reading the
/// user's zone back after every use cost a file read each time; now a zone asked for twice in
/// a row is read once.
public enum ZoneRules {
    struct State {
        /// Zone names by ``Zone`` index; `UTC` is the first, so ``Zone/utc`` is index 0.
        var names = ["UTC"]
        var indexByName = ["UTC": 0]
        /// Names already looked for and not found in the database.
        var unknown: Set<String> = []
        /// Every zone name in the database, read once for completion.
        var allNames: [String]?
        /// The offsets read so far, by zone and block (``offset(of:at:)``).
        var spans: [Int: [Span]] = [:]
        /// The key and spans asked for last: a line asks about one zone and block several
        /// times (resolving a wall time, then showing it).
        var lastKey = -1
        var lastSpans: [Span] = []
        /// What was read of each named zone's file, by the index of its name (nil for `UTC`
        /// and for files not read: then its offsets are sampled, ``sampledSpans(from:to:)``).
        var files: [ZoneFile?] = [nil]
        /// Where in its UTC year each zone's footer rule changed the offset in the year read
        /// last, by the index of its name (``ruleYear(from:to:hint:)``).
        var ruleHints: [Int: [Int]] = [:]
    }

    static let state = Mutex(State())

    /// Where the system's tz database lives (Debian's `tzdata`).
    public static let databasePath = "/usr/share/zoneinfo"

    /// The offset east of UTC, in seconds, in force at `seconds` since 1970-01-01 UTC in `zone`.
    ///
    /// Every answer comes from the C library (`localtime_r`'s `tm_gmtoff` for the zone's rules in
    /// the system's tz database); what is kept is only what it said. A zone's offsets are read for
    /// a block of about a year at a time (``spans(of:block:in:)``) and kept, so most conversions
    /// neither set `TZ` nor call the C library: setting `TZ` to another zone makes glibc read and
    /// parse that zone's file again, which cost forty times an arithmetic line.
    public static func offset(of zone: Zone, at seconds: Int) -> Int {
        if let fixed = zone.fixedOffset { return fixed }
        if zone == .utc { return 0 }
        guard cachedSeconds.contains(seconds) else {
            return uncachedOffset(of: zone, at: seconds)
        }
        let block = seconds >> blockShift
        let key = Int(zone.raw) << 32 | Int(UInt32(truncatingIfNeeded: block))
        return state.withLock { state in
            let spans: [Span]
            if key == state.lastKey {
                spans = state.lastSpans
            } else if let known = state.spans[key] {
                spans = known
                state.lastKey = key
                state.lastSpans = known
            } else {
                spans = ZoneRules.spans(of: zone, block: block, in: &state)
                if state.spans.count >= 100_000 { state.spans.removeAll(keepingCapacity: true) }
                state.spans[key] = spans
            }
            var offset = spans[0].offset
            for span in spans.dropFirst() {
                guard span.start <= seconds else { break }
                offset = span.offset
            }
            return offset
        }
    }

    /// The offset `localtime_r` gives at `seconds` in `zone`, asked of the C library each time.
    static func uncachedOffset(of zone: Zone, at seconds: Int) -> Int {
        uncachedOffsets(of: zone, at: [seconds])[0]
    }

    /// The offsets `localtime_r` gives at each of `instants` in `zone`, asked of the C library
    /// with `TZ` set once: the definition ``offset(of:at:)`` keeps, for tests.
    static func uncachedOffsets(of zone: Zone, at instants: [Int]) -> [Int] {
        if let fixed = zone.fixedOffset { return instants.map { _ in fixed } }
        if zone == .utc { return instants.map { _ in 0 } }
        return state.withLock { state in withTZ(of: zone, in: state) { instants.map(libraryOffset(at:)) } }
    }

    /// From `start` on (to the next span, or the end of its block), the zone's offset is `offset`.
    struct Span {
        let start: Int
        let offset: Int
    }

    /// Offsets are kept in blocks of 2^25 seconds (388 days).
    static let blockShift = 25

    /// The instants whose offsets are kept: the supported ones, with a few days to spare.
    static let cachedSeconds =
        (DateTime.supportedSeconds.lowerBound - 4 * 86_400)...(DateTime.supportedSeconds.upperBound + 4 * 86_400)

    /// How far apart the offsets of a block are sampled: two days. Found by bisection between
    /// two samples that differ, a change of offset is found to the second; one is missed only if
    /// a zone changed its offset and changed it back within two days. In the tz database (2025)
    /// the closest two changes of a zone's offset are 3.99 days apart (Africa/Freetown, 1939),
    /// and ``DateTime/resolving(_:_:in:)`` already relies on at most one change in two days.
    static let sampleStep = 2 * 86_400

    /// The spans of offsets the C library gives in the block `block` of `zone` (the caller holds
    /// the lock). Where the zone's file says the offset changes only at its transitions, the C
    /// library is asked at the block's start and at each transition in it; from the start of the
    /// footer's rule on, it is asked year by year with `TZ` set to the rule (ZoneFile.swift says
    /// why both give what `localtime_r` gives on the file; ZoneRules+Rule.swift how a year is
    /// read); without a file read, it is sampled.
    static func spans(of zone: Zone, block: Int, in state: inout State) -> [Span] {
        let start = block << blockShift
        let end = start + (1 << blockShift)
        guard zone.raw > 0, let file = state.files[Int(zone.raw) - 1] else {
            return withTZ(of: zone, in: state) { sampledSpans(from: start, to: end) }
        }
        let ruleStart = file.ruleStart
        var spans: [Span] = []
        if start < ruleStart {
            let upTo = Swift.min(end, ruleStart)
            spans = withTZ(of: zone, in: state) {
                var spans = [Span(start: start, offset: libraryOffset(at: start))]
                // The first transition after `start`.
                var index = 0
                var past = file.transitions.count
                while index < past {
                    let middle = (index + past) / 2
                    if file.transitions[middle] <= start { index = middle + 1 } else { past = middle }
                }
                while index < file.transitions.count, file.transitions[index] < upTo {
                    let offset = libraryOffset(at: file.transitions[index])
                    if offset != spans[spans.count - 1].offset {
                        spans.append(Span(start: file.transitions[index], offset: offset))
                    }
                    index += 1
                }
                return spans
            }
        }
        if end > ruleStart {
            let from = Swift.max(start, ruleStart)
            let later: [Span]
            if let rule = file.rule, file.isStandardTimeOnly {
                later = withTZ(rule) { [Span(start: from, offset: libraryOffset(at: from))] }
            } else if let rule = file.rule {
                let index = Int(zone.raw) - 1
                var hint = state.ruleHints[index] ?? []
                later = withTZ(rule) { ruleSpans(from: from, to: end, hint: &hint) }
                state.ruleHints[index] = hint
            } else {
                later = withTZ(of: zone, in: state) { sampledSpans(from: from, to: end) }
            }
            for span in later where spans.last?.offset != span.offset { spans.append(span) }
        }
        return spans
    }

    /// The spans of offsets the C library gives from `start` to `end` in the zone `TZ` names
    /// now (the caller holds the lock and has set `TZ`), sampled every ``sampleStep``.
    static func sampledSpans(from start: Int, to end: Int) -> [Span] {
        var current = libraryOffset(at: start)
        var spans = [Span(start: start, offset: current)]
        var low = start
        while low < end {
            let next = Swift.min(low + sampleStep, end)
            if libraryOffset(at: next) == current {
                low = next
                continue
            }
            let change = firstChange(after: low, before: next, from: current)
            spans.append(change)
            current = change.offset
            low = change.start
        }
        return spans
    }

    /// The first second after `low` (whose offset is `offset`) and at or before `high` (whose
    /// offset is not) where the offset is not `offset`, with the offset there.
    static func firstChange(after low: Int, before high: Int, from offset: Int) -> Span {
        var low = low
        var high = high
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if libraryOffset(at: middle) == offset { low = middle } else { high = middle }
        }
        return Span(start: high, offset: libraryOffset(at: high))
    }

    /// `localtime_r`'s offset at `seconds` for the zone `TZ` names now.
    static func libraryOffset(at seconds: Int) -> Int {
        var instant = time_t(seconds)
        var fields = tm()
        guard localtime_r(&instant, &fields) != nil else { return 0 }
        return Int(fields.tm_gmtoff)
    }

    /// Runs `body` with `TZ` naming `zone` (the caller holds the lock on `state`), then puts `TZ`
    /// back, so that between two uses `TZ` is always what the user set.
    private static func withTZ<Result>(of zone: Zone, in state: borrowing State, _ body: () -> Result) -> Result {
        guard zone.raw > 0 else {
            // The local zone: `TZ` is already the user's; tzset reads it if it is not the zone
            // read last.
            tzset()
            return body()
        }
        return withTZ(":" + databasePath + "/" + state.names[Int(zone.raw) - 1], body)
    }

    /// Runs `body` with `TZ` set to `value` (the caller holds the lock on `state`), then puts
    /// `TZ` back, leaving the C library's state at `value` (point 4 above): `tzset` reads a zone
    /// again only when `TZ` differs from the value it read last.
    private static func withTZ<Result>(_ value: String, _ body: () -> Result) -> Result {
        let previous = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", value, 1)
        tzset()
        defer {
            if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
        }
        return body()
    }

    /// The zone named `name` if the database has it: `UTC`, or a file under ``databasePath``
    /// that is a TZif file.
    static func zone(named name: String) -> Zone? {
        state.withLock { state in
            if let index = state.indexByName[name] { return Zone(raw: Int32(index + 1)) }
            if state.unknown.contains(name) { return nil }
            guard isPlausibleName(name), isZoneFile(databasePath + "/" + name) else {
                if state.unknown.count < 10_000 { state.unknown.insert(name) }
                return nil
            }
            state.names.append(name)
            state.files.append(ZoneFile.read(databasePath + "/" + name))
            state.indexByName[name] = state.names.count - 1
            return Zone(raw: Int32(state.names.count))
        }
    }

    static func name(of zone: Zone) -> String {
        state.withLock { $0.names[Int(zone.raw) - 1] }
    }

    /// Letters, digits, `_`, `+`, `-` in parts separated by single `/`; no part starts with `.`
    /// (so no `..` leaves the database).
    static func isPlausibleName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 64 else { return false }
        for part in name.split(separator: "/", omittingEmptySubsequences: false) {
            guard let first = part.utf8.first, first != UInt8(ascii: "."), first != UInt8(ascii: "-") else {
                return false
            }
            for byte in part.utf8 {
                guard
                    isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+")
                        || byte == UInt8(ascii: "-")
                else { return false }
            }
        }
        return true
    }

    /// Whether `name` has the shape of a tz database name, so that a name of that shape the
    /// database lacks is a mistyped zone: parts separated by `/`, each a capitalised word of at
    /// least three characters with a lower-case letter (`Europe/Pari`, `America/New_Yrok`) —
    /// which units written with `/` (`km/h`, `J/K`, `MB/s`) never are.
    public static func looksLikeZoneName(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return false }
        return parts.allSatisfy { part in
            guard let first = part.utf8.first, first &- UInt8(ascii: "A") < 26, part.utf8.count >= 3 else {
                return false
            }
            return part.utf8.contains { $0 &- UInt8(ascii: "a") < 26 }
        }
    }

    /// Whether `path` is a regular file that starts as a TZif file does (RFC 8536).
    static func isZoneFile(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        // Debian links many zones (`UTC` → `Etc/UTC`); follow a link only by reopening.
        let file = descriptor >= 0 ? descriptor : open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        var magic = [UInt8](repeating: 0, count: 4)
        guard read(file, &magic, 4) == 4 else { return false }
        return magic == Array("TZif".utf8)
    }

    /// Every zone name of the database (`Africa/Abidjan` … `Zulu`), sorted, for completion:
    /// the files under ``databasePath`` that are TZif files, without the `posix/` and `right/`
    /// copies.
    public static var allNames: [String] {
        if let names = state.withLock({ $0.allNames }) { return names }
        var found: [String] = []
        collect(directory: databasePath, prefix: "", into: &found, depth: 0)
        found.sort()
        state.withLock { $0.allNames = found }
        return found
    }

    private static func collect(directory: String, prefix: String, into found: inout [String], depth: Int) {
        guard depth < 4, let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard let first = name.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"),
                isPlausibleName(name)
            else { continue }
            let path = directory + "/" + name
            var status = stat()
            guard stat(path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                collect(directory: path, prefix: prefix + name + "/", into: &found, depth: depth + 1)
            } else if isZoneFile(path) {
                found.append(prefix + name)
            }
        }
    }

    @inline(__always)
    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (byte &- UInt8(ascii: "0")) < 10 || ((byte | 0x20) &- UInt8(ascii: "a")) < 26
    }
}
