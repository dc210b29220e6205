/// What a measurable habit measures: a number a day in a unit, and the amount its period should
/// reach (`at least`) or stay under (`at most`).
///
/// Amounts are kept in thousandths of the unit, exactly, as Loop Habit Tracker keeps them (its
/// entries hold the value × 1000): `2.5` km is 2500. The period is the habit's ``HabitTarget``
/// (`per day` is daily, `per week` 1/week, `per month` 1/month, `per N days` every N days).
public struct HabitMeasure: Sendable, Hashable {
    /// Whether the period's total should reach the goal or stay at or under it.
    public enum Kind: String, Sendable, Hashable {
        case atLeast = "at least"
        case atMost = "at most"
    }

    /// The most characters a unit may have.
    public static let maximumUnitLength = 30
    /// The largest amount a day may hold, in units: a billion.
    public static let maximumAmount = 1_000_000_000
    /// Thousandths in one unit.
    public static let scale = 1000

    /// The unit, trimmed, possibly empty (`habit add Pushups 50 per day`), no control characters.
    public let unit: String
    /// The goal in thousandths of the unit, 0 to ``maximumAmount`` units.
    public let goal: Int
    /// At least or at most.
    public let kind: Kind

    /// A measure, checked: the unit short and printable, the goal within range.
    public init(unit: String, goal: Int, kind: Kind) throws(HabitError) {
        let trimmedUnit = Habit.nfc(Habit.trimmed(unit))
        if trimmedUnit.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw .invalidMeasure(text: trimmedUnit, reason: "a unit cannot contain control characters")
        }
        guard trimmedUnit.count <= HabitMeasure.maximumUnitLength else {
            throw .invalidMeasure(
                text: trimmedUnit, reason: "a unit has at most \(HabitMeasure.maximumUnitLength) characters")
        }
        guard (0...HabitMeasure.maximumAmount * HabitMeasure.scale).contains(goal) else {
            throw .invalidMeasure(
                text: HabitMeasure.amountText(goal),
                reason: "the target runs from 0 to \(HabitMeasure.maximumAmount)")
        }
        self.unit = trimmedUnit
        self.goal = goal
        self.kind = kind
    }

    /// `8 glasses`, `at most 2 cups`: the goal as typed after the name, without its period
    /// (`at least`, the default, left out).
    public var description: String {
        kind == .atLeast ? amount(goal) : "\(kind.rawValue) \(amount(goal))"
    }

    /// An amount with the unit: `3 glasses`, `2.5 km`, `50` (no unit).
    /// Exactly one unit is written in the singular: `1 cup`, `1 glass of water`.
    public func amount(_ thousandths: Int) -> String {
        let number = HabitMeasure.amountText(thousandths)
        guard !unit.isEmpty else { return number }
        return "\(number) \(thousandths == HabitMeasure.scale ? HabitMeasure.singular(unit) : unit)"
    }

    /// `unit` for one of it: its first word without an English plural ending (`cups` → `cup`,
    /// `glasses of water` → `glass of water`, `inches` → `inch`, `minutes` → `minute`). A word
    /// of two letters or fewer, or ending in `ss`, `us` or `is`, is kept (`km`, `ms`, `bus`).
    static func singular(_ unit: String) -> String {
        let firstWord = unit.prefix { $0 != " " }
        let rest = unit.dropFirst(firstWord.count)
        let lowered = firstWord.lowercased()
        guard lowered.count > 2, lowered.hasSuffix("s"),
            !["ss", "us", "is"].contains(where: { lowered.hasSuffix($0) })
        else { return unit }
        let dropsES = ["sses", "xes", "ches", "shes", "zzes"].contains { lowered.hasSuffix($0) }
        return String(firstWord.dropLast(dropsES ? 2 : 1)) + rest
    }

    /// Whether a day holding `amount` meets the goal on its own: Loop's rule for the days of a
    /// streak (`StreakList.kt`: at least, the value reaches the target; at most, a value was
    /// entered and stays at or under it).
    public func isMet(by amount: Int) -> Bool {
        switch kind {
        case .atLeast: return amount >= goal
        case .atMost: return amount <= goal
        }
    }

    /// The part of the goal `total` (the period's sum) achieves, 0 to 1, as Loop's score takes
    /// it (`ScoreList.kt`): at least, `total / goal` capped at 1 (1 for a goal of 0); at most,
    /// `1 − (total − goal) / goal` within 0 and 1 (for a goal of 0: 1 while the total is 0).
    func achievement(total: Int) -> Double {
        switch kind {
        case .atLeast:
            guard goal > 0 else { return 1 }
            return Swift.min(1, Double(total) / Double(goal))
        case .atMost:
            guard goal > 0 else { return total > 0 ? 0 : 1 }
            return Swift.min(1, Swift.max(0, 1 - Double(total - goal) / Double(goal)))
        }
    }

    /// Thousandths written as a decimal number with no trailing zeros: `2500` is `2.5`.
    public static func amountText(_ thousandths: Int) -> String {
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = thousandths.magnitude
        let whole = magnitude / UInt(scale)
        var fraction = magnitude % UInt(scale)
        guard fraction > 0 else { return "\(sign)\(whole)" }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return "\(sign)\(whole)." + String(repeating: "0", count: digits - text.count) + text
    }

    /// `text` (digits, at most one `.` and three decimals: `3`, `2.5`, `0.125`) in thousandths,
    /// or nil when it is not written as an amount; throws when it is one out of range.
    public static func parseAmount(_ text: String) throws(HabitError) -> Int? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits: (Substring) -> Bool = { !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }
        guard isDigits(parts[0]), parts.count == 1 || isDigits(parts[1]) else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= 3 else {
            throw .invalidMeasure(text: text, reason: "an amount has at most 3 decimals")
        }
        let digitsBeforePoint = parts[0].drop { $0 == "0" }
        guard digitsBeforePoint.count <= 10, let whole = Int(parts[0]), whole <= maximumAmount else {
            throw .invalidMeasure(text: text, reason: "an amount runs from 0 to \(maximumAmount)")
        }
        let padded = fraction + String(repeating: "0", count: 3 - fraction.count)
        let thousandths = whole * scale + (Int(padded) ?? 0)
        guard thousandths <= maximumAmount * scale else {
            throw .invalidMeasure(text: text, reason: "an amount runs from 0 to \(maximumAmount)")
        }
        return thousandths
    }

    /// The period words after `per`: `day`, `week`, `month`, `N days`, as a target; nil when
    /// they are none.
    static func period(_ words: [String]) throws(HabitError) -> HabitTarget? {
        let lowered = words.map { $0.lowercased() }
        switch lowered {
        case ["day"]: return .daily
        case ["week"]: return .perWeek(1)
        case ["month"]: return .perMonth(1)
        default:
            guard lowered.count == 2, lowered[1] == "days" || lowered[1] == "day",
                !lowered[0].isEmpty, lowered[0].utf8.allSatisfy({ (48...57).contains($0) })
            else { return nil }
            guard lowered[0].count <= 4, let days = Int(lowered[0]), (1...HabitTarget.maximumDays).contains(days) else {
                throw .invalidMeasure(
                    text: words.joined(separator: " "), reason: "N runs from 1 to \(HabitTarget.maximumDays)")
            }
            return .everyDays(days)
        }
    }

    /// The period of `target` written after `per`: `day`, `week`, `month`, `3 days`.
    static func periodText(_ target: HabitTarget) -> String {
        switch target {
        case .everyDays(1): return "day"
        case .everyDays(let days): return "\(days) days"
        case .timesInDays(_, let days): return "\(days) days"
        case .perWeek: return "week"
        case .perMonth: return "month"
        }
    }

    /// `8 glasses per day`, `at most 2 cups per day`: the whole target of a measurable habit
    /// as it is typed.
    public func targetText(_ target: HabitTarget) -> String {
        "\(description) per \(HabitMeasure.periodText(target))"
    }

    /// A whole target typed after a name: `[at least|at most] AMOUNT [UNIT] per PERIOD`, with
    /// its period as a ``HabitTarget``; nil when the words are not written as one. The unit is
    /// one word, or several before `per`.
    public static func parse(_ words: [String]) throws(HabitError) -> (HabitMeasure, HabitTarget)? {
        var rest = words[...]
        var kind = Kind.atLeast
        if rest.count >= 2, rest[rest.startIndex].lowercased() == "at" {
            switch rest[rest.startIndex + 1].lowercased() {
            case "least": kind = .atLeast
            case "most": kind = .atMost
            default: return nil
            }
            rest = rest.dropFirst(2)
        }
        guard let amountWord = rest.first, let goal = try parseAmount(amountWord) else { return nil }
        rest = rest.dropFirst()
        guard let per = rest.firstIndex(where: { $0.lowercased() == "per" }) else { return nil }
        let unit = rest[..<per].joined(separator: " ")
        guard let target = try period(Array(rest[(per + 1)...])) else { return nil }
        return (try HabitMeasure(unit: unit, goal: goal, kind: kind), target)
    }
}
