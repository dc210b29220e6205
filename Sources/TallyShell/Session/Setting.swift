import TallyCore
import TallyDiagnostics
import TallyHabits
import TallyHealth

/// A setting `set` shows and changes. Each is one entry of ``all`` that carries everything about
/// it — how `set` writes it, what it means, the words completion offers, how its value is read
/// from the line and applied to the session, and how the listing shows it — so that `set`, its
/// listing, `help` and completion read the one table, and adding a setting is adding an entry.
public struct Setting: Sendable {
    /// The setting's name, as typed after `set`.
    public let name: String
    /// How `set` writes the setting with its value: `digits N`, `angle rad|deg`.
    public let usage: String
    /// What the setting means, for the listing of `set`.
    public let meaning: String
    /// The words the setting's value may be, for completion; empty for numbers.
    public let choices: [String]
    /// Reads the value after the name and applies it to the session; a message to show, if any.
    let apply: @Sendable (inout Session, inout CommandArguments) throws(Diagnostic) -> String?
    /// The current value as the listing shows it.
    let current: @Sendable (Session) -> String

    /// The settings, in the order `set` lists them.
    public static let all: [Setting] = [
        Setting(
            name: "digits", usage: "digits N",
            meaning: "significant digits shown for values that are not exact decimals",
            choices: [],
            apply: { session, arguments throws(Diagnostic) in
                session.evaluator.settings.digits = try arguments.integer(
                    named: "digits", in: 1...session.evaluator.settings.maxDigits)
                return nil
            },
            current: { String($0.evaluator.settings.digits) }),
        Setting(
            name: "maxdigits", usage: "maxdigits N", meaning: "the most digits a result may have", choices: [],
            apply: { session, arguments throws(Diagnostic) in
                let value = try arguments.integer(named: "maxdigits", in: 10...EvaluationSettings.maxDigitsLimit)
                guard value >= session.evaluator.settings.digits else {
                    throw Diagnostic.maxDigitsBelowDigits(session.evaluator.settings.digits, at: arguments.lastSpan)
                }
                session.evaluator.settings.maxDigits = value
                return nil
            },
            current: { String($0.evaluator.settings.maxDigits) }),
        Setting(
            name: "maxwork", usage: "maxwork N",
            meaning: "the most work a line may do, in steps (10^8: about a second)",
            choices: [],
            apply: { session, arguments throws(Diagnostic) in
                session.evaluator.settings.maxWork = try arguments.integer(
                    named: "maxwork", in: 1_000...EvaluationSettings.maxWorkLimit)
                return nil
            },
            current: { String($0.evaluator.settings.maxWork) }),
        choice(
            "angle", meaning: "unit of angles for sin, cos, tan and their inverses: rad or deg", AngleUnit.allCases,
            word: \.rawValue, \.evaluator.settings.angle, missingValueSaysSo: true),
        choice(
            "grouping", meaning: "group digits in threes: on (1_234_567), \",\" (1,234,567) or off; each reads back",
            DigitGrouping.allCases, word: \.rawValue, \.evaluator.settings.grouping, missingValueSaysSo: true),
        choice(
            "standard", meaning: "BMI classification: \(Setting.alternatives(BMIStandard.allCases.map(\.word)))",
            BMIStandard.allCases, word: \.word, \.standard, missingValueSaysSo: false,
            answer: \BMIStandard.settingAnswer),
        choice(
            "glyphs", meaning: "marks in habit tables: unicode (■ ·) or ascii (# .)", HabitGlyphs.allCases,
            word: \.rawValue, \.environment.glyphs, missingValueSaysSo: false),
        onOff(
            "suggest", meaning: "at the prompt, suggest the last matching line as you type (→ takes it)",
            \.environment.suggests),
        onOff("preview", meaning: "at the prompt, show the value as you type", \.environment.previews),
        onOff(
            "highlight", meaning: "at the prompt, colour the line as you type (an unknown name in red)",
            \.environment.highlights),
    ]

    /// `a or b`, `a, b or c`.
    static func alternatives(_ words: [String]) -> String {
        words.count <= 2
            ? words.joined(separator: " or ") : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    /// The setting named `name` (any case), if there is one.
    public static func named(_ name: String) -> Setting? {
        let lowered = name.lowercased()
        return all.first { $0.name == lowered }
    }

    /// A setting that is on or off.
    private static func onOff(_ name: String, meaning: String, _ value: WritableKeyPath<Session, Bool> & Sendable)
        -> Setting
    {
        Setting(
            name: name, usage: "\(name) on|off", meaning: meaning, choices: ["on", "off"],
            apply: { session, arguments throws(Diagnostic) in
                session[keyPath: value] = try arguments.onOrOff(named: name)
                return nil
            },
            current: { $0[keyPath: value] ? "on" : "off" })
    }

    /// A setting that is one of `cases`, each written as its `word`; `answer` is what setting it
    /// prints, if anything.
    private static func choice<Choice: Sendable>(
        _ name: String, meaning: String, _ cases: [Choice], word: KeyPath<Choice, String> & Sendable,
        _ value: WritableKeyPath<Session, Choice> & Sendable, missingValueSaysSo: Bool,
        answer: (KeyPath<Choice, String> & Sendable)? = nil
    ) -> Setting {
        Setting(
            name: name, usage: "\(name) \(cases.map { $0[keyPath: word] }.joined(separator: "|"))", meaning: meaning,
            choices: cases.map { $0[keyPath: word] },
            apply: { session, arguments throws(Diagnostic) in
                let chosen = try arguments.choice(
                    named: name, from: cases, word: word, missingValueSaysSo: missingValueSaysSo)
                session[keyPath: value] = chosen
                return answer.map { chosen[keyPath: $0] }
            },
            current: { $0[keyPath: value][keyPath: word] })
    }
}

extension CommandArguments {
    /// The next word as one of `cases` (in any letter case). A missing value is a "missing
    /// value" error when `missingValueSaysSo`, otherwise the same error as a wrong one.
    mutating func choice<Choice>(
        named name: String, from cases: [Choice], word: KeyPath<Choice, String>, missingValueSaysSo: Bool
    ) throws(Diagnostic) -> Choice {
        let expectation = "\(name) must be \(Setting.alternatives(cases.map { $0[keyPath: word] }))"
        guard let (typed, _) = try nextWord() else {
            if missingValueSaysSo {
                throw Diagnostic.missingValue(expectation, at: lastSpan)
            }
            throw Diagnostic.invalidSettingValue(expectation, at: lastSpan)
        }
        let lowered = typed.lowercased()
        guard let chosen = cases.first(where: { $0[keyPath: word] == lowered }) else {
            throw Diagnostic.invalidSettingValue(expectation, at: lastSpan)
        }
        return chosen
    }
}
