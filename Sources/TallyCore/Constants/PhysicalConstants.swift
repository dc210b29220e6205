import TallyDiagnostics

/// The physical constants, one entry each: the SI's defining constants and those derived
/// exactly from them, and the CODATA 2022 recommended values of the measured ones (as
/// `scipy.constants` ships them; `Tests/Differential/constants.py` holds the table to it).
/// Lookup, `help constants`, completion and suggestions read this table.
public enum PhysicalConstants {
    /// Every constant, in the order `help constants` lists them.
    public static let all: [PhysicalConstant] = makeAll()

    /// The constant named `name` (its long name or a short one), if any.
    public static func constant(named name: String) -> PhysicalConstant? {
        byName[name].map { all[$0] }
    }

    /// Every name of every constant, for completion and suggestions.
    public static let names: [String] = all.flatMap(\.names)

    private static let byName: [String: Int] = {
        var table: [String: Int] = [:]
        for (index, constant) in all.enumerated() {
            for name in constant.names { table[name] = index }
        }
        return table
    }()

    // The defining constants of the SI, exact.
    static let planck = PhysicalConstant.decimal("6.62607015e-34")
    static let charge = PhysicalConstant.decimal("1.602176634e-19")
    static let boltzmann = PhysicalConstant.decimal("1.380649e-23")
    static let avogadro = PhysicalConstant.decimal("6.02214076e23")
    static let light = Number(299_792_458)

