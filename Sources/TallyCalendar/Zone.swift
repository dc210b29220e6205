/// Where a date-time's wall clock is read: the local zone (`TZ`), a zone of the tz database
/// (`Europe/Paris`, `UTC`), or a fixed offset from UTC (`+01:00`, as an ISO date-time writes).
///
/// A plain 32-bit value, so that a date-time fits where a number does: a named zone is an index
/// into the names ``ZoneRules`` has seen (each name once, for the life of the process).
public struct Zone: Sendable, Hashable {
    /// 0 is the local zone; a positive value is 1 + the index of a name; a negative value is
    /// a fixed offset, `offset − 1,000,000` seconds.
    let raw: Int32

    init(raw: Int32) {
        self.raw = raw
    }

    /// The local zone, as `TZ` (or `/etc/localtime` without it) says.
    public static let local = Zone(raw: 0)

    /// Coordinated Universal Time.
    public static let utc = Zone(raw: 1)

    /// A fixed offset east of UTC in seconds (less than a day either way).
    public static func offset(_ seconds: Int) -> Zone {
        precondition(abs(seconds) < 86_400, "an offset from UTC is less than a day")
        return Zone(raw: Int32(seconds - 1_000_000))
    }

    /// The zone of the tz database called `name` (`Europe/Paris`, `UTC`), or nil when the
    /// system's database has no such zone.
    public static func named(_ name: String) -> Zone? {
        ZoneRules.zone(named: name)
    }

    /// The fixed offset in seconds, when the zone is one.
    public var fixedOffset: Int? {
        raw < 0 ? Int(raw) + 1_000_000 : nil
    }

    /// The tz database name (`Europe/Paris`), nil for the local zone and fixed offsets.
    public var name: String? {
        raw > 0 ? ZoneRules.name(of: self) : nil
    }

    /// Whether this is UTC by name: its date-times are written with `Z`.
    public var isUTC: Bool { self == .utc }
}
