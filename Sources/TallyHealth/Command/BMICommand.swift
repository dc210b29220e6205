/// The words of the `bmi` command: its usage, the words its arguments read, and how an age and
/// a sex are written — what the shell's reader, `help bmi`, completion and the messages share.
///
/// The shell reads a line into a ``BMIRequest``; TallyHealth classifies it.
public enum BMICommand {
    /// The form of the command, quoted in messages about missing or extra arguments.
    public static let usage =
        "bmi HEIGHT WEIGHT [STANDARD] [age AGE [on DATE]] [sex f|m] [waist WAIST] [chart]"

    /// The words that label a measurement or add to it, for the reader and for suggestions.
    public static let keywords =
        BMIStandard.allCases.map(\.word) + ["height", "weight", "waist", "age", "on", "sex", "girl", "boy", "chart"]

    /// The everyday unit words, for completion and for suggestions about a misspelt one (every
    /// length and mass unit of the calculator works).
    public static let unitWords = [
        "cm", "mm", "m", "in", "ft", "kg", "lb", "st", "cms", "kgs", "lbs", "inch", "inches", "feet", "foot",
        "metre", "metres", "meter", "meters", "pound", "pounds", "stone", "stones", "kilo", "kilos",
        "centimetre", "centimetres", "centimeter", "centimeters", "millimetre", "millimetres", "kilogram",
        "kilograms",
    ]

    /// The words a `bmi` line reads besides numbers and variables, for completion.
    public static let vocabulary: [String] = keywords + unitWords.filter { $0.count > 1 }

    /// What may follow the measurements, for the message about an unknown word.
    public static let optionsText =
        "after the measurements come who, asia, nice or cdc, age AGE, on DATE, sex f|m, waist WAIST and chart"

    /// How an age is written, for messages.
    public static let ageForms =
        "an age is years (10, 3.5, 2y), years, months and days (10y6m6d, 10 years 6 months 6 days), "
        + "months (126 months), days (800 days) or a birth date (2015-04-12)"

    /// How a sex is written, for messages.
    public static let sexForms = "f or m (also girl or boy, female or male)"
}
