import Foundation
import TallyTestSupport
import Testing

/// `bmi` through the real binary: every child from 2 years (WHO 2006 by
/// day under 5, WHO 2007 from 61 months), the CDC 2000 charts with the 2022 extended method,
/// ages in every form, the waist-to-height ratio and BMI Prime; each output exact.
@Suite("bmi growth references, ages, waist and BMI Prime through the binary")
struct BMIGrowthReferencesTests {
    @Test(arguments: [
        (
            "bmi 107 23.7 age 5 sex m",
            "BMI 20.7  obesity  (WHO 2006 child growth standards, BMI-for-age under 5 years)\nboy, 5 years: z-score +3.23, percentile 99.9\nhealthy weight at 107 cm: 14.8–19.0 kg"
        ),
        (
            "bmi 140 35 age 10y6m6d sex f",
            "BMI 17.9  normal  (WHO 2007 growth reference, BMI-for-age 5–19 years)\ngirl, 10 years 6 months: z-score +0.42, percentile 66.1\nhealthy weight at 140 cm: 26.8–38.0 kg"
        ),
        (
            "bmi 140 35 age 10 years 6 months 6 days sex f",
            "BMI 17.9  normal  (WHO 2007 growth reference, BMI-for-age 5–19 years)\ngirl, 10 years 6 months: z-score +0.42, percentile 66.1\nhealthy weight at 140 cm: 26.8–38.0 kg"
        ),
        (
            "bmi 140 35 age 126 months girl",
            "BMI 17.9  normal  (WHO 2007 growth reference, BMI-for-age 5–19 years)\ngirl, 10 years 6 months: z-score +0.42, percentile 66.1\nhealthy weight at 140 cm: 26.8–38.0 kg"
        ),
        (
            "bmi 95 14 age 3.5 girl",
            "BMI 15.5  normal  (WHO 2006 child growth standards, BMI-for-age under 5 years)\ngirl, 3 years 6 months: z-score +0.15, percentile 55.9\nhealthy weight at 95 cm: 11.7–15.1 kg"
        ),
        (
            "bmi 90 13 age 2y boy",
            "BMI 16.0  normal  (WHO 2006 child growth standards, BMI-for-age under 5 years)\nboy, 2 years: z-score +0.02, percentile 51.0\nhealthy weight at 90 cm: 11.2–14.0 kg"
        ),
        (
            "bmi 100 16 age 1200 days boy",
            "BMI 16.0  normal  (WHO 2006 child growth standards, BMI-for-age under 5 years)\nboy, 3 years 3 months 13 days: z-score +0.39, percentile 65.3\nhealthy weight at 100 cm: 13.3–16.8 kg"
        ),
        (
            "bmi 100 16 age 3y3m13d boy",
            "BMI 16.0  normal  (WHO 2006 child growth standards, BMI-for-age under 5 years)\nboy, 3 years 3 months 13 days: z-score +0.39, percentile 65.3\nhealthy weight at 100 cm: 13.3–16.8 kg"
        ),
        (
            "bmi 140 35 age 10y6m sex f cdc",
            "BMI 17.9  healthy weight  (CDC 2000 growth charts, BMI-for-age 2–19 years)\ngirl, 10 years 6 months: z-score +0.27, percentile 60.7\nhealthy weight at 140 cm: 27.9–40.0 kg"
        ),
        (
            "bmi 4ft 7in 90lb age 9y6m boy cdc",
            "BMI 20.9  overweight  (CDC 2000 growth charts, BMI-for-age 2–19 years)\nboy, 9 years 6 months: z-score +1.51, percentile 93.4\nhealthy weight at 4ft 7in (139.7 cm): 27.5–37.0 kg (60.6–81.7 lb)"
        ),
        (
            "bmi 140 60 age 10 girl cdc",
            "BMI 30.6  severe obesity (class 2)  (CDC 2000 growth charts, BMI-for-age 2–19 years)\ngirl, 10 years: z-score +2.63, percentile 99.6 (CDC 2022 extended), 133.2% of the 95th percentile\nhealthy weight at 140 cm: 27.6–39.1 kg"
        ),
        (
            "bmi 90 12 age 2 boy cdc",
            "BMI 14.8  healthy weight  (CDC 2000 growth charts, BMI-for-age 2–19 years)\nboy, 2 years: z-score -1.54, percentile 6.1\nhealthy weight at 90 cm: 12.0–14.6 kg"
        ),
        (
            "bmi 175 70 cdc",
            "BMI 22.9  healthy weight  (CDC adult categories, the WHO cut-offs, ages 20 and over)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)"
        ),
        (
            "bmi 175 70 waist 80 cm",
            "BMI 22.9  normal weight  (WHO adult classification, ages 20 and over)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 0.91 (BMI / 25)\nwaist-to-height ratio 0.46: no increased health risk (NICE 2022)"
        ),
        (
            "bmi 175 80 waist 95 cm asia",
            "BMI 26.1  obesity class 1  (Asia-Pacific, Korean Society for the Study of Obesity, ages 20 and over)\nhealthy weight at 175 cm: 56.7–70.4 kg\nBMI Prime 1.14 (BMI / 23, Asia-Pacific)\nwaist-to-height ratio 0.54: increased health risk (NICE 2022)"
        ),
        (
            "bmi 175 100 waist 110cm",
            "BMI 32.7  obesity class I  (WHO adult classification, ages 20 and over)\nhealthy weight at 175 cm: 56.7–76.5 kg\nBMI Prime 1.31 (BMI / 25)\nwaist-to-height ratio 0.63: high health risk (NICE 2022)"
        ),
        (
            "bmi 140 35 age 10 girl waist 60",
            "BMI 17.9  normal  (WHO 2007 growth reference, BMI-for-age 5–19 years)\ngirl, 10 years: z-score +0.56, percentile 71.1\nhealthy weight at 140 cm: 26.5–37.3 kg\nwaist-to-height ratio 0.43 (NICE's bands are for adults)"
        ),
    ])
    func prints(_ line: String, _ output: String) throws {
        let result = try TallyUnderTest.run(["-e", line])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(result.outputText == output + "\n")
        #expect(result.errorText == "")
    }

