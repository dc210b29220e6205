import TallyCore

/// The text a `bmi` line prints.
extension BMIResult {
    /// Exactly two lines, without a final newline:
    ///
    /// ```
    /// BMI 22.9  normal weight  (WHO adult classification)
    /// healthy weight at 175 cm: 56.6–76.4 kg
    /// ```
    ///
    /// The height is shown in centimetres to 0.1 (an imperial height rarely is a whole number of
    /// centimetres); the BMI and the weights always carry one decimal, as they were computed.
    public var report: String {
        let height = heightInCentimetres.rounded(toPlaces: 1).plainText
        let lowest = healthyWeightRange.lowestInKilograms.fixedText(places: 1)
        let highest = healthyWeightRange.highestInKilograms.fixedText(places: 1)
        return "BMI \(shownValue.fixedText(places: 1))  \(band.category)  (\(standard.sourceName))\n"
            + "healthy weight at \(height) cm: \(lowest)–\(highest) kg"
    }
}
