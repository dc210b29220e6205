import TallyCalendar
import TallyDiagnostics

extension Evaluator {
    /// `value to ZONE`: the same instant read in `zone`; a date is taken at its midnight in the
    /// local zone.
    func convertCalendar(_ value: Value, valueSpan: SourceSpan, to zone: Zone, conversion: Conversion)
        throws(Diagnostic) -> Value
    {
        switch value.kind {
        case .calendar(.dateTime(let dateTime)):
            return .calendar(.dateTime(dateTime.converted(to: zone)))
        case .calendar(.date(let date)):
            let start = DateTime.resolving(date, .midnight, in: .local)
            return .calendar(.dateTime(start.converted(to: zone)))
        default:
            throw .noZoneToConvert(Evaluator.described(value), at: valueSpan)
        }
    }
}

extension ConversionFormatter {
    /// A calendar value in the form `target` asks: `to weekday`, `to unix`; an error for forms
    /// of numbers.
    func formatCalendar(_ value: CalendarValue, as target: ConversionTarget, valueSpan: SourceSpan)
        throws(Diagnostic) -> ValueFormatter.Output
    {
        switch (target, value) {
        case (.weekday, .date(let date)):
            return ValueFormatter.Output(text: date.weekdayName, isRounded: false)
        case (.weekday, .dateTime(let dateTime)):
            return ValueFormatter.Output(text: dateTime.wall.date.weekdayName, isRounded: false)
        case (.unix, .dateTime(let dateTime)):
            return ValueFormatter.Output(text: String(dateTime.seconds), isRounded: false)
        case (.unix, .date(let date)):
            return ValueFormatter.Output(text: String(date.daysSinceEpoch * 86_400), isRounded: false)
        default:
            throw .cannotShowCalendar(value.described, as: ConversionFormatter.name(of: target), at: valueSpan)
        }
    }

    static func name(of target: ConversionTarget) -> String {
        switch target {
        case .weekday: return "a weekday"
        case .unix: return "Unix time"
        default: return "a number form"
        }
    }
}
