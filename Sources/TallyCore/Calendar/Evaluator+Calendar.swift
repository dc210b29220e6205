import TallyCalendar
import TallyDiagnostics

/// Arithmetic and comparison with dates and times (docs/language.md, "Dates and times").
///
/// A duration is a quantity of time. `day` and `week` (whole numbers of them) and `month` and
/// `year` (whole numbers only) move along the calendar: a date-time keeps its wall-clock time
/// across a daylight-saving change, and a month keeps the day of the month or falls back to the
/// month's last day. Every other duration (`3 h`, `90 min`, `1.5 day`) is elapsed time, to the
/// whole second. This is the rule of JavaScript's Temporal and of java.time's `plusDays` and
/// `plusHours`.
extension Evaluator {
    /// How a duration moves a date or date-time.
    enum CalendarStep {
        case months(Int)
        case days(Int)
        case seconds(Int)
    }

    /// A binary operation with at least one calendar operand.
    @inline(never)
    func applyCalendar(_ operation: BinaryOperator, _ lhs: Operand, _ rhs: Operand, operatorSpan: SourceSpan)
        throws(Diagnostic) -> Value
    {
        let span = lhs.span.union(rhs.span)
        switch (operation, lhs.value.kind, rhs.value.kind) {
        case (.add, .calendar(let value), .quantity), (.subtract, .calendar(let value), .quantity):
            let step = try calendarStep(rhs, negated: operation == .subtract)
            return .calendar(try shifted(value, by: step, at: span, valueSpan: lhs.span, stepSpan: rhs.span))
        case (.add, .quantity, .calendar(let value)):
            let step = try calendarStep(lhs, negated: false)
            return .calendar(try shifted(value, by: step, at: span, valueSpan: rhs.span, stepSpan: lhs.span))
        case (.add, .calendar(.date(let date)), .calendar(.time(let time))),
            (.add, .calendar(.time(let time)), .calendar(.date(let date))):
            let dateTime = DateTime.resolving(date, time, in: .local)
            guard dateTime.isSupported else { throw .dateOutOfRange(at: span) }
            return .calendar(.dateTime(dateTime))
        case (.add, .calendar(let value), .calendar(.period(let period))),
            (.add, .calendar(.period(let period)), .calendar(let value)):
            return .calendar(try shifted(value, by: period, sign: 1, at: span))
        case (.subtract, .calendar(let value), .calendar(.period(let period))):
            return .calendar(try shifted(value, by: period, sign: -1, at: span))
        case (.subtract, .calendar(.date(let later)), .calendar(.date(let earlier))):
            return .quantity(.number(Number(later.days(since: earlier))), Evaluator.dayUnit)
        case (.subtract, .calendar(.dateTime(let later)), .calendar(.dateTime(let earlier))):
            return Evaluator.duration(seconds: later.seconds - earlier.seconds)
        case (.subtract, .calendar(.time(let later)), .calendar(.time(let earlier))):
            return Evaluator.duration(seconds: later.secondsSinceMidnight - earlier.secondsSinceMidnight)
        case (.add, .calendar(let value), .number), (.subtract, .calendar(let value), .number),
            (.add, .calendar(let value), .real), (.subtract, .calendar(let value), .real):
            throw .plainNumberOnDate(operation, value.described, at: rhs.span)
        default:
            throw .noCalendarMeaning(
                operation.rawValue, Evaluator.described(lhs.value), Evaluator.described(rhs.value), at: operatorSpan)
        }
    }

