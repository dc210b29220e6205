import TallyDiagnostics

/// Arithmetic modulo an odd n in Montgomery form (x·R mod n, R = 2^`Word.bitWidth`): a product
/// costs three wide multiplications and no division. A remainder of a double-width product by
/// n is otherwise a call into the compiler's runtime (`__umodti3`) at every step — slower than
/// GMP for a modular power on machine words, and several times slower for Pollard's rho.
struct Montgomery<Word: FixedWidthInteger & UnsignedInteger> where Word.Magnitude == Word {
    let modulus: Word
    /// -modulus⁻¹ mod R.
    let inverse: Word

    init(modulus: Word) {
        precondition(modulus & 1 == 1, "Montgomery form needs an odd modulus")
        self.modulus = modulus
        // Newton's iteration doubles the correct low bits each step: 1 → 64 in 6 steps, → 128 in 7.
        var inverse: Word = 1
        var correctBits = 1
        while correctBits < Word.bitWidth {
            inverse = inverse &* (2 &- modulus &* inverse)
            correctBits *= 2
        }
        self.inverse = 0 &- inverse
    }

    /// a·b·R⁻¹ mod n, for a, b < n.
    @inline(__always)
    func multiply(_ a: Word, _ b: Word) -> Word {
        let product = a.multipliedFullWidth(by: b)
        let m = product.low &* inverse
        let correction = m.multipliedFullWidth(by: modulus)
        // The low halves sum to 0 mod R, so they carry exactly when the product's is not 0.
        // The high halves and that carry sum to below 2n, which may not fit in a word when n
        // is above R/2.
        let (partial, carry1) = product.high.addingReportingOverflow(correction.high)
        let (sum, carry2) = partial.addingReportingOverflow(product.low != 0 ? 1 : 0)
        if Word.bitWidth > UInt.bitWidth {
            // Two machine words (Pollard's rho): the branch is cheaper than masks twice as wide.
            return carry1 || carry2 || sum >= modulus ? sum &- modulus : sum
        }
        // One machine word (a power's random bits): the subtraction is selected by masks, not
        // jumped over, as a mispredicted branch at every other step cost more than the masks.
        let (reduced, borrow) = sum.subtractingReportingOverflow(modulus)
        // The sum stays when it fitted in a word and was below n.
        let overflowed: Word = (carry1 ? 1 : 0) | (carry2 ? 1 : 0)
        let keep = (0 &- (borrow ? 1 : 0)) & (overflowed &- 1)
        return (sum & keep) | (reduced & ~keep)
    }

    /// base^exponent mod n.
    func power(_ base: Word, _ exponent: UInt) -> Word {
        // R mod n and R² mod n: the only divisions.
        let rModN = (0 &- modulus) % modulus
        let rSquaredModN = modulus.dividingFullWidth(rModN.multipliedFullWidth(by: rModN)).remainder
        var factor = multiply(base % modulus, rSquaredModN)  // base·R mod n
        var result = rModN  // 1·R mod n
        var remaining = exponent
        while remaining > 0 {
            // Both products at every bit, the one the bit picks kept: the result's product
            // runs beside the next squaring, and nothing waits on a coin-toss branch.
            let product = multiply(result, factor)
            result = remaining & 1 == 1 ? product : result
            remaining >>= 1
            factor = multiply(factor, factor)
        }
        return multiply(result, 1)  // out of Montgomery form
    }
}
