/// The identity of a habit, which stays the same when the habit is renamed.
///
/// Chosen at random when the habit is created, so the domain needs no store to hand out
/// numbers; 63 random bits make a collision between one person's habits practically impossible.
public struct HabitID: Sendable, Hashable, CustomStringConvertible {
    /// The stored value: always positive, so it fits SQLite's INTEGER PRIMARY KEY.
    public let rawValue: Int64

    /// The identity with this stored value.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// A new identity.
    public static func random() -> HabitID {
        HabitID(rawValue: Int64.random(in: 1...Int64.max))
    }

    /// The stored value as decimal digits.
    public var description: String { String(rawValue) }
}
