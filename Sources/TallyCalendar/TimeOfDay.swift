/// A time of day on a 24-hour clock, to the second, with no date and no time zone: `14:30`.
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since midnight, 0 to 86,399.
    public let secondsSinceMidnight: Int

    /// The time `seconds` after midnight, which must be less than a day.
    public init(secondsSinceMidnight seconds: Int) {
        precondition((0..<86_400).contains(seconds), "a time of day is less than a day after midnight")
        secondsSinceMidnight = seconds
    }

    /// The time with this hour (0–23), minute and second (0–59), or nil when there is none.
    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.init(secondsSinceMidnight: hour * 3600 + minute * 60 + second)
    }

    /// Midnight, 00:00:00.
    public static let midnight = TimeOfDay(secondsSinceMidnight: 0)

    /// The hour, minute and second.
    public var components: (hour: Int, minute: Int, second: Int) {
        (secondsSinceMidnight / 3600, secondsSinceMidnight / 60 % 60, secondsSinceMidnight % 60)
    }

    /// `HH:MM:SS`, the ISO 8601 form.
    public var description: String {
        let (hour, minute, second) = components
        return String(unsafeUninitializedCapacity: 8) { buffer in
            CivilDate.write(hour, digits: 2, into: buffer, at: 0)
            buffer[2] = UInt8(ascii: ":")
            CivilDate.write(minute, digits: 2, into: buffer, at: 3)
            buffer[5] = UInt8(ascii: ":")
            CivilDate.write(second, digits: 2, into: buffer, at: 6)
            return 8
        }
    }

    /// Whether `lhs` is earlier in the day than `rhs`.
    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.secondsSinceMidnight < rhs.secondsSinceMidnight
    }
}
