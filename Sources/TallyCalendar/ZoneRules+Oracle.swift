import Glibc
import Synchronization

extension ZoneRules {
    /// The offset `localtime_r` gives at `seconds` in `zone` (``uncachedOffsets(of:at:)``).
    static func uncachedOffset(of zone: Zone, at seconds: Int) -> Int {
        uncachedOffsets(of: zone, at: [seconds])[0]
    }

    /// The offsets glibc's `localtime_r` gives at each of `instants` in `zone`, with `TZ` set to
    /// the zone's file for the call: the oracle the tests hold ``offset(of:at:)`` to. Tally
    /// itself never calls it, so it never sets `TZ`; the lock keeps two tests from setting it at
    /// once.
    static func uncachedOffsets(of zone: Zone, at instants: [Int]) -> [Int] {
        if let fixed = zone.fixedOffset { return instants.map { _ in fixed } }
        if zone == .utc { return instants.map { _ in 0 } }
        return libraryOffsets(withTZ: zone == .local ? nil : ":" + databasePath + "/" + name(of: zone), at: instants)
    }

    /// The offsets `localtime_r` gives at each of `instants` with `TZ` set to `value` (as the
    /// user set it for nil), for the tests only.
    static func libraryOffsets(withTZ value: String?, at instants: [Int]) -> [Int] {
        oracleLock.withLock { _ in
            let previous = getenv("TZ").map { String(cString: $0) }
            if let value { setenv("TZ", value, 1) }
            tzset()
            defer {
                if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
                tzset()
            }
            return instants.map { seconds in
                var instant = time_t(seconds)
                var fields = tm()
                guard localtime_r(&instant, &fields) != nil else { return 0 }
                return Int(fields.tm_gmtoff)
            }
        }
    }

    private static let oracleLock = Mutex(())
}
