import Glibc

/// Estimates of what long operations cost, in the work steps a line's budget counts
/// (``LineWork``, `set maxwork`): a step is about what handling one digit in an addition
/// costs, some 10 ns on the machines of Benchmarks/RESULTS.md, so the default budget of 10^8
/// steps is about a second. The estimates are made before the work, from the operands' sizes,
/// and err on the high side.
enum WorkCost {
    /// One product (or square, with its reduction modulo a number of the same size) of numbers
    /// of `digits` decimal digits: GMP's multiplication grows a little faster than the length.
    static func multiplication(digits: Double) -> Double {
        Swift.max(1, digits * log2(Swift.max(digits, 2)) / 13)
    }

    /// `a^b mod m` by square and multiply: about 1.2 products modulo `m` per bit of `b`.
    static func modularPower(exponentBits: Double, modulusDigits: Double) -> Double {
        1.2 * exponentBits * multiplication(digits: modulusDigits)
    }

    /// One Miller–Rabin (or strong Lucas) round on a number of `digits` digits.
    static func primalityRound(digits: Double) -> Double {
        modularPower(exponentBits: digits * 3.33, modulusDigits: digits)
    }

    /// A whole primality test of a number that passes it: GMP's Baillie–PSW (about three
    /// rounds' worth) and the further Miller–Rabin rounds.
    static func primalityTest(digits: Double) -> Double {
        digits < 20 ? 1 : 10 * primalityRound(digits: digits)
    }
}
