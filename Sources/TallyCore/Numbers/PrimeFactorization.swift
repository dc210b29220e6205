import CGMP
import TallyDiagnostics

/// The prime factorization of an integer: trial division by the small primes, GMP's primality
/// test, and Pollard's rho (Brent's variant) to split what is left — in machine words when it
/// fits, on GMP otherwise. Its steps count against the line's work budget, and Ctrl-C or the
/// budget stops it (a large enough semiprime can take as long as one likes).
public enum PrimeFactorization {
    /// The prime factors of |n| (n ≠ 0) with their exponents, smallest first; nil when Ctrl-C
    /// or the work budget stopped the work (``LineWork``). 1 has none.
    public static func factors(of n: BigInteger) -> [(prime: BigInteger, exponent: Int)]? {
        var found: [BigInteger] = []
        var rest = n.magnitude
        // Trial division by 2, 3 and then 6k ± 1 up to a small bound.
        var divisor: UInt = 2
        while divisor < 10_000 && !rest.isOne {
            if rest.remainder(dividingBy: divisor) == 0 {
                let (quotient, count) = rest.removingFactor(divisor)
                found += Array(repeating: BigInteger(Int(divisor)), count: count)
                rest = quotient
            }
            divisor += divisor < 5 ? (divisor == 2 ? 1 : 2) : (divisor % 6 == 5 ? 2 : 4)
        }
        var pending = rest.isOne ? [] : [rest]
        while let composite = pending.popLast() {
            if !LineWork.charge(WorkCost.primalityTest(digits: Double(composite.bitWidth) * 0.30103)) { return nil }
            if composite.isProbablePrime || composite.compare(100_000_000) < 0 {
                // No factor below 10^4 remains, so anything below 10^8 is prime.
                found.append(composite)
                continue
            }
            guard let factor = splitting(composite) else { return nil }
            pending.append(factor)
            pending.append(composite.exactQuotient(factor))
        }
        found.sort(by: <)
        var result: [(prime: BigInteger, exponent: Int)] = []
        for prime in found {
            if let last = result.last, last.prime == prime {
                result[result.count - 1].exponent += 1
            } else {
                result.append((prime, 1))
            }
        }
        return result
    }

    /// A non-trivial factor of an odd composite `n`; nil when Ctrl-C stopped the search.
    static func splitting(_ n: BigInteger) -> BigInteger? {
        if let small = n.intValue {
            for constant in 1..<UInt(1000) {
                if let factor = rho(UInt(small), constant) { return BigInteger(Int(factor)) }
                if LineWork.mustStop { return nil }
            }
            return nil
        }
        if n.bitWidth < 127, let wide = UInt128(exactly: n) {
            let montgomery = Montgomery<UInt128>(modulus: wide)
            for constant in 1..<UInt128(1000) {
                if let factor = montgomery.rho(constant) { return BigInteger(factor) }
                if LineWork.mustStop { return nil }
            }
            return nil
        }
        for constant in 1..<UInt(1000) {
            if let factor = rho(n, constant) { return factor }
            if LineWork.mustStop { return nil }
        }
        return nil
    }

    /// Brent's cycle finding on x ↦ x² + c (mod n), in machine words; nil when this `c` fails.
    private static func rho(_ n: UInt, _ c: UInt) -> UInt? {
        brent(n, c) { x, y in
            let product = x.multipliedFullWidth(by: y)
            return n.dividingFullWidth((product.high, product.low)).remainder
        }
    }

    /// Brent's cycle finding on x ↦ x² + c modulo `n` in a fixed-width word, with `multiply`
    /// the product modulo n (plain, or in Montgomery form: the gcds with n are the same);
    /// nil when this `c` fails or Ctrl-C stops it.
    @inline(__always)
    static func brent<Word: FixedWidthInteger & UnsignedInteger>(
        _ n: Word, _ c: Word, multiply: (Word, Word) -> Word
    ) -> Word? {
        @inline(__always) func step(_ x: Word) -> Word {
            let square = multiply(x, x)
            return square >= n &- c ? square &- (n &- c) : square &+ c
        }
        var y: Word = 2
        var x = y
        var saved = y
        var g: Word = 1
        var product: Word = 1
        var length = 1
        let batch = 128
        while g == 1 {
            x = y
            for _ in 0..<length { y = step(y) }
            var done = 0
            while done < length && g == 1 {
                saved = y
                for _ in 0..<Swift.min(batch, length - done) {
                    y = step(y)
                    product = multiply(product, x > y ? x &- y : y &- x)
                }
                g = binaryGCD(product, n)
                done += batch
                // About a step of the budget for each step of the walk.
                if !LineWork.charge(Double(batch)) { return nil }
            }
            length *= 2
            if length > 1 << 40 { return nil }
        }
        if g == n {
            repeat {
                saved = step(saved)
                g = binaryGCD(x > saved ? x &- saved : saved &- x, n)
            } while g == 1
        }
        return g == n ? nil : g
    }