    /// Refusals and malformed ages, each the whole message with its caret (today pinned to
    /// 2024-12-01 for the birth date).
    @Test(arguments: [
        (
            "bmi 80 10 age 18 months boy",
            "<eval>:1:15: error: BMI-for-age starts at 2 years (WHO and CDC alike); this age is 1 year 6 months\n    bmi 80 10 age 18 months boy\n                  ^~~~~~~~~\n<eval>:1:15: note: under 2 years BMI is not used to classify a child: weight-for-length is (WHO Child Growth Standards, 2006), with a health professional\n"
        ),
        (
            "bmi 80 10 age 2023-06-01 boy",
            "<eval>:1:15: error: BMI-for-age starts at 2 years (WHO and CDC alike); this age is 1 year 6 months\n    bmi 80 10 age 2023-06-01 boy\n                  ^~~~~~~~~~\n<eval>:1:15: note: under 2 years BMI is not used to classify a child: weight-for-length is (WHO Child Growth Standards, 2006), with a health professional\n"
        ),
        (
            "bmi 140 35 age 10y6m40d girl",
            "<eval>:1:21: error: an age is years (10, 3.5, 2y), years, months and days (10y6m6d, 10 years 6 months 6 days), months (126 months), days (800 days) or a birth date (2015-04-12)\n    bmi 140 35 age 10y6m40d girl\n                        ^~~\n"
        ),
        (
            "bmi 140 35 age ten girl",
            "<eval>:1:16: error: an age is years (10, 3.5, 2y), years, months and days (10y6m6d, 10 years 6 months 6 days), months (126 months), days (800 days) or a birth date (2015-04-12)\n    bmi 140 35 age ten girl\n                   ^~~\n"
        ),
        (
            "bmi 175 70 waist",
            "<eval>:1:17: error: missing waist after 'waist': waist 80cm, waist 31.5in\n    bmi 175 70 waist\n                    ^\n"
        ),
        (
            "bmi 175 70 waist 70 kg",
            "<eval>:1:18: error: 'kg' is a mass unit; the waist is a length\n    bmi 175 70 waist 70 kg\n                     ^~~~~\n"
        ),
        (
            "bmi 175 70 waist 400",
            "<eval>:1:18: error: implausible waist: the accepted range is 30–250 cm\n    bmi 175 70 waist 400\n                     ^~~\n"
        ),
    ])
    func fails(_ line: String, _ errorText: String) throws {
        let result = try TallyUnderTest.run(["-e", line], environment: ["TALLY_TODAY": "2024-12-01"])
        #expect(result.status == 1)
        #expect(result.outputText == "")
        #expect(result.errorText == errorText)
    }

