import Testing

@testable import TallyHealth

/// `bmi … chart`: the adult scale and the children's growth curves fit the width they are given
/// (50 and 100 columns here; the window interactively, 80 in pipes), in Unicode or ASCII.
@Suite struct BMIChartTests {
    static let lines = [
        "bmi 175 70 chart", "bmi 170 81 nice chart", "bmi 175 130 chart", "bmi 175 45 asia chart",
        "bmi 140 35 age 10y6m girl chart", "bmi 140 60 age 10 girl cdc chart", "bmi 95 14 age 3.5 boy chart",
        "bmi 175 70 age 18 sex m chart",
    ]

    @Test(arguments: lines, [50, 100])
    func fitsTheWidth(_ line: String, _ width: Int) throws {
        for ascii in [false, true] {
            let (result, _) = try runBMIReport(line, width: width, ascii: ascii)
            let text = BMIChart(result).text(width: width, ascii: ascii)
            for row in text.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(row.count <= width, "\(line) at \(width): \(row)")
                // Only the reference's name (an en dash in 5–19) is not ASCII.
                if ascii { #expect(row.unicodeScalars.allSatisfy { $0.isASCII || $0 == "–" }, "\(row)") }
            }
            // The person's mark is drawn.
            #expect(text.contains(ascii ? (line.contains("age") ? "*" : "v") : (line.contains("age") ? "●" : "▼")))
        }
    }

    @Test func adultScaleAtFiftyColumns() throws {
        let result = try runBMI("bmi 175 70")
        #expect(
            BMIChart(result).text(width: 50, ascii: true) == """
                normal weight, WHO adult classification
                             v BMI 22.9
                ......:::::::::::--------========+++++++++########
                15  18.5       25       30      35      40      45
                . underweight  : normal weight  - pre-obese
                = obesity class I  + obesity class II
                # obesity class III
                """)
    }

    @Test func adultScaleAtAHundredColumns() throws {
        let result = try runBMI("bmi 175 76.5")
        let chart = BMIChart(result).text(width: 100, ascii: false).split(separator: "\n").map(String.init)
        #expect(chart[0] == "normal weight, WHO adult classification")
        // The mark stands on the last column of normal weight: 24.98 is below 25.
        let mark = try #require(chart[1].firstIndex(of: "▼"))
        let column = chart[1].distance(from: chart[1].startIndex, to: mark)
        let bar = Array(chart[2])
        #expect(bar[column] == "▒")
        #expect(chart[1].hasSuffix("▼ BMI 24.98"))
    }

    @Test func growthChartMarksTheChild() throws {
        let (result, _) = try runBMIReport("bmi 140 35 age 10y6m girl chart", width: 100, ascii: true)
        let text = BMIChart(result).text(width: 100, ascii: true)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("BMI-for-age, girls: WHO 2007 growth reference, BMI-for-age 5–19 years"))
        #expect(lines.contains("* BMI 17.9 at 10 years 6 months: percentile 66.1, normal"))
        for curve in ["3rd", "15th", "50th", "85th", "97th"] {
            #expect(lines.contains { $0.hasSuffix(" " + curve) }, "\(curve)")
        }
        #expect(lines.last?.hasSuffix("years") == true)
        #expect(lines.filter { $0.contains("*") }.count == 2)
    }
}
