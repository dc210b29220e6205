import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyCore

/// Modular powers in Montgomery form, on 64- and 128-bit words, against GMP's `mpz_powm`: moduli
/// small, mid-sized and just below the word's top (where the sum of the high halves overflows
/// a word), with exponents of every size.
@Suite struct MontgomeryTests {
    /// `rounds` random powers for each modulus size in `bits` (the top bit set in every other
    /// one), and every power of `edges` × `edges` × `exponents`: what differs from GMP.
    static func mismatches<Word: FixedWidthInteger & UnsignedInteger>(
        _: Word.Type, bits: [Int], rounds: Int, edges: [Word] = [], exponents: [UInt] = [], seed: UInt64
    ) -> [String] where Word.Magnitude == Word {
        var generator = SplitMix64(seed: seed)
        var cases: [(base: Word, exponent: UInt, modulus: Word)] = []
        for size in bits {
            for round in 0..<rounds {
                var modulus = Word.random(in: 0...Word.max, using: &generator) >> (Word.bitWidth - size)
                if round % 2 == 0 { modulus |= 1 << (size - 1) }
                let exponent = UInt.random(in: 0...UInt.max, using: &generator) >> (round % 64)
                cases.append((Word.random(in: 0...Word.max, using: &generator), exponent, modulus | 1))
            }
        }
        for modulus in edges where modulus & 1 == 1 {
            for base in edges + [modulus - 1] {
                for exponent in exponents { cases.append((base, exponent, modulus)) }
            }
        }
        return cases.compactMap { base, exponent, modulus in
            let got = BigInteger("\(Montgomery(modulus: modulus).power(base, exponent))")!
            let expected = BigInteger("\(base)")!.power(
                BigInteger(exponent), modulo: BigInteger("\(modulus)")!)
            if got == expected { return nil }
            return "\(base)^\(exponent) mod \(modulus): \(got.description()), GMP \(expected.description())"
        }
    }

    @Test func wordPowersAgreeWithGMP() {
        let mismatches = Self.mismatches(
            UInt.self, bits: [2, 3, 17, 32, 33, 62, 63, 64], rounds: 1500,
            edges: [0, 1, 3, 1 << 63 | 1, UInt.max - 2, UInt.max], exponents: [0, 1, 2, UInt.max], seed: 2026)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func wideWordPowersAgreeWithGMP() {
        let mismatches = Self.mismatches(
            UInt128.self, bits: [5, 64, 65, 100, 127, 128], rounds: 300, edges: [1, 3, UInt128.max],
            exponents: [0, 1, UInt.max], seed: 128)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
