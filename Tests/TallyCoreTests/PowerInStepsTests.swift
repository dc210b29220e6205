import Testing

@testable import TallyCore

/// Modular powers computed in steps that Ctrl-C can stop agree with GMP's single call, and
/// shown roundings read back as the numbers they stand for.
@Suite("Modular powers in steps")
struct PowerInStepsTests {
    @Test(arguments: [64, 100, 257])
    func stepsAgreeWithOneCall(stepBits: Int) {
        let modulus = BigInteger.power(10, 300) + BigInteger(7)
        for (base, exponent) in [
            (BigInteger(3), BigInteger.power(10, 200)),
            (BigInteger.power(7, 90), BigInteger.power(2, 1000) - BigInteger(1)),
            (BigInteger(2), BigInteger(65)), (BigInteger(12345), BigInteger.power(3, 500)),
        ] {
            let stepped = base.power(exponent, modulo: modulus, stepBits: stepBits) { false }
            #expect(stepped == base.power(exponent, modulo: modulus))
        }
    }

    @Test func aStopRequestEndsThePower() {
        let modulus = BigInteger.power(10, 300) + BigInteger(7)
        var asked = 0
        let stopped = BigInteger(3).power(BigInteger.power(10, 200), modulo: modulus, stepBits: 64) {
            asked += 1
            return asked == 3
        }
        #expect(stopped == nil)
        #expect(asked == 3)
    }

    @Test func fermatToBaseTwo() {
        #expect(BigInteger.power(2, 521).passesFermatTestToBaseTwo { false } == false)
        #expect((BigInteger.power(2, 521) - BigInteger(1)).passesFermatTestToBaseTwo { false } == true)
        #expect((BigInteger.power(10, 300) + BigInteger(1)).passesFermatTestToBaseTwo { false } == false)
    }

    @Test(arguments: [
        ("60", Number(60)), ("-59.5", Number(numerator: -119, denominator: 2)), ("6e1", Number(60)),
        ("1_000.25", Number(numerator: 4001, denominator: 4)), ("2.5e-3", Number(numerator: 1, denominator: 400)),
    ])
    func roundedTextReadsBack(text: String, value: Number) {
        #expect(Number(roundedText: text) == value)
    }

    @Test(arguments: ["?", "", "-", "1e", "1.2.3", "abc"])
    func otherTextIsNotANumber(text: String) {
        #expect(Number(roundedText: text) == nil)
    }
}
