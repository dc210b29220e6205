import TallyDiagnostics

/// Every unit Tally knows, by each way to write it: symbols (`km`), SI-prefixed symbols
/// (`kHz`, `µs`), full names and plurals (`kilometres`, `feet`). Built once.
public enum UnitTable {
    /// One unit as `help units` lists it.
    public struct Entry: Sendable {
        public let unit: PhysicalUnit
        /// Other spellings: full names, plurals, ASCII forms.
        public let aliases: [String]
        /// What the unit is, for help: "international foot".
        public let description: String
    }

    /// The unit a person wrote as `name` where only a unit can stand, as a command's arguments
    /// read it (`bmi 175 CM`, `bmi 5'9"`): as written, then in lower case with full-width
    /// letters as ASCII (`CM`, `Kg`, `ｃｍ`), then the foot and inch marks (`'` and `′` for ft,
    /// `"`, `″` and `''` for in), which no expression token is made of.
    public static func unit(lenientlyNamed name: String) -> PhysicalUnit? {
        // No unit's name is this long: a word of a megabyte is neither hashed nor folded.
        guard name.utf8.count <= 64 else { return nil }
        if let unit = byName[name] { return unit }
        let folded = folded(name)
        return byName[folded] ?? marks[folded].flatMap { byName[$0] }
    }

    /// The unit written `name` in an expression: its name, or a foot or inch mark (`5'9"`).
    public static func unit(inExpression name: String) -> PhysicalUnit? {
        byName[name] ?? marks[name].flatMap { byName[$0] }
    }

    /// The foot and inch marks.
    public static let marks: [String: String] = ["'": "ft", "\u{2032}": "ft", "\"": "in", "\u{2033}": "in", "''": "in"]

