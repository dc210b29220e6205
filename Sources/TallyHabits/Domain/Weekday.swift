/// A day of the week, counted from Monday as ISO 8601 does (and as the heatmap's rows run).
public enum Weekday: Int, Sendable, CaseIterable, Comparable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The English three-letter name: "Mon".
    public var abbreviation: String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][rawValue]
    }

    /// The weekday named `name` (lower case): `mon` or `monday`, and so on.
    public init?(name: String) {
        for day in Weekday.allCases {
            let full = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][day.rawValue]
            if name == full || name == full.prefix(3) {
                self = day
                return
            }
        }
        return nil
    }

    /// Whether `lhs` comes earlier in the week.
    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