    /// Whether `lhs comparison rhs` holds for two values of the same calendar kind: dates by
    /// day, date-times by instant (whatever their zones), times of day by the clock.
    func compareCalendar(_ comparison: Comparison, _ lhs: Operand, _ rhs: Operand) throws(Diagnostic) -> Bool {
        let order: Int
        switch (lhs.value.kind, rhs.value.kind) {
        case (.calendar(.date(let x)), .calendar(.date(let y))):
            order = x.daysSinceEpoch < y.daysSinceEpoch ? -1 : (x == y ? 0 : 1)
        case (.calendar(.dateTime(let x)), .calendar(.dateTime(let y))):
            order = x.seconds < y.seconds ? -1 : (x.seconds == y.seconds ? 0 : 1)
        case (.calendar(.time(let x)), .calendar(.time(let y))):
            order = x < y ? -1 : (x == y ? 0 : 1)
        default:
            throw .cannotCompareCalendar(
                Evaluator.described(lhs.value), Evaluator.described(rhs.value), at: lhs.span.union(rhs.span))
        }
        return comparison.holds(forOrder: order)
    }

    /// How the quantity `operand` moves a date (negated for subtraction).
    func calendarStep(_ operand: Operand, negated: Bool) throws(Diagnostic) -> CalendarStep {
        guard case .quantity(let quantity) = operand.value.kind, quantity.dimension == Evaluator.dayUnit.dimension
        else {
            throw .notADuration(Evaluator.described(operand.value), at: operand.span)
        }
        let sign = negated ? -1 : 1
        if quantity.unit.isSingle {
            // The table makes each unit once: the calendar's are known by identity.
            let unit = quantity.unit.factors[0].unit
            let count = quantity.magnitude.number.flatMap { $0.isInteger ? $0.intValue : nil }
            if unit === UnitTable.calendarUnits.month || unit === UnitTable.calendarUnits.year {
                guard let count, abs(count) <= 120_000 else {
                    throw Evaluator.partCalendarUnit(quantity.magnitude, unit, negated: negated, at: operand.span)
                }
                return .months(sign * count * (unit === UnitTable.calendarUnits.year ? 12 : 1))
            }
            if unit === UnitTable.calendarUnits.day || unit === UnitTable.calendarUnits.week, let count,
                abs(count) <= 4_000_000
            {
                return .days(sign * count * (unit === UnitTable.calendarUnits.week ? 7 : 1))
            }
        }
        // Elapsed time, to the whole second.
        let seconds = try converted(quantity.magnitude, from: quantity.unit, to: Evaluator.secondUnit, at: operand.span)
        guard let exact = seconds.number, exact.isInteger, let whole = exact.intValue, abs(whole) <= 400_000_000_000
        else {
            throw .partSeconds(
                formatter.format(operand.value).text, is: formatter.format(seconds).text, at: operand.span)
        }
        return .seconds(sign * whole)
    }

    /// `value` moved by `step`.
    func shifted(
        _ value: CalendarValue, by step: CalendarStep, at span: SourceSpan, valueSpan: SourceSpan, stepSpan: SourceSpan
    )
        throws(Diagnostic) -> CalendarValue
    {
        switch (value, step) {
        case (.date(let date), .days(let days)):
            guard let moved = date.adding(days: days) else { throw .dateOutOfRange(at: span) }
            return .date(moved)
        case (.date(let date), .months(let months)):
            guard let moved = date.adding(months: months) else { throw .dateOutOfRange(at: span) }
            return .date(moved)
        case (.date(let date), .seconds):
            throw .dateHasNoTime(date, at: stepSpan)
        case (.dateTime(let dateTime), .seconds(let seconds)):
            let moved = DateTime(seconds: dateTime.seconds + seconds, zone: dateTime.zone)
            guard moved.isSupported else { throw .dateOutOfRange(at: span) }
            return .dateTime(moved)
        case (.dateTime(let dateTime), .days(let days)):
            let wall = dateTime.wall
            guard let date = wall.date.adding(days: days) else { throw .dateOutOfRange(at: span) }
            return .dateTime(try supported(DateTime.resolving(date, wall.time, in: dateTime.zone), at: span))
        case (.dateTime(let dateTime), .months(let months)):
            let wall = dateTime.wall
            guard let date = wall.date.adding(months: months) else { throw .dateOutOfRange(at: span) }
            return .dateTime(try supported(DateTime.resolving(date, wall.time, in: dateTime.zone), at: span))
        case (.time(let time), .seconds(let seconds)):
            // A clock face: past midnight it goes round (23:00 + 2 h is 01:00).
            let moved = ((time.secondsSinceMidnight + seconds) % 86_400 + 86_400) % 86_400
            return .time(TimeOfDay(secondsSinceMidnight: moved))
        case (.time, _):
            throw .timeMovesByTime(at: stepSpan)
        case (.period, _):
            throw .periodDoesNotAdd(at: valueSpan)
        }
    }

