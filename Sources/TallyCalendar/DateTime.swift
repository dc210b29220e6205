/// An instant with the zone its wall clock is read in: `2026-12-25T14:30:00+01:00`.
///
/// The instant is whole seconds since 1970-01-01 UTC (Unix time, leap seconds not counted);
/// the zone decides only how it is shown and how calendar days and months are added.
public struct DateTime: Sendable, Hashable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let seconds: Int
    /// Where its wall clock is read.
    public let zone: Zone

    public init(seconds: Int, zone: Zone) {
        self.seconds = seconds
        self.zone = zone
    }

    /// The instants from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z (a zone far from UTC may
    /// show the first or last of them in the year 0 or 10000).
    public static let supportedSeconds: ClosedRange<Int> = {
        let days = CivilDate.supportedDayNumbers
        return (days.lowerBound * 86_400)...(days.upperBound * 86_400 + 86_399)
    }()

    /// Whether the instant lies where every zone shows a supported date.
    public var isSupported: Bool { DateTime.supportedSeconds.contains(seconds) }

    /// The offset from UTC in force at this instant in its zone, in seconds east.
    public var offset: Int {
        ZoneRules.offset(of: zone, at: seconds)
    }

    /// The date and time of day its zone's wall clock shows, and the offset in force.
    public var wall: (date: CivilDate, time: TimeOfDay, offset: Int) {
        let offset = self.offset
        let local = seconds + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return (CivilDate(daysSinceEpoch: days), TimeOfDay(secondsSinceMidnight: local - days * 86_400), offset)
    }

    /// The same instant, read in `zone`.
    public func converted(to zone: Zone) -> DateTime {
        DateTime(seconds: seconds, zone: zone)
    }

    /// The instant whose wall clock in `zone` shows `date` at `time`.
    ///
    /// Where the clock jumps forward (a daylight-saving gap: 02:30 does not happen on the night
    /// it goes from 02:00 to 03:00) the time is read with the offset in force before the jump,
    /// which lands as far past the jump as it was written past its start (03:30); where the
    /// clock goes back (an overlap: 02:30 happens twice) the earlier of the two is meant. This is
    /// Python's `zoneinfo` with `fold=0`, java.time's `ZonedDateTime.of`, and the "compatible"
    /// choice of JavaScript's Temporal and RFC 5545.
    public static func resolving(_ date: CivilDate, _ time: TimeOfDay, in zone: Zone) -> DateTime {
        let wall = date.daysSinceEpoch * 86_400 + time.secondsSinceMidnight
        if let fixed = zone.fixedOffset { return DateTime(seconds: wall - fixed, zone: zone) }
        if zone == .utc { return DateTime(seconds: wall, zone: zone) }
        // The offsets a day either side: every zone changes its offset at most once in two
        // days, so the instant is `wall − o` for one of them that is in force then.
        let before = ZoneRules.offset(of: zone, at: wall - 86_400)
        let after = ZoneRules.offset(of: zone, at: wall + 86_400)
        var seconds = wall - before
        if ZoneRules.offset(of: zone, at: wall - before) != before {
            // Not in force before: `wall − after` if that is, else a gap, read with the offset
            // before it.
            if ZoneRules.offset(of: zone, at: wall - after) == after { seconds = wall - after }
        } else if after != before, ZoneRules.offset(of: zone, at: wall - after) == after {
            // An overlap: the earlier of the two.
            seconds = Swift.min(seconds, wall - after)
        }
        return DateTime(seconds: seconds, zone: zone)
    }

    /// `2026-12-25T14:30:00+01:00`: ISO 8601 with the offset, `Z` for UTC; in a zone of the tz
    /// database other than UTC, its name after a space (`2026-12-25T17:00:00+09:00 Asia/Seoul`).
    /// Reads back as the same instant in the same zone.
    public var description: String {
        let (date, time, offset) = wall
        let text: String
        let (year, month, day) = date.components
        if (0...9999).contains(year) {
            // Written in place, up to 28 bytes: a date-time is printed on every line that shows one.
            let (hour, minute, second) = time.components
            let isZ = zone.isUTC && offset == 0
            let size = abs(offset)
            text = String(unsafeUninitializedCapacity: 28) { buffer in
                CivilDate.write(year, digits: 4, into: buffer, at: 0)
                buffer[4] = UInt8(ascii: "-")
                CivilDate.write(month, digits: 2, into: buffer, at: 5)
                buffer[7] = UInt8(ascii: "-")
                CivilDate.write(day, digits: 2, into: buffer, at: 8)
                buffer[10] = UInt8(ascii: "T")
                CivilDate.write(hour, digits: 2, into: buffer, at: 11)
                buffer[13] = UInt8(ascii: ":")
                CivilDate.write(minute, digits: 2, into: buffer, at: 14)
                buffer[16] = UInt8(ascii: ":")
                CivilDate.write(second, digits: 2, into: buffer, at: 17)
                if isZ {
                    buffer[19] = UInt8(ascii: "Z")
                    return 20
                }
                buffer[19] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                CivilDate.write(size / 3600, digits: 2, into: buffer, at: 20)
                buffer[22] = UInt8(ascii: ":")
                CivilDate.write(size / 60 % 60, digits: 2, into: buffer, at: 23)
                guard size % 60 != 0 else { return 25 }
                buffer[25] = UInt8(ascii: ":")
                CivilDate.write(size % 60, digits: 2, into: buffer, at: 26)
                return 28
            }
        } else {
            text = date.description + "T" + time.description + DateTime.offsetText(offset, isUTC: zone.isUTC)
        }
        guard zone.raw > 0, !zone.isUTC, let name = zone.name else { return text }
        var named = text
        named.reserveCapacity(text.utf8.count + 1 + name.utf8.count)
        named.append(" ")
        named.append(name)
        return named
    }

    /// `+01:00`, `-03:30`, `+05:45:30` (a few zones had seconds before 1972), or `Z`.
    static func offsetText(_ offset: Int, isUTC: Bool) -> String {
        if isUTC && offset == 0 { return "Z" }
        let sign = offset < 0 ? "-" : "+"
        let size = abs(offset)
        var text = sign + CivilDate.padded(size / 3600, to: 2) + ":" + CivilDate.padded(size / 60 % 60, to: 2)
        if size % 60 != 0 { text += ":" + CivilDate.padded(size % 60, to: 2) }
        return text
    }
}