    private static func makeAll() -> [PhysicalConstant] {
        var all: [PhysicalConstant] = []
        func add(
            _ name: String, _ aliases: [String], _ summary: String, _ valueText: String, _ value: Value,
            _ unit: [(String, Int)], _ source: PhysicalConstant.Source, uncertainty: String? = nil
        ) {
            let quantity = PhysicalConstant.quantity(value, unit)
            let unitText = PhysicalConstant.unit(unit)?.text ?? ""
            all.append(
                PhysicalConstant(
                    name: name, aliases: aliases, summary: summary, valueText: valueText, unitText: unitText,
                    source: source, relativeUncertainty: uncertainty, value: quantity))
        }
        func measured(
            _ name: String, _ aliases: [String], _ summary: String, _ text: String, _ unit: [(String, Int)],
            _ uncertainty: String
        ) {
            add(
                name, aliases, summary, text, .number(PhysicalConstant.decimal(text)), unit, .codata2022,
                uncertainty: uncertainty)
        }
        func exact(
            _ name: String, _ aliases: [String], _ summary: String, _ text: String, _ value: Number,
            _ unit: [(String, Int)], _ source: PhysicalConstant.Source
        ) {
            add(name, aliases, summary, text, .number(value), unit, source)
        }
        let twoPi = Real(Combination(Number(2), .pi))
        let (h, e, k, nA, c) = (planck, charge, boltzmann, avogadro, light)

        exact("speed_of_light", ["c"], "speed of light in vacuum", "299792458", c, [("m", 1), ("s", -1)], .definingSI)
        exact(
            "planck_constant", ["ℎ"], "Planck constant (h is the hour)", "6.62607015e-34", h, [("J", 1), ("s", 1)],
            .definingSI)
        add(
            "reduced_planck_constant", ["h_bar", "hbar", "ħ", "ℏ"], "reduced Planck constant ℎ/(2π)", "ℎ/(2π)",
            .real(Real(h) / twoPi), [("J", 1), ("s", 1)], .derivedExactly)
        exact(
            "elementary_charge", ["electron_charge", "q_e"], "elementary charge (e is Euler's number)",
            "1.602176634e-19", e, [("A", 1), ("s", 1)], .definingSI)
        exact(
            "boltzmann_constant", ["k_B"], "Boltzmann constant", "1.380649e-23", k, [("J", 1), ("K", -1)],
            .definingSI)
        exact("avogadro_constant", ["N_A"], "Avogadro constant", "6.02214076e23", nA, [("mol", -1)], .definingSI)
        exact(
            "gas_constant", ["molar_gas_constant", "R"], "molar gas constant N_A·k_B", "N_A·k_B", nA * k,
            [("J", 1), ("mol", -1), ("K", -1)], .derivedExactly)
        exact(
            "faraday_constant", ["F_c"], "Faraday constant N_A·e (F is the Fahrenheit)", "N_A·e", nA * e,
            [("A", 1), ("s", 1), ("mol", -1)], .derivedExactly)
        add(
            "stefan_boltzmann_constant", ["sigma_SB"], "Stefan–Boltzmann constant 2π⁵k_B⁴/(15ℎ³c²)",
            "2π⁵k_B⁴/(15ℎ³c²)",
            .real(
                Real(Number(2) * k.raised(to: 4) / (Number(15) * h.raised(to: 3) * c.raised(to: 2)))
                    * Real.pi.raised(to: 5)), [("W", 1), ("m", -2), ("K", -4)], .derivedExactly)
        exact(
            "josephson_constant", ["K_J"], "Josephson constant 2e/ℎ", "2e/ℎ", Number(2) * e / h,
            [("Hz", 1), ("V", -1)], .derivedExactly)
        exact(
            "von_klitzing_constant", ["R_K"], "von Klitzing constant ℎ/e²", "ℎ/e²", h / (e * e), [("Ω", 1)],
            .derivedExactly)
        exact(
            "magnetic_flux_quantum", ["Phi_0", "Φ_0", "Φ0"], "magnetic flux quantum ℎ/(2e)", "ℎ/(2e)",
            h / (Number(2) * e), [("V", 1), ("s", 1)], .derivedExactly)
        exact(
            "conductance_quantum", ["G_0"], "conductance quantum 2e²/ℎ", "2e²/ℎ", Number(2) * e * e / h,
            [("A", 1), ("V", -1)], .derivedExactly)
        exact(
            "standard_gravity", ["gravity", "g0", "g_n"], "standard acceleration of gravity (g is the gram)",
            "9.80665", PhysicalConstant.decimal("9.80665"), [("m", 1), ("s", -2)], .conventional)

        measured(
            "gravitational_constant", ["G"], "Newtonian constant of gravitation", "6.67430e-11",
            [("m", 3), ("kg", -1), ("s", -2)], "2.2e-5")
        measured("electron_mass", ["m_e"], "electron mass", "9.1093837139e-31", [("kg", 1)], "3.1e-10")
        measured("proton_mass", ["m_p"], "proton mass", "1.67262192595e-27", [("kg", 1)], "3.1e-10")
        measured("neutron_mass", ["m_n"], "neutron mass", "1.67492750056e-27", [("kg", 1)], "5.1e-10")
        measured("muon_mass", ["m_mu", "m_μ"], "muon mass", "1.883531627e-28", [("kg", 1)], "2.2e-8")
        measured(
            "atomic_mass_constant", ["atomic_mass_unit", "m_u"], "atomic mass constant (1/12 of carbon-12)",
            "1.66053906892e-27", [("kg", 1)], "3.1e-10")
        measured(
            "fine_structure_constant", ["alpha", "α"], "fine-structure constant", "0.0072973525643", [], "1.5e-10")
        measured(
            "rydberg_constant", ["R_inf", "R_∞"], "Rydberg constant", "10973731.568157", [("m", -1)], "1.1e-12")
        measured("bohr_radius", ["a0", "a_0"], "Bohr radius", "5.29177210544e-11", [("m", 1)], "1.5e-10")
        measured(
            "classical_electron_radius", ["r_e"], "classical electron radius", "2.8179403205e-15", [("m", 1)],
            "4.6e-10")
        measured(
            "compton_wavelength", ["lambda_C", "λ_C"], "Compton wavelength of the electron", "2.42631023538e-12",
            [("m", 1)], "3.1e-10")
        measured(
            "vacuum_permittivity", ["electric_constant", "eps0", "ε0", "ε_0", "epsilon_0"],
            "vacuum electric permittivity ε₀", "8.8541878188e-12", [("A", 1), ("s", 1), ("V", -1), ("m", -1)],
            "1.6e-10")
        measured(
            "vacuum_permeability", ["magnetic_constant", "mu0", "μ0", "µ0", "μ_0", "mu_0"],
            "vacuum magnetic permeability μ₀", "1.25663706127e-6", [("N", 1), ("A", -2)], "1.6e-10")
        measured(
            "bohr_magneton", ["mu_B", "μ_B", "µ_B"], "Bohr magneton (J/T)", "9.2740100657e-24",
            [("A", 1), ("m", 2)], "3.1e-10")
        measured(
            "nuclear_magneton", ["mu_N", "μ_N", "µ_N"], "nuclear magneton (J/T)", "5.0507837393e-27",
            [("A", 1), ("m", 2)], "3.2e-10")
        measured("hartree_energy", ["E_h"], "Hartree energy", "4.359744722206e-18", [("J", 1)], "1.1e-12")
        return all
    }
}
