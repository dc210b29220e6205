/// The text of `help bmi`.
extension BMICommand {
    /// Usage, units, both band tables with their sources, and what BMI cannot tell; lines of at
    /// most 80 columns, without a final newline.
    ///
    /// The tables are drawn from ``BMIStandard/bands``, so the help cannot drift from the
    /// classification it describes.
    public static var helpText: String {
        let (lowestHeight, highestHeight) = BodyQuantity.height.plausibleRange
        let (lowestWeight, highestWeight) = BodyQuantity.weight.plausibleRange
        var lines = [
            usage,
            "",
            "Body mass index: the weight in kilograms divided by the square of the height in",
            "metres. The BMI is shown to one decimal and the category is read from the number",
            "shown, so the two always agree; each band includes its lower bound (18.5 is",
            "normal weight). The second line gives the weights, to 0.1 kg, whose BMI would",
            "be normal at that height. The exact BMI becomes ans.",
            "",
            "  height   cm (the default), m, in, or ft and in: 175, 1.75m, 69in, 5ft9in, 5'9\"",
            "  weight   kg (the default), lb, or st and lb: 70, 154lb, 11st, 11st4lb",
            "",
            "A decimal comma works (170,5), a unit may stand apart (175 cm), and an argument",
            "may be a variable or an expression in parentheses: bmi h w, bmi (h+2)cm 70.",
            "Accepted: height \(lowestHeight.plainText)–\(highestHeight.plainText) cm, "
                + "weight \(lowestWeight.plainText)–\(highestWeight.plainText) kg.",
        ]
        for standard in BMIStandard.allCases {
            let marker = standard == .who ? " (the default)" : ""
            lines += ["", "\(standard.word)\(marker): \(standard.sourceName)", "  \(standard.citation)"]
            let width = standard.bands.map(\.rangeText.count).max() ?? 0
            for band in standard.bands {
                let padding = String(repeating: " ", count: width - band.rangeText.count + 3)
                lines.append("    \(band.rangeText)\(padding)\(band.category)")
            }
        }
        lines += [
            "",
            "set standard asia makes asia the default for the session.",
            "",
            "BMI is for adults. For children and teens, use age- and sex-specific BMI",
            "percentiles from a growth chart instead.",
            "BMI is a screening number, not a diagnosis: it cannot tell muscle from fat, so",
            "muscular people read high; in older age, lost muscle and height make it less",
            "reliable; it does not apply during pregnancy.",
        ]
        return lines.joined(separator: "\n")
    }
}