    /// `value` moved by whole years and months, then days, as `relativedelta` adds.
    func shifted(_ value: CalendarValue, by period: CalendarPeriod, sign: Int, at span: SourceSpan) throws(Diagnostic)
        -> CalendarValue
    {
        var moved = try shifted(
            value, by: .months(sign * period.totalMonths), at: span, valueSpan: span, stepSpan: span)
        moved = try shifted(moved, by: .days(sign * Int(period.days)), at: span, valueSpan: span, stepSpan: span)
        return moved
    }

    func supported(_ dateTime: DateTime, at span: SourceSpan) throws(Diagnostic) -> DateTime {
        guard dateTime.isSupported else { throw .dateOutOfRange(at: span) }
        return dateTime
    }

    /// An exact duration in the largest of day, h, min and s that counts it whole.
    static func duration(seconds: Int) -> Value {
        for unit in [dayUnit, hourUnit, minuteUnit] {
            guard let factor = unit.factor.number?.intValue, seconds % factor == 0 else { continue }
            return .quantity(.number(Number(seconds / factor)), unit)
        }
        return .quantity(.number(Number(seconds)), secondUnit)
    }

    /// `+ 2.25 months`: a calendar unit that is not a whole number of itself, with what to write
    /// instead — the whole part and then the rest in days of a mean month (30.436875 days) or
    /// year (365.2425), each added (or subtracted) in turn, so that following the hint works
    /// (`+ 2 months + 8 days`; a sum in parentheses would be 2.26 months again).
    static func partCalendarUnit(_ magnitude: Value, _ unit: PhysicalUnit, negated: Bool, at span: SourceSpan)
        -> Diagnostic
    {
        guard let number = magnitude.number, !number.isInteger, let whole = number.truncated.intValue,
            abs(whole) <= 120_000
        else { return .partCalendarUnit(unit.symbol, steps: nil, at: span) }
        let isYear = unit === UnitTable.calendarUnits.year
        let meanDays = Number(numerator: isYear ? 3_652_425 : 30_436_875, denominator: isYear ? 10_000 : 1_000_000)
        let days = ((number - number.truncated) * meanDays).rounded().intValue ?? 0
        let backwards = (number.signum < 0) != negated
        let step = backwards ? "- " : "+ "
        var steps: [String] = []
        if whole != 0 { steps.append(step + "\(abs(whole)) \(unit.symbol)" + (abs(whole) == 1 ? "" : "s")) }
        if days != 0 { steps.append(step + (abs(days) == 1 ? "1 day" : "\(abs(days)) days")) }
        return .partCalendarUnit(unit.symbol, steps: steps, at: span)
    }

    static func described(_ value: Value) -> String {
        switch value.kind {
        case .calendar(let calendar): return calendar.described
        case .quantity(let quantity): return quantity.described
        case .truth: return "a truth value"
        case .number, .real: return "a plain number"
        }
    }

    static let dayUnit = CompoundUnit(UnitTable.calendarUnits.day)
    static let hourUnit = CompoundUnit(UnitTable.unit(named: "h")!)
    static let minuteUnit = CompoundUnit(UnitTable.unit(named: "min")!)
    static let secondUnit = CompoundUnit(UnitTable.unit(named: "s")!)
}
