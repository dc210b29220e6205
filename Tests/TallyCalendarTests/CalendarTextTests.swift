import Testing

@testable import TallyCalendar

/// `CalendarText.scan` reads plain dates by a short path (`plainDate`); whatever follows the
/// date, it must read exactly what the reader of every shape reads: the same literal and end,
/// or the same error.
@Suite struct CalendarTextTests {
    enum Outcome: Equatable {
        case literal(CalendarLiteral, Int)
        case none
        case error(CalendarParseError)
    }

    func outcome(
        _ text: String, _ read: (UnsafeBufferPointer<UInt8>) throws(CalendarParseError) -> (CalendarLiteral, Int)?
    )
        -> Outcome
    {
        var text = text
        return text.withUTF8 { bytes in
            do throws(CalendarParseError) {
                guard let (literal, end) = try read(bytes) else { return .none }
                return .literal(literal, end)
            } catch {
                return .error(error)
            }
        }
    }

    /// `text` read by `scan` (with its short path) and by the reader of every shape alike.
    func expectSameReading(_ text: String) {
        let fast = outcome(text) { bytes throws(CalendarParseError) in
            try CalendarText.scan(bytes, from: 0).map { ($0.literal, $0.end) }
        }
        let full = outcome(text) { bytes throws(CalendarParseError) in
            try CalendarText.scanEveryShape(bytes, from: 0).map { ($0.literal, $0.end) }
        }
        #expect(fast == full, "\(text)")
    }

    @Test func thePlainDatePathReadsWhatTheFullReaderReads() {
        let dates = [
            "2026-12-25", "2024-02-29", "2025-02-29", "2026-13-01", "2026-00-10", "0000-01-01", "9999-12-31",
            "2026-04-31", "2026-1a-01", "2026-12-2", "1970-01-01", "0001-01-01",
        ]
        let tails = [
            "", " ", "  + 3 days", " - 2026-01-01", "T14:30", "T", " 14:30", "\t09:00 Europe/Paris", " 09:00",
            " Europe/Paris", " UTC", " to weekday", ")", ",", "x", "_", ".5", ":30", "é", " 5", " 12:", "-1", "+1",
            "  ", " (", " Z", "Z", " z", "\t\t", " 2", " 23:59:59Z",
        ]
        var compared = 0
        for date in dates {
            for tail in tails {
                let text = date + tail
                expectSameReading(text)
                compared += 1
            }
        }
        #expect(compared == dates.count * tails.count)
        // The short path is taken where it should be, and only there.
        var plain = "2026-12-25 + 1"
        #expect(plain.withUTF8 { CalendarText.plainDate($0, at: 0) } != nil)
        var timed = "2026-12-25 14:30"
        #expect(timed.withUTF8 { CalendarText.plainDate($0, at: 0) } == nil)
    }

    @Test func randomTextAroundDatesIsReadTheSameWay() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "2026", "-", "12", "25", " ", "T", ":", "0", "9", "Z", "+", "A", "a", "\t", ".", "30", "Europe/Paris",
        ]
        for _ in 0..<20_000 {
            var text = "2026-12-25"
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                text += pieces.randomElement(using: &generator)!
            }
            expectSameReading(text)
        }
    }
}
