import TallyDiagnostics
import Testing

@testable import TallyShell

/// `--json` gives a `bmi` line its fields beside the text.
struct BMIJSONTests {
    @Test(arguments: [
        (
            "bmi 180 75",
            #"{"bmi":23.1,"height_cm":180.0,"weight_kg":75.0,"category":"normal weight","standard":"who","standard_name":"WHO adult classification","healthy_weight_kg":[60.0,80.9],"bmi_prime":0.93}"#
        ),
        (
            "bmi 140 40 age 12 sex f",
            #"{"bmi":20.4,"height_cm":140.0,"weight_kg":40.0,"category":"normal","reference":"WHO 2007 growth reference, BMI-for-age 5–19 years","sex":"f","age_months":144,"age_days":4383,"z_score":0.88,"percentile":"81.0","healthy_weight_kg":[28.3,40.7]}"#
        ),
    ])
    func aBMILineCarriesItsFields(line: String, object: String) {
        var session = Session(style: .batch)
        let outcome = session.handle(line)
        guard case .text(_, let data?) = outcome.result else {
            Issue.record("no data for \(line)")
            return
        }
        #expect(data.key == "bmi")
        #expect(data.value.encoded == object)
        let rendered = JSONWriter.object(
            for: outcome, line: line, origin: LineOrigin(sourceName: "<eval>", lineNumber: 1),
            formatter: session.formatter
        ).encoded
        #expect(rendered.hasSuffix(#","bmi":"# + object + "}"))
    }
}
