import TallyCore

extension HelpText {
    /// Every physical constant with its names, value, unit, source and relative uncertainty.
    static var constants: String {
        var lines = [
            "Physical constants: quantities with units, by a long name or a short one.",
            "  speed_of_light * 1 s to km = 299792.458 km   planck_constant * 500 THz to eV",
            "  m_e * c^2 to MeV   k_B * 300 K to eV   G * 5.972e24 kg / (6371 km)^2 to m/s^2",
            "The SI's defining constants and those derived from them are exact (ħ and σ as exact",
            "formulas in π); measured ones are CODATA 2022's values, shown with their relative",
            "standard uncertainty. A unit keeps its name: h is the hour (ℎ, planck_constant is",
            "Planck's), g the gram (g0 is gravity), e Euler's number (elementary_charge), F the",
            "Fahrenheit (faraday_constant). A variable of the same name hides a constant, with a",
            "warning; 'unset NAME' brings it back.",
        ]
        for constant in PhysicalConstants.all {
            let names = constant.aliases.isEmpty ? "" : " (\(constant.aliases.joined(separator: ", ")))"
            lines.append("  \(constant.name)\(names): \(constant.summary)")
            let unit = constant.unitText.isEmpty ? "" : " \(constant.unitText)"
            let uncertainty = constant.relativeUncertainty.map { ", relative uncertainty \($0)" } ?? ""
            lines.append("      = \(constant.valueText)\(unit)   \(constant.source.rawValue)\(uncertainty)")
        }
        return lines.joined(separator: "\n")
    }
}