    /// Binary gcd in a fixed-width word.
    @inline(__always)
    static func binaryGCD<Word: FixedWidthInteger & UnsignedInteger>(_ a: Word, _ b: Word) -> Word {
        var a = a
        var b = b
        if a == 0 { return b }
        if b == 0 { return a }
        // Masking shifts: a non-zero word has fewer trailing zeros than bits.
        let shift = (a | b).trailingZeroBitCount
        a &>>= a.trailingZeroBitCount
        repeat {
            b &>>= b.trailingZeroBitCount
            if a > b { swap(&a, &b) }
            b &-= a
        } while b != 0
        return a &<< shift
    }

    /// The same on GMP integers, with every temporary allocated once.
    private static func rho(_ n: BigInteger, _ c: UInt) -> BigInteger? {
        let registers = UnsafeMutablePointer<__mpz_struct>.allocate(capacity: 7)
        for index in 0..<7 { __gmpz_init_set_ui(registers + index, index < 3 ? 2 : 1) }
        defer {
            for index in 0..<7 { __gmpz_clear(registers + index) }
            registers.deallocate()
        }
        let y = registers, x = registers + 1, saved = registers + 2, g = registers + 3
        let product = registers + 4, difference = registers + 5, scratch = registers + 6
        let modulus = n.pointer
        func step(_ value: UnsafeMutablePointer<__mpz_struct>) {
            __gmpz_mul(scratch, value, value)
            __gmpz_add_ui(scratch, scratch, c)
            __gmpz_tdiv_r(value, scratch, modulus)
        }
        var length = 1
        let batch = 128
        let stepCost = 4 * WorkCost.multiplication(digits: Double(n.bitWidth) * 0.30103)
        while __gmpz_cmp_ui(g, 1) == 0 {
            __gmpz_set(x, y)
            for _ in 0..<length { step(y) }
            var done = 0
            while done < length && __gmpz_cmp_ui(g, 1) == 0 {
                __gmpz_set(saved, y)
                for _ in 0..<Swift.min(batch, length - done) {
                    step(y)
                    __gmpz_sub(difference, x, y)
                    __gmpz_mul(scratch, product, difference)
                    __gmpz_tdiv_r(product, scratch, modulus)
                }
                __gmpz_gcd(g, product, modulus)
                done += batch
                // Each step of the walk: two products and two remainders.
                if !LineWork.charge(Double(batch) * stepCost) { return nil }
            }
            length *= 2
            if length > 1 << 40 || LineWork.mustStop { return nil }
        }
        if __gmpz_cmp(g, modulus) == 0 {
            repeat {
                step(saved)
                __gmpz_sub(difference, x, saved)
                __gmpz_gcd(g, difference, modulus)
            } while __gmpz_cmp_ui(g, 1) == 0
        }
        if __gmpz_cmp(g, modulus) == 0 { return nil }
        return BigInteger.make { __gmpz_set($0, g) }
    }
}

extension UInt128 {
    /// The value of a non-negative GMP integer that fits.
    init?(exactly value: BigInteger) {
        guard value.signum >= 0, value.bitWidth <= 128 else { return nil }
        let low = UInt64(truncatingIfNeeded: __gmpz_getlimbn(value.pointer, 0))
        let high = __gmpz_size(value.pointer) > 1 ? UInt64(truncatingIfNeeded: __gmpz_getlimbn(value.pointer, 1)) : 0
        self = UInt128(high) << 64 | UInt128(low)
    }
}

extension BigInteger {
    /// The integer equal to a 128-bit word.
    convenience init(_ value: UInt128) {
        self.init()
        __gmpz_set_ui(pointer, UInt(truncatingIfNeeded: value >> 64))
        __gmpz_mul_2exp(pointer, pointer, 64)
        __gmpz_add_ui(pointer, pointer, UInt(truncatingIfNeeded: value))
    }
}

extension Montgomery where Word == UInt128 {
    /// Brent's cycle finding on x ↦ x² + c in Montgomery form, modulo an odd n < 2^127 (numbers
    /// of up to 38 digits): several times faster than on GMP integers. Nil when this `c` fails.
    func rho(_ c: UInt128) -> UInt128? {
        PrimeFactorization.brent(modulus, c, multiply: multiply)
    }
}
