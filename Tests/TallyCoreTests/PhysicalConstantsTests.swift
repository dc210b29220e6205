import TallyDiagnostics
import Testing

@testable import TallyCore

@Suite struct PhysicalConstantsTests {
    @Test func everyNameIsOneConstantsAndNoUnitsOrFunctions() {
        var seen: Set<String> = []
        for name in PhysicalConstants.names {
            #expect(seen.insert(name).inserted, "\(name) names two constants")
            #expect(UnitTable.unit(named: name) == nil, "\(name) is a unit's name")
            #expect(FunctionTable.builtIn.entry(named: name) == nil, "\(name) is a built-in's name")
        }
    }

    @Test func measuredOnesCarryTheirUncertaintyAndExactOnesNone() {
        for constant in PhysicalConstants.all {
            #expect((constant.source == .codata2022) == (constant.relativeUncertainty != nil), "\(constant.name)")
        }
    }

    @Test(arguments: [
        ("speed_of_light * 1 s to km", "299792.458 km"),
        ("c", "299792458 m/s"),
        ("N_A * k_B == gas_constant", "true"),
        ("m_e", "9.1093837139e-31 kg"),
        ("elementary_charge / (1 A*s)", "1.602176634e-19"),
        ("3 m_e / m_e", "3"),
    ])
    func valuesTakePartInUnitArithmetic(_ line: String, _ expected: String) throws {
        var evaluator = Evaluator()
        switch try run(line, in: &evaluator) {
        case .value(let value), .shown(let value, _):
            #expect(ValueFormatter(.decimal(significantDigits: 20)).format(value).text == expected)
        default:
            Issue.record("no value for \(line)")
        }
    }

    @Test func aVariableShadowsAConstantWithAWarning() throws {
        var evaluator = Evaluator()
        _ = try run("c = 3", in: &evaluator)
        #expect(evaluator.lineWarnings.map(\.id) == [.shadowsConstant])
        #expect(try evaluate(["c = 3", "c + 1"]) == "4")
        _ = try run("c = 4", in: &evaluator)
        #expect(evaluator.lineWarnings.isEmpty, "only the first assignment warns")
    }
}
