import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyCore

/// The display rules of docs/language.md on `Number` directly.
@Suite struct NumberFormattingTests {
    @Test(arguments: [
        (1, 3, 20, "0.33333333333333333333", true),
        (2, 3, 20, "0.66666666666666666667", true),
        (-2, 3, 20, "-0.66666666666666666667", true),
        (7, 2, 20, "3.5", false),
        (1, 8, 20, "0.125", false),
        (1, 8, 2, "0.13", true),  // tie → away from zero
        (-1, 8, 2, "-0.13", true),
        (5, 2, 1, "3", true),
        (999_999, 1_000_000, 3, "1", true),  // 0.999999 rounds up to 1.00
        (1, 3_000_000, 5, "3.3333e-7", true),
        (123_456_789, 10, 5, "1.2346e7", true),
        (1, 1_000_000, 20, "0.000001", false),
    ])
    func smallFractions(_ numerator: Int, _ denominator: Int, _ digits: Int, _ text: String, _ rounded: Bool) {
        let value = Number(numerator: numerator, denominator: denominator)
        let shown = value.formatted(significantDigits: digits)
        #expect(shown.text == text)
        #expect(shown.isRounded == rounded)
    }

    /// Integers in a word, and GMP integers whose size fits one, are written digit by digit
    /// without GMP: the text is Swift's own, for every length and sign.
    @Test func wordSizedIntegersAreWrittenAsSwiftWritesThem() {
        var generator = SplitMix64(seed: 64)
        var mismatches: [String] = []
        func check(_ number: Number, _ expected: String) {
            let text = number.withText(significantDigits: 20) { bytes, _ in String(decoding: bytes, as: UTF8.self) }
            if text != expected { mismatches.append("\(expected) written \(text)") }
        }
        var words: [UInt] = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, UInt(Int.max), UInt(Int.max) + 1, UInt.max]
        for _ in 0..<3000 {
            let shift = UInt.random(in: 0...63, using: &generator)
            words.append(UInt.random(in: 0...UInt.max, using: &generator) >> shift)
        }
        for word in words {
            if let small = Int(exactly: word) {
                check(Number(small), "\(small)")
                check(Number(-small), small == 0 ? "0" : "-\(small)")
            }
            check(Number(storage: .bigInteger(BigInteger(word))), "\(word)")
            check(Number(storage: .bigInteger(-BigInteger(word))), word == 0 ? "0" : "-\(word)")
        }
        check(Number(Int.min), "\(Int.min)")
        check(Number(BigInteger(UInt.max) + BigInteger(1)), "18446744073709551616")
        check(Number(-BigInteger(UInt.max) - BigInteger(1)), "-18446744073709551616")
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func integersAreShownInFull() {
        let value = Number(BigInteger.power(10, 50))
        #expect(value.formatted(significantDigits: 5).text == "1" + String(repeating: "0", count: 50))
        #expect(!value.formatted(significantDigits: 5).isRounded)
    }

    @Test func bigFractionsRoundLikeSmallOnes() {
        let big = Number(
            numerator: BigInteger.power(10, 40) + BigInteger(2), denominator: BigInteger(3) * BigInteger.power(10, 40))
        #expect(big.formatted(significantDigits: 20).text == "0.33333333333333333333")
        let tiny = Number(numerator: BigInteger(15), denominator: BigInteger.power(10, 31))
        #expect(tiny.formatted(significantDigits: 20).text == "1.5e-30")
    }

    @Test func approximateValuesAreAlwaysRounded() {
        let almostTwo = Real.root(Real(Number(2)), 2) * Real.root(Real(Number(2)), 3)
        #expect(ValueFormatter(.decimal(significantDigits: 3)).format(.real(almostTwo)).isRounded)
        #expect(
            Number.layout(DecimalSignificand(isNegative: false, digits: [2], exponent: 1), significantDigits: 20)
                == FormattedNumber(text: "2", isRounded: true))
    }
}