    /// `word` in lower case with full-width ASCII forms (U+FF01…U+FF5E) as ASCII: how a unit or
    /// a command's word is compared when letter case and width do not matter.
    public static func folded(_ word: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in word.unicodeScalars {
            if (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) {
                scalars.append(ascii)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars).lowercased()
    }

    /// The units in the order `help units` lists them, grouped by dimension.
    public static let entries: [Entry] = makeEntries()

    /// The degree of the scale `scale` (°C, °F) as a difference: `degC`, `degF`.
    public static func difference(of scale: PhysicalUnit) -> PhysicalUnit? {
        switch scale.symbol {
        case "°C": return unit(named: "degC")
        case "°F": return unit(named: "degF")
        default: return nil
        }
    }

    /// The calendar's units, as the table made them: they move a date by the calendar
    /// (`+ 1 month`), and a quantity in one of them is shown with its word in the plural unless
    /// it is exactly 1 (`24 days`), which reads back.
    public static let calendarUnits = (
        day: unit(named: "day")!, week: unit(named: "week")!, month: unit(named: "month")!,
        year: unit(named: "year")!
    )

    /// Whether `unit` is one of ``calendarUnits``.
    public static func isCalendarUnit(_ unit: PhysicalUnit) -> Bool {
        unit === calendarUnits.day || unit === calendarUnits.week || unit === calendarUnits.month
            || unit === calendarUnits.year
    }

    /// Every spelling, for completion and suggestions.
    public static var names: [String] { Array(byName.keys).sorted() }

    static let byName: [String: PhysicalUnit] = {
        var table: [String: PhysicalUnit] = [:]
        for entry in entries {
            table[entry.unit.symbol] = entry.unit
            for alias in entry.aliases { table[alias] = entry.unit }
        }
        return table
    }()

    /// Whether `help units` lists the entry with its factor: every unit but the SI-prefixed
    /// forms beyond the common ones, which it lists by symbol after the table.
    public static func isListed(_ entry: Entry) -> Bool {
        !prefixedSymbols.contains(entry.unit.symbol)
    }

    private static let prefixedSymbols: Set<String> = Set(
        entries.suffix(from: entries.firstIndex(where: { $0.unit.symbol == "degF" })! + 1).map(\.unit.symbol))

    /// The factor as help writes it, exactly: `0.3048 m`, `0.51(4) m/s`, `π/180 rad`, and for
    /// a scale the formula to kelvin.
    public static func factorText(_ unit: PhysicalUnit) -> String {
        let base = CompoundUnit.base(of: unit.dimension)?.text ?? ""
        if unit.symbol == "°C" { return "K − 273.15 (a point on a scale)" }
        if unit.symbol == "°F" { return "(°F + 459.67) × 5/9 K (a point on a scale)" }
        if unit.symbol == "degC" { return "1 K (a difference)" }
        if unit.symbol == "degF" { return "5/9 K = 0.(5) K (a difference)" }
        guard let number = unit.factor.number else {
            return unit.symbol == "deg" ? "π/180 rad" : "2π rad"
        }
        let text =
            number.decimalExpansion(limit: 100)?.text
            ?? "\(number.numerator.description())/\(number.denominator.description())"
        return "\(text) \(base)"
    }

    // MARK: Definitions

    private static func decimal(_ text: String) -> Number {
        // Small literals only (definitions below): digits with at most one point.
        var digits = 0
        var scale = 1
        var afterPoint = false
        for character in text.utf8 {
            if character == UInt8(ascii: ".") {
                afterPoint = true
                continue
            }
            digits = digits * 10 + Int(character - UInt8(ascii: "0"))
            if afterPoint { scale *= 10 }
        }
        return Number(numerator: digits, denominator: scale)
    }

    private static func makeEntries() -> [Entry] {
        var entries: [Entry] = []
        let length = Dimension(.length), mass = Dimension(.mass), time = Dimension(.time)
        let data = Dimension(.data), angle = Dimension(.angle), temperature = Dimension(.temperature)
        let area = length * length, volume = area * length
        let speed = length * time.raised(to: -1)!
        let force = mass * length * time.raised(to: -2)!
        let energy = force * length
        let power = energy * time.raised(to: -1)!
        let pressure = force * area.raised(to: -1)!
        let frequency = time.raised(to: -1)!

        func add(
            _ symbol: String, _ factor: Number, _ dimension: Dimension, _ description: String, _ aliases: [String] = []
        ) {
            entries.append(
                Entry(
                    unit: PhysicalUnit(symbol: symbol, factor: .number(factor), dimension: dimension), aliases: aliases,
                    description: description))
        }
        func names(_ singular: String, _ plural: String? = nil) -> [String] {
            [singular, plural ?? singular + "s"]
        }
        func metric(_ singular: String) -> [String] {
            // metre and meter, litre and liter, in both numbers.
            if singular.hasSuffix("metre") {
                let american = String(singular.dropLast(5)) + "meter"
                return names(singular) + names(american)
            }
            if singular.hasSuffix("litre") {
                let american = String(singular.dropLast(5)) + "liter"
                return names(singular) + names(american)
            }
            return names(singular)
        }
        let one = Number(1)
        func tenTo(_ n: Int) -> Number {
            n >= 0 ? Number(BigInteger.power(10, UInt(n))) : Number(BigInteger.power(10, UInt(-n))).reciprocal
        }
        let inch = decimal("0.0254"), foot = decimal("0.3048"), yard = decimal("0.9144")
        let pound = decimal("0.45359237")
        let gravity = decimal("9.80665")
        let gallon = Number(231) * inch * inch * inch

        // Length
        add("m", one, length, "metre (SI)", metric("metre"))
        add("km", tenTo(3), length, "kilometre", ["kms"] + metric("kilometre"))
        add("cm", tenTo(-2), length, "centimetre", ["cms"] + metric("centimetre"))
        add("mm", tenTo(-3), length, "millimetre", metric("millimetre"))
        add("µm", tenTo(-6), length, "micrometre", ["um", "μm"] + metric("micrometre") + names("micron"))
        add("nm", tenTo(-9), length, "nanometre", metric("nanometre"))
        add("in", inch, length, "inch (international)", ["inch", "inches", "ins"])
        add("ft", foot, length, "foot (international)", ["foot", "feet"])
        add("yd", yard, length, "yard (international)", ["yds"] + names("yard"))
        add("mi", Number(1760) * yard, length, "mile (international)", names("mile"))
        // NM as numbat and fend write it; nm stays the nanometre.
        add("nmi", Number(1852), length, "nautical mile", ["NM"] + names("nautical_mile"))
        // Mass
        add(
            "kg", one, mass, "kilogram (SI)",
            ["kgs"] + names("kilogram") + names("kilogramme") + ["kilo", "kilos"])
        add("g", tenTo(-3), mass, "gram", names("gram") + names("gramme"))
        add("mg", tenTo(-6), mass, "milligram", names("milligram"))
        add("µg", tenTo(-9), mass, "microgram", ["ug", "μg"] + names("microgram"))
        add("t", tenTo(3), mass, "tonne (metric ton)", names("tonne"))
        add("lb", pound, mass, "pound (international avoirdupois)", ["lbs"] + names("pound"))
        add("oz", pound / Number(16), mass, "ounce (avoirdupois, 1/16 lb)", names("ounce"))
        add("st", Number(14) * pound, mass, "stone (14 lb)", ["stone", "stones"])
        // Time
        add("s", one, time, "second (SI)", ["sec", "secs"] + names("second"))
        add("ms", tenTo(-3), time, "millisecond", names("millisecond"))
        add("µs", tenTo(-6), time, "microsecond", ["us", "μs"] + names("microsecond"))
        add("ns", tenTo(-9), time, "nanosecond", names("nanosecond"))
        add("min", Number(60), time, "minute", ["mins"] + names("minute"))
        add("h", Number(3600), time, "hour", ["hr", "hrs"] + names("hour"))
        add("day", Number(86400), time, "day (86,400 s)", ["days", "d"])
        add("week", Number(604800), time, "week (7 days)", ["weeks", "wk"])
        // The Gregorian mean month and year; on a date they add by the calendar instead.
        add("month", Number(2_629_746), time, "month (1/12 Gregorian year; calendar months on dates)", ["months"])
        add(
            "year", Number(31_556_952), time, "year (Gregorian, 365.2425 days; calendar years on dates)",
            ["years", "yr"])
        // Volume
        add("L", tenTo(-3), volume, "litre", ["l"] + metric("litre"))
        add("mL", tenTo(-6), volume, "millilitre", ["ml"] + metric("millilitre"))
        add("gal", gallon, volume, "US gallon (231 in^3)", names("gallon"))
        add("qt", gallon / Number(4), volume, "US quart (1/4 gal)", names("quart"))
        add("pt", gallon / Number(8), volume, "US pint (1/8 gal)", names("pint"))
        add("cup", gallon / Number(16), volume, "US cup (1/16 gal)", ["cups"])
        add("floz", gallon / Number(128), volume, "US fluid ounce (1/128 gal)", ["fl_oz"] + names("fluid_ounce"))
        // The US customary spoons of NIST SP 811 (B.8: tablespoon 1.478 676 E-05 m^3, teaspoon
        // 4.928 922 E-06 m^3) and GNU units (tbsp, tsp): exactly 1/2 and 1/6 of the fluid ounce.
        add("tbsp", gallon / Number(256), volume, "US tablespoon (1/2 floz)", ["tbsps", "tbs"] + names("tablespoon"))
        add("tsp", gallon / Number(768), volume, "US teaspoon (1/6 floz)", ["tsps"] + names("teaspoon"))
        // Area
        add("ha", tenTo(4), area, "hectare", names("hectare"))
        add("acre", Number(4840) * yard * yard, area, "acre (4,840 international yd^2)", ["acres"])
        // Square units as one word (GNU units' sqft, sqmi, …): exact squares of their lengths.
        add("sqm", one, area, "square metre (m^2)", [])
        add("sqkm", tenTo(6), area, "square kilometre (km^2)", [])
        add("sqin", inch * inch, area, "square inch (in^2)", [])
        add("sqft", foot * foot, area, "square foot (ft^2)", [])
        add("sqyd", yard * yard, area, "square yard (yd^2)", [])
        add("sqmi", Number(1760 * 1760) * yard * yard, area, "square mile (mi^2)", [])
        // Speed
        add("mph", Number(1760) * yard / Number(3600), speed, "mile per hour", [])
        add("kph", tenTo(3) / Number(3600), speed, "kilometre per hour (km/h)", ["kmh", "kmph"])
        add("kn", Number(1852) / Number(3600), speed, "knot (nautical mile per hour)", ["kt"] + names("knot"))
        // Fuel economy: a length per volume (NIST SP 811 B.8: mpg = 4.251 437 E-01 km/L; GNU units'
        // mpg). L/100km is a volume per length, an area: exactly 0.001 m^3 / 100,000 m = 1e-8 m^2;
        // `to` converts between the two by the reciprocal.
        add("mpg", Number(1760) * yard / gallon, length * volume.raised(to: -1)!, "mile per US gallon", [])
        add("L/100km", tenTo(-8), area, "litre per 100 kilometres (fuel consumption)", [])
        // Force
        add("N", one, force, "newton (SI)", names("newton"))
        add("lbf", pound * gravity, force, "pound-force", [])
        // Energy
        add("J", one, energy, "joule (SI)", names("joule"))
        add("kJ", tenTo(3), energy, "kilojoule", names("kilojoule"))
        add("cal", decimal("4.184"), energy, "thermochemical calorie", names("calorie"))
        add("kcal", Number(4184), energy, "kilocalorie", names("kilocalorie") + ["Cal"])
        add("Wh", Number(3600), energy, "watt-hour", [])
        add("kWh", Number(3_600_000), energy, "kilowatt-hour", [])
        // Power
        add("W", one, power, "watt (SI)", names("watt"))
        add("kW", tenTo(3), power, "kilowatt", names("kilowatt"))
        add("hp", Number(550) * foot * pound * gravity, power, "mechanical horsepower (550 ft lbf/s)", ["horsepower"])
        // Pressure
        add("Pa", one, pressure, "pascal (SI)", names("pascal"))
        add("kPa", tenTo(3), pressure, "kilopascal", [])
        add("bar", tenTo(5), pressure, "bar", ["bars"])
        add("atm", Number(101_325), pressure, "standard atmosphere", names("atmosphere"))
        add("psi", pound * gravity / (inch * inch), pressure, "pound-force per square inch", [])
        add("mmHg", decimal("133.322387415"), pressure, "millimetre of mercury (13.5951 g/cm^3 × g₀ × 1 mm)", [])
        // Frequency
        add("Hz", one, frequency, "hertz (SI)", ["hertz"])
        add("kHz", tenTo(3), frequency, "kilohertz", ["kilohertz"])
        add("MHz", tenTo(6), frequency, "megahertz", ["megahertz"])
        add("GHz", tenTo(9), frequency, "gigahertz", ["gigahertz"])
        // Electricity and amount of substance: the SI's ampere and mole, and the units the
        // physical constants are written in (the electronvolt is exact since the 2019 SI).
        let current = Dimension(.current), voltage = power * current.raised(to: -1)!
        add("A", one, current, "ampere (SI)", names("ampere") + names("amp"))
        add("mA", tenTo(-3), current, "milliampere", names("milliampere"))
        add("mol", one, Dimension(.amount), "mole (SI)", names("mole") + ["mols"])
        add("V", one, voltage, "volt (W/A)", names("volt"))
        add("mV", tenTo(-3), voltage, "millivolt", names("millivolt"))
        add("kV", tenTo(3), voltage, "kilovolt", names("kilovolt"))
        add("Ω", one, voltage * current.raised(to: -1)!, "ohm (V/A)", ["ohm", "ohms"])
        let electronvolt = Number(numerator: BigInteger(1_602_176_634), denominator: BigInteger.power(10, 28))
        add("eV", electronvolt, energy, "electronvolt (1.602176634e-19 J, exact)", names("electronvolt"))
        add("keV", electronvolt * tenTo(3), energy, "kiloelectronvolt", [])
        add("MeV", electronvolt * tenTo(6), energy, "megaelectronvolt", [])
        add("GeV", electronvolt * tenTo(9), energy, "gigaelectronvolt", [])
        // Data
        add("bit", one, data, "bit", ["bits"])
        add("B", Number(8), data, "byte (8 bits)", names("byte"))
        add("kB", Number(8) * tenTo(3), data, "kilobyte (1000 B)", names("kilobyte"))
        add("MB", Number(8) * tenTo(6), data, "megabyte (10^6 B)", names("megabyte"))
        add("GB", Number(8) * tenTo(9), data, "gigabyte (10^9 B)", names("gigabyte"))
        add("TB", Number(8) * tenTo(12), data, "terabyte (10^12 B)", names("terabyte"))
        add("KiB", Number(8 << 10), data, "kibibyte (1024 B)", names("kibibyte"))
        add("MiB", Number(8 << 20), data, "mebibyte (2^20 B)", names("mebibyte"))
        add("GiB", Number(8 << 30), data, "gibibyte (2^30 B)", names("gibibyte"))
        add("TiB", Number(8 << 40), data, "tebibyte (2^40 B)", names("tebibyte"))
        // Angle: the radian is the SI unit, so the others are exact multiples of π.
        add("rad", one, angle, "radian (SI)", names("radian"))
        entries.append(
            Entry(
                unit: PhysicalUnit(symbol: "deg", factor: .real(Real.radiansPerDegree), dimension: angle),
                aliases: names("degree"), description: "degree (π/180 rad); 30° alone is the angle operator"))
        entries.append(
            Entry(
                unit: PhysicalUnit(symbol: "turn", factor: .real(Real.pi * Real(Number(2))), dimension: angle),
                aliases: ["turns", "rev", "revs", "revolution", "revolutions"], description: "turn (2π rad)"))
        // Temperature: kelvin, the two scales with an offset, and their degrees as differences
        // (GNU units' degC and degF; Δ°C and Δ°F are read as them too).
        add("K", one, temperature, "kelvin (SI); also a temperature difference", ["kelvin", "kelvins", "ΔK"])
        entries.append(
            Entry(
                unit: PhysicalUnit(
                    symbol: "°C", factor: .number(one), offset: decimal("273.15"), dimension: temperature),
                aliases: ["celsius", "Celsius", "C"],
                description: "degree Celsius (K − 273.15)"))
        entries.append(
            Entry(
                unit: PhysicalUnit(
                    symbol: "°F", factor: .number(Number(numerator: 5, denominator: 9)),
                    offset: decimal("459.67") * Number(numerator: 5, denominator: 9), dimension: temperature),
                aliases: ["fahrenheit", "Fahrenheit", "F"],
                description: "degree Fahrenheit ((°F + 459.67) × 5/9 K)"))
        entries.append(
            Entry(
                unit: PhysicalUnit(
                    symbol: "degC", factor: .number(one), dimension: temperature, isTemperatureDifference: true),
                aliases: ["Δ°C", "ΔC"], description: "a difference of 1 °C (1 K)"))
        entries.append(
            Entry(
                unit: PhysicalUnit(
                    symbol: "degF", factor: .number(Number(numerator: 5, denominator: 9)), dimension: temperature,
                    isTemperatureDifference: true),
                aliases: ["Δ°F", "ΔF"], description: "a difference of 1 °F (5/9 K)"))
        entries.append(contentsOf: prefixed(entries, energy: energy, power: power, pressure: pressure, force: force))
        return entries
    }

    /// SI prefixes on the SI units where they make sense (`MJ`, `GW`, `hPa`, `kN`, `µL`),
    /// beyond the common ones listed above.
    private static func prefixed(
        _ entries: [Entry], energy: Dimension, power: Dimension, pressure: Dimension, force: Dimension
    ) -> [Entry] {
        let prefixes: [(String, String, Int)] = [
            ("n", "nano", -9), ("µ", "micro", -6), ("m", "milli", -3), ("c", "centi", -2), ("d", "deci", -1),
            ("h", "hecto", 2), ("k", "kilo", 3), ("M", "mega", 6), ("G", "giga", 9), ("T", "tera", 12),
        ]
        let bases: [(String, String, Set<String>)] = [
            ("m", "metre", ["d", "h", "M", "G", "T"]), ("g", "gram", ["c", "d", "h", "k", "M", "G", "T"]),
            ("s", "second", ["c", "d", "h", "k", "M", "G", "T"]), ("L", "litre", ["k", "M", "G", "T"]),
            ("J", "joule", ["c", "d", "h"]), ("W", "watt", ["c", "d", "h"]), ("Pa", "pascal", ["n", "µ", "c", "d"]),
            ("N", "newton", ["c", "d", "h"]), ("Wh", "watt-hour", ["n", "µ", "c", "d", "h"]),
            ("Hz", "hertz", ["c", "d", "h"]),
        ]
        var known = Set(entries.map(\.unit.symbol))
        var result: [Entry] = []
        for (base, baseName, excluded) in bases {
            guard let unit = entries.first(where: { $0.unit.symbol == base })?.unit else { continue }
            for (prefix, prefixName, power) in prefixes where !excluded.contains(prefix) {
                let symbol = prefix + base
                guard !known.contains(symbol) else { continue }
                known.insert(symbol)
                let scale =
                    power >= 0
                    ? Number(BigInteger.power(10, UInt(power))) : Number(BigInteger.power(10, UInt(-power))).reciprocal
                guard let factor = unit.factor.number else { continue }
                var aliases = prefix == "µ" ? ["u" + base, "μ" + base] : []
                if baseName == "hertz" {
                    aliases += [prefixName + baseName]
                } else if baseName != "watt-hour" {
                    aliases += [prefixName + baseName, prefixName + baseName + "s"]
                }
                result.append(
                    Entry(
                        unit: PhysicalUnit(symbol: symbol, factor: .number(factor * scale), dimension: unit.dimension),
                        aliases: aliases, description: "\(prefixName)\(baseName)"))
            }
        }
        return result
    }
}
