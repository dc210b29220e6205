/// The text of `help bmi`.
extension BMICommand {
    /// Usage, units, both band tables with their sources, BMI-for-age for children, the checks
    /// on the input, and what BMI cannot tell; lines of at most 80 columns, without a final
    /// newline.
    ///
    /// The tables are drawn from ``BMIStandard/bands`` and ``BMIForAgeCategory``, so the help
    /// cannot drift from the classification it describes.
    public static var helpText: String {
        let (lowestHeight, highestHeight) = BodyQuantity.height.plausibleRange
        let (lowestWeight, highestWeight) = BodyQuantity.weight.plausibleRange
        let bmiRange = PlausibilityCheck.bmiRange
        var lines = [
            usage,
            "",
            "Body mass index: the weight in kilograms divided by the square of the height in",
            "metres. The category is that of the exact BMI; the BMI is shown to one decimal,",
            "or more where one would put it across a boundary (24.98 normal weight, not",
            "25.0). Each band includes its lower bound (18.5 is normal weight). The second",
            "line gives the weights, to 0.1 kg, whose BMI is normal at that height. The",
            "exact BMI becomes ans. STANDARD is who (the default), asia, nice or cdc.",
            "",
            "The measurements are the calculator's quantities, in any order when they have",
            "units: a length is the height, a mass the weight (bmi 70 kg 175 cm, bmi 5'9\"",
            "160 lb, bmi 160 lb 5 ft 9 in); height, weight and waist label them (bmi weight",
            "70 height 175). Bare numbers are the height in cm, then the weight in kg:",
            "",
            "  height   cm (the default), mm, m, in, or ft and in: 175, 1750mm, 1.75m, 1m75,",
            "           69in, 5ft9in, 5ft 9, 5 ft 9 in, 5'9\"",
            "  weight   kg (the default), lb, or st and lb: 70, 154lb, 11st, 11st4lb",
            "",
            "Unit words may be spelt out, in any case: cms, centimetres, metres, inches,",
            "feet, kgs, kilos, lbs, pounds, stone; any length or mass of 'help units' works",
            "too (bmi 2 yd 12 st, bmi 1750 mm 70000 g), and quantities side by side add up",
            "as in expressions (1 m 75 cm, 1 yd 2 ft 9 in). Numbers are written as in",
            "expressions (1_750, 1.75e2); a decimal comma works (170,5); a unit may stand",
            "apart (175 cm); a measurement may be a variable or an expression: bmi h w,",
            "bmi (h+2)cm 70. A weight given in pounds or stones gets its healthy range in",
            "them too; a height in feet or inches is echoed so.",
            "",
            "Accepted: height \(lowestHeight.plainText)–\(highestHeight.plainText) cm, "
                + "weight \(lowestWeight.plainText)–\(highestWeight.plainText) kg, "
                + "BMI \(bmiRange.lowest.plainText)–\(bmiRange.highest.plainText). A BMI outside is",
            "an error that names the likely mistake (a unit left off, the arguments swapped).",
            "A bare number beside feet, inches, pounds or stones, where both readings are",
            "plausible, is an error that asks for its unit (bmi 69 in 160).",
        ]
        for standard in BMIStandard.allCases {
            let marker = standard == .who ? " (the default)" : ""
            lines += [
                "", "\(standard.word)\(marker): \(standard == .nice ? "NICE, lower thresholds" : standard.sourceName)",
            ]
            lines += standard.citation.map { "  " + $0 }
            lines += tableRows(standard.bands.map { ($0.rangeText, $0.category) })
        }
        lines += [
            "",
            "set standard asia (or nice, cdc) makes it the default for the session.",
            "",
            "Children and teenagers: bmi HEIGHT WEIGHT age AGE sex f|m (or girl, boy), with",
            "AGE as years (10, 3.5, 2y), years, months and days (10y6m6d, 10 years 6 months",
            "6 days), months (126 months), days (800 days) or a birth date (2015-04-12),",
            "counted to today or to the day of the measurement: age 2016-05-01 on 2024-01-01.",
            "The z-score (LMS method), its percentile and the category are shown; the",
            "category is that of the z-score (WHO) or the percentile (CDC) itself, and each",
            "figure is shown with the digits that put it on the right side of its cut-offs.",
            "A z-score beyond +5 or -5 is flagged as implausible (WHO), with a warning.",
            "",
            "From 2 years to 5 years 1 month (by day of age): WHO Child Growth Standards",
            "(2006), BMI-for-age:",
        ]
        for reference in GrowthReference.allCases {
            if reference == .who2007 {
                lines += [
                    "From 5 years 1 month to 19 years (by completed month): WHO 2007 growth",
                    "reference (de Onis et al., Bull World Health Organ 2007;85:660-667):",
                ]
            } else if reference == .cdc2000 {
                lines += [
                    "With cdc (or set standard cdc), from 2 to 19 years (by completed month): CDC",
                    "2000 growth charts, with the CDC's 2022 extended method above the 95th",
                    "percentile:",
                ]
            }
            lines += tableRows(reference.categories.map { ($0.rangeText(in: reference), $0.rawValue) })
        }
        lines += [
            "Under 2 years BMI is not used: a child's weight is read against its length",
            "(weight-for-length). From 19 years 1 month (WHO; 20 years for the CDC) and",
            "without an age the classification is for adults. At 18 and 19 the reference is",
            "used, and a line gives the adult reading too: the NHS reads adults from 18.",
            "",
            "Every adult result shows BMI Prime (BMI / 25, or / 23 for asia and nice).",
            "waist WAIST (a length, cm by default) adds the waist-to-height ratio with",
            "NICE's bands (2022: below 0.5 no increased health risk, 0.5 to below 0.6",
            "increased, 0.6 and over high); with sex f|m an adult's waist is also read",
            "against WHO's cut-offs (men 94 and 102 cm, women 80 and 88 cm) or, with asia,",
            "the KSSO's (men 90 cm, women 85 cm). chart draws the result: a child's",
            "percentile curves over age with the child's point, or the adult BMI scale.",
            "",
            "BMI is a screening number, not a diagnosis: it cannot tell muscle from fat, so",
            "muscular people read high; in older age, lost muscle and height make it less",
            "reliable; it does not apply during pregnancy.",
        ]
        return lines.joined(separator: "\n")
    }

    /// A two-column table indented by four spaces, the second column aligned three spaces after
    /// the widest first one.
    private static func tableRows(_ rows: [(range: String, category: String)]) -> [String] {
        let width = rows.map(\.range.count).max() ?? 0
        return rows.map { row in
            "    \(row.range)\(String(repeating: " ", count: width - row.range.count + 3))\(row.category)"
        }
    }
}
