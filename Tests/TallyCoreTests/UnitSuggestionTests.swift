import Testing

@testable import TallyCore

/// "Did you mean" for unknown unit names, drawn from the unit table: case-only differences
/// name every unit spelt with those letters; other misspellings the nearest names.
@Suite struct UnitSuggestionTests {
    @Test(arguments: [
        ("mlies", ["miles"]),
        ("Km", ["km"]),
        ("KM", ["km"]),
        ("ｋｍ", ["km"]),
        ("mw", ["mW", "MW"]),
        ("MJ", []),
        ("kilometrs", ["kilometre", "kilometres", "kilometers"]),
        ("fet", ["ft", "feet"]),
        ("pounf", ["pound"]),
        ("galon", ["gallon"]),
        ("tbps", ["tbsp", "tbsps", "tbs"]),
        ("Celcius", ["celsius", "Celsius"]),
        ("furlong", []),
        ("x", []),
        ("", []),
    ])
    func suggestsUnitsFromTheTable(_ name: String, _ expected: [String]) {
        #expect(UnitTable.suggestions(for: name) == expected, "\(name)")
    }

    @Test func aKnownNameGetsNoSuggestion() {
        for name in ["km", "miles", "kgs", "NM", "nm", "°C", "C", "F", "mpg", "kph", "sqft", "tbsp"] {
            #expect(UnitTable.unit(named: name) != nil, "\(name) is a unit")
            #expect(UnitTable.suggestions(for: name).isEmpty, "\(name)")
        }
    }

    @Test func everySuggestionIsAUnitAndTheLimitHolds() {
        for name in ["mlies", "kgg", "metr", "secnds", "hourz", "Mm", "GB", "gb", "kib", "degc"] {
            let found = UnitTable.suggestions(for: name, limit: 2)
            #expect(found.count <= 2)
            for suggestion in found { #expect(UnitTable.unit(named: suggestion) != nil, "\(name) → \(suggestion)") }
        }
        #expect(UnitTable.suggestions(for: "mlies", limit: 0).isEmpty)
    }

    @Test func caseOnlyDifferencesNeverSuggestAFarName() {
        // `kib` differs from `KiB` only in case: that is the answer, not a near name.
        #expect(UnitTable.suggestions(for: "kib") == ["KiB"])
        #expect(UnitTable.suggestions(for: "degc") == ["degC"])
        #expect(UnitTable.suggestions(for: "gb") == ["GB"])
        // Units keep their case: KG is not an alias, and gets the kilogram it differs from only in case.
        #expect(UnitTable.unit(named: "KG") == nil)
        #expect(UnitTable.suggestions(for: "KG") == ["kg"])
    }

    @Test func longOrStrangeNamesAreCheap() {
        #expect(UnitTable.suggestions(for: String(repeating: "m", count: 1_000_000)).isEmpty)
        #expect(UnitTable.suggestions(for: "\u{0}\u{7F}").isEmpty)
        #expect(UnitTable.suggestions(for: "😀😀😀").isEmpty)
    }

    /// The new spellings of issue 24 item 6, each the unit it names.
    @Test(arguments: [
        ("kph", "kph"), ("kmh", "kph"), ("kms", "km"), ("NM", "nmi"), ("nautical_miles", "nmi"),
        ("tbsp", "tbsp"), ("tablespoons", "tbsp"), ("tsp", "tsp"), ("teaspoon", "tsp"), ("fl_oz", "floz"),
        ("sqft", "sqft"), ("yds", "yd"), ("C", "°C"), ("F", "°F"), ("mpg", "mpg"),
        ("metres", "m"), ("meters", "m"),
    ])
    func newSpellingsNameTheirUnit(_ spelling: String, _ symbol: String) {
        #expect(UnitTable.unit(named: spelling)?.symbol == symbol)
    }
}