    /// `set standard cdc` answers with both tables and reads children by the CDC charts.
    @Test func setStandardCDC() throws {
        let result = try TallyUnderTest.run(["-e", "set standard cdc", "-e", "bmi 140 35 age 10y6m girl"])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(
            result.outputText
                == "bmi now classifies adults by cdc: CDC adult categories, the WHO cut-offs; children from 2 to 19 "
                + "years by the CDC 2000 growth charts\n"
                + "BMI 17.9  healthy weight  (CDC 2000 growth charts, BMI-for-age 2–19 years)\n"
                + "girl, 10 years 6 months: z-score +0.27, percentile 60.7\n"
                + "healthy weight at 140 cm: 27.9–40.0 kg\n")
    }

    /// 5,000 random WHO and 5,000 random CDC children from 24 to 228 months, both sexes, half of
    /// them beside a category boundary, against the LMS values rcpchgrowth ships: the category
    /// is the value's, and the z-score, the percentile and the percentage of the 95th percentile
    /// are shown with the digits that put them on its side of every cut-off
    /// (Tests/Differential/bmi_for_age.py).
    @Test(.enabled(if: python3Executable != nil, "python3 is not installed"))
    func randomChildrenMatchThePackage() throws {
        let (status, report) = try runPythonScript(
            "Tests/Differential/bmi_for_age.py", ["--tally", TallyUnderTest.executable.path, "--random", "5000"])
        #expect(status == 0, "\(report)")
        #expect(report.contains("(5000 WHO, 5000 CDC), 0 failures"), "\(report)")
    }

    /// 10,000 random adults of every standard, most of them beside a band boundary, some with a
    /// waist and a sex: the whole report is the exact value's — the category, the BMI with the
    /// digits that decide it, the healthy range, BMI Prime and the waist figures — against exact
    /// fractions in Python (Tests/Differential/bmi_adults.py).
    @Test(.enabled(if: python3Executable != nil, "python3 is not installed"))
    func randomAdultsAgreeWithTheExactValue() throws {
        let (status, report) = try runPythonScript(
            "Tests/Differential/bmi_adults.py", ["--tally", TallyUnderTest.executable.path, "--count", "10000"])
        #expect(status == 0, "\(report)")
        #expect(report.contains("10000 random adults, 0 failures"), "\(report)")
    }

    /// `--json` gives a `bmi` line its values beside the text: the adult's BMI, category,
    /// standard, healthy range, BMI Prime and waist ratio; the child's reference, age, z-score,
    /// percentile and the CDC's percentage of the 95th percentile.
    @Test func jsonFields() throws {
        let result = try TallyUnderTest.run(["--json", "-e", "bmi 175 70 waist 80", "-e", "bmi 140 60 age 10 girl cdc"])
        #expect(result.status == 0)
        let lines = result.outputText.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(
            lines.first?.hasSuffix(
                ",\"bmi\":{\"bmi\":22.9,\"height_cm\":175.0,\"weight_kg\":70.0,\"category\":\"normal weight\",\"standard\":\"who\",\"standard_name\":\"WHO adult classification\",\"healthy_weight_kg\":[56.7,76.5],\"bmi_prime\":0.91,\"waist_to_height\":0.46,\"waist_to_height_band\":\"no increased health risk\"}}"
            ) == true, "\(lines)")
        #expect(
            lines.last?.hasSuffix(
                ",\"bmi\":{\"bmi\":30.6,\"height_cm\":140.0,\"weight_kg\":60.0,\"category\":\"severe obesity (class 2)\",\"reference\":\"CDC 2000 growth charts, BMI-for-age 2–19 years\",\"sex\":\"f\",\"age_months\":120,\"age_days\":3653,\"z_score\":2.63,\"percentile\":\"99.6\",\"healthy_weight_kg\":[27.6,39.1],\"percent_of_p95\":133.2,\"extended\":true}}"
            ) == true, "\(lines)")
    }

    /// `chart` in a pipe draws 80 columns wide, whatever the terminal, after the report; with
    /// `--ascii` in ASCII characters.
    @Test(arguments: ["bmi 175 70 chart", "bmi 140 35 age 10y6m girl chart", "bmi 140 60 age 10 girl cdc chart"])
    func chartInAPipeIsEightyColumns(_ line: String) throws {
        for ascii in [false, true] {
            let result = try TallyUnderTest.run((ascii ? ["--ascii"] : []) + ["-e", line])
            #expect(result.status == 0, "\(result.errorText)")
            let rows = result.outputText.split(separator: "\n").map(String.init)
            let chart = rows.drop { !$0.hasPrefix("BMI-for-age") && !$0.contains(", WHO adult") }
            #expect(chart.count >= 6, "\(rows)")
            #expect(chart.allSatisfy { $0.count <= 80 }, "\(chart)")
            #expect(chart.contains { $0.count >= 76 }, "\(chart)")
            if ascii { #expect(chart.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII || $0 == "–" } }) }
        }
    }
}
