import Testing

@testable import TallyCore

/// The parser looks units up by their bytes (`UnitTable.unit(inExpression:)` on a buffer); it
/// must find exactly what the lookup by `String` finds, for every name and for near misses.
@Suite struct UnitByteIndexTests {
    func unit(bytesOf name: String) -> PhysicalUnit? {
        var name = name
        return name.withUTF8 { UnitTable.unit(inExpression: $0) }
    }

    @Test func everyNameAndMarkFindsTheSameUnit() {
        let names = Array(UnitTable.byName.keys) + Array(UnitTable.marks.keys)
        #expect(names.count > 400)
        for name in names {
            let expected = UnitTable.unit(inExpression: name)
            #expect(expected != nil, "\(name)")
            #expect(unit(bytesOf: name) === expected, "\(name)")
        }
    }

    @Test func unitNamedIsTheTablesNamesExactly() {
        for (name, unit) in UnitTable.byName {
            #expect(UnitTable.unit(named: name) === unit, "\(name)")
        }
        for mark in UnitTable.marks.keys where UnitTable.byName[mark] == nil {
            #expect(UnitTable.unit(named: mark) == nil, "\(mark)")
        }
        for miss in ["", "KM", "kms", "x", "meterss", String(repeating: "m", count: 40)] {
            #expect(UnitTable.unit(named: miss) === UnitTable.byName[miss], "\(miss)")
        }
    }

    @Test func nearMissesAndOtherWordsFindNothing() {
        var misses = ["", "x", "Km", "kmh", "days2", "MJJ", "meterss", "°", "Δ", "sq", "fl", "weekday", "today"]
        for name in UnitTable.byName.keys {
            misses.append(name + "x")
            misses.append("x" + name)
            misses.append(String(name.dropLast()))
            misses.append(name.uppercased())
            misses.append(name + String(repeating: "s", count: 17))
        }
        for name in misses {
            #expect(unit(bytesOf: name) === UnitTable.unit(inExpression: name), "\(name)")
        }
    }
}

/// A quantity in one named unit reads the table's own compound unit (`UnitTable.singles`).
@Suite struct SingleUnitTests {
    @Test func everyNameHasItsUnitsSingle() {
        for name in UnitTable.byName.keys where name.utf8.count <= 16 {
            var bytes = name
            let index = bytes.withUTF8 { UnitTable.singleIndex(inExpression: $0) }
            #expect(index.map { UnitTable.singles[$0] } == CompoundUnit(UnitTable.unit(named: name)!), "\(name)")
        }
        var unknown = "furlongs"
        #expect(unknown.withUTF8 { UnitTable.singleIndex(inExpression: $0) } == nil)
    }
}
