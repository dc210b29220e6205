import Testing

@testable import TallyShell

/// `--json` gives a `bmi` line its fields beside the text.
struct BMIJSONTests {
    @Test(arguments: [
        (
            "bmi 180 75",
            #"{"bmi":23.1,"category":"normal weight","standard":"who","height_cm":180,"weight_kg":75,"healthy_weight_kg":[59.8,80.8]}"#
        ),
        (
            "bmi 140 40 age 12 sex f",
            #"{"bmi":20.4,"category":"normal","standard":"who2007","height_cm":140,"weight_kg":40,"age_months":144,"sex":"female","z_score":0.88,"percentile":81.0}"#
        ),
    ])
    func aBMILineCarriesItsFields(line: String, object: String) {
        var session = Session(style: .batch)
        let outcome = session.handle(line)
        #expect(outcome.jsonFields?.name == "bmi")
        #expect(outcome.jsonFields?.object == object)
        let rendered = JSONLine.render(outcome, line: line, sourceName: "<eval>", lineNumber: 1)
        #expect(rendered.hasSuffix(#","bmi":"# + object + "}"))
    }
}
