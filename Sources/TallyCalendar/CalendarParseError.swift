/// Why text of the shape of a date or time is not one, and which bytes are at fault.
public struct CalendarParseError: Error, Sendable, Equatable {
    /// One sentence for a person, lower-case first word, no final period.
    public let message: String
    /// The bytes at fault: 0-based UTF-8 offsets into the text that was read, end excluded.
    public let start: Int
    public let end: Int
    /// Whether the text could also be read as arithmetic (`2026-1-5`): the message names both
    /// readings.
    public let isAmbiguous: Bool

    public init(_ message: String, start: Int, end: Int, isAmbiguous: Bool = false) {
        self.message = message
        self.start = start
        self.end = end
        self.isAmbiguous = isAmbiguous
    }
}
