import CGMP
import CMPFI
import TallyDiagnostics

/// Bits and number theory on GMP integers. Bit operations follow Python's rules for negative
/// numbers: an integer behaves as an infinite two's-complement bit string, which is also GMP's
/// rule for `mpz_and`, `mpz_ior`, `mpz_xor` and `mpz_com`.
extension BigInteger {
    public static func & (lhs: BigInteger, rhs: BigInteger) -> BigInteger {
        make { __gmpz_and($0, lhs.pointer, rhs.pointer) }
    }

    public static func | (lhs: BigInteger, rhs: BigInteger) -> BigInteger {
        make { __gmpz_ior($0, lhs.pointer, rhs.pointer) }
    }

    public static func ^ (lhs: BigInteger, rhs: BigInteger) -> BigInteger {
        make { __gmpz_xor($0, lhs.pointer, rhs.pointer) }
    }

    /// `self^exponent mod modulus` in `0 ..< modulus`, without building the power. `exponent`
    /// must be non-negative and `modulus` positive.
    public func power(_ exponent: BigInteger, modulo modulus: BigInteger) -> BigInteger {
        BigInteger.make { __gmpz_powm($0, pointer, exponent.pointer, modulus.pointer) }
    }

    /// ``power(_:modulo:)`` in steps that each take a few tens of milliseconds, asking
    /// `mustStop` between them, so that Ctrl-C ends a long one (`powmod(3, 10^10000,
    /// 10^10000+7)` takes seconds in one call of GMP, which cannot be stopped part-way); nil
    /// when it stopped. A power cheap enough is one call.
    ///
    /// Each step takes the next `stepBits` bits of the exponent from the top: the result so far
    /// raised to 2^stepBits, times the base to those bits, which costs about twice one call.
    func power(
        _ exponent: BigInteger, modulo modulus: BigInteger, stepBits: Int? = nil, stoppingWhen mustStop: () -> Bool
    ) -> BigInteger? {
        let costPerBit = WorkCost.modularPower(exponentBits: 1, modulusDigits: Double(modulus.bitWidth) * 0.30103)
        let bits = exponent.bitWidth
        // About 0.05 s a step; a power under about half a second is one call.
        if stepBits == nil && Double(bits) * costPerBit < 50_000_000 { return power(exponent, modulo: modulus) }
        let stepBits = stepBits ?? Swift.max(64, Int(5_000_000 / costPerBit))
        var result = BigInteger(1)
        var position = bits
        while position > 0 {
            let low = Swift.max(0, position - stepBits)
            let width = position - low
            let bitsHere = BigInteger.make {
                __gmpz_fdiv_q_2exp($0, exponent.pointer, mp_bitcnt_t(low))
                __gmpz_fdiv_r_2exp($0, $0, mp_bitcnt_t(width))
            }
            let shift = BigInteger.make { __gmpz_setbit($0, mp_bitcnt_t(width)) }
            let raised = result.power(shift, modulo: modulus)
            let part = power(bitsHere, modulo: modulus)
            result = BigInteger.make {
                __gmpz_mul($0, raised.pointer, part.pointer)
                __gmpz_mod($0, $0, modulus.pointer)
            }
            position = low
            if mustStop() { return nil }
        }
        return result
    }

    /// Whether 2^(self-1) ≡ 1 (mod self) (for self > 2): false proves the value composite, and
    /// most composites fail, at the cost of one modular power that Ctrl-C can stop (nil).
    func passesFermatTestToBaseTwo(stoppingWhen mustStop: () -> Bool) -> Bool? {
        let exponent = BigInteger.make { __gmpz_sub_ui($0, pointer, 1) }
        guard let power = BigInteger(2).power(exponent, modulo: self, stoppingWhen: mustStop) else { return nil }
        return power.compare(1) == 0
    }

    /// Whether the value is prime: certain below 2^64, and above it GMP's Baillie–PSW test and
    /// further Miller–Rabin rounds (no composite that passes them is known).
    public var isProbablePrime: Bool {
        if bitWidth > Offload.primeBits,
            let verdict = withExtendedLifetime(self, { Offload.word(Offload.job(TALLY_JOB_PRIME, self, u: 30)) })
        {
            return verdict > 0
        }
        return __gmpz_probab_prime_p(pointer, 30) > 0
    }

    /// The least prime above the value (2 for anything below 2), or nil when `charging` refuses
    /// the cost of the next test (``WorkCost/primalityRound(digits:)``, asked before each).
    ///
    /// Below 2^64 GMP's own search; above it, candidate by candidate: odd numbers with no prime
    /// factor below 2,000 (a sieve kept as remainders, moved on by 2 for each candidate) go to
    /// GMP's test, which rejects a composite after one round.
    func nextPrime(charging: (Double) -> Bool) -> BigInteger? {
        if bitWidth < 64 || signum < 0 { return BigInteger.make { __gmpz_nextprime($0, pointer) } }
        let candidate = BigInteger.make { __gmpz_add_ui($0, pointer, 1) }
        if __gmpz_tstbit(candidate.pointer, 0) == 0 { __gmpz_add_ui(candidate.pointer, candidate.pointer, 1) }
        var remainders = BigInteger.sievePrimes.map { candidate.remainder(dividingBy: $0) }
        let round = WorkCost.primalityRound(digits: Double(candidate.bitWidth) * 0.30103)
        while true {
            if !remainders.contains(0) {
                if !charging(round) { return nil }
                if candidate.isProbablePrime { return candidate }
                // A test forked and stopped by Ctrl-C said "composite": stop here.
                if LineWork.isInterrupted { return nil }
            }
            __gmpz_add_ui(candidate.pointer, candidate.pointer, 2)
            for index in remainders.indices {
                let prime = BigInteger.sievePrimes[index]
                remainders[index] = (remainders[index] + 2) % prime
            }
        }
    }

    /// The odd primes below 2,000, for the sieve of ``nextPrime(charging:)``.
    private static let sievePrimes: [UInt] = {
        var primes: [UInt] = []
        for candidate in stride(from: UInt(3), to: 2_000, by: 2)
        where primes.allSatisfy({ candidate % $0 != 0 }) {
            primes.append(candidate)
        }
        return primes
    }()

    /// The `n`-th Fibonacci number.
    public static func fibonacci(_ n: UInt) -> BigInteger {
        // F(n) has about 0.694·n bits.
        if Double(n) * 0.7 > Double(Offload.resultBits),
            let value = Offload.integer(Offload.job(TALLY_JOB_FIB_UI, u: n))
        {
            return value
        }
        return make { __gmpz_fib_ui($0, n) }
    }

    /// The binomial coefficient `self` choose `k` (GMP's extension to negative `self`).
    public func binomial(_ k: UInt) -> BigInteger {
        // At most k·log2|self| bits.
        if Double(Swift.min(k, UInt(Int.max))) * Double(bitWidth) > Double(Offload.resultBits),
            let value = withExtendedLifetime(self, { Offload.integer(Offload.job(TALLY_JOB_BIN_UI, self, u: k)) })
        {
            return value
        }
        return BigInteger.make { __gmpz_bin_ui($0, pointer, k) }
    }

    /// The remainder of division by a machine word, in `0 ..< divisor`.
    func remainder(dividingBy divisor: UInt) -> UInt {
        __gmpz_fdiv_ui(pointer, divisor)
    }

    /// The exact quotient by a divisor known to divide the value.
    func exactQuotient(_ divisor: BigInteger) -> BigInteger {
        BigInteger.make { __gmpz_divexact($0, pointer, divisor.pointer) }
    }
}

extension BigInteger {
    /// The smallest k ≥ 1 with 10^k ≡ 1 (mod self), for a modulus > 1 coprime to 10: the length
    /// of the repeating part of a fraction with this denominator. Nil when it exceeds `limit`, or
    /// when Ctrl-C stops the search.
    func orderOfTen(limit: Int) -> Int? {
        // A working value GMP writes in place, so made writable (not with `BigInteger(10)`).
        let power = BigInteger.make { __gmpz_set_ui($0, 10) }
        __gmpz_mod(power.pointer, power.pointer, pointer)
        var k = 1
        while __gmpz_cmp_ui(power.pointer, 1) != 0 {
            k += 1
            if k > limit { return nil }
            if k & 0xFFF == 0 && LineWork.mustStop { return nil }
            __gmpz_mul_ui(power.pointer, power.pointer, 10)
            __gmpz_mod(power.pointer, power.pointer, pointer)
        }
        return k
    }

    /// The value with every factor `prime` divided out, and how many there were.
    func removingFactor(_ prime: UInt) -> (rest: BigInteger, count: Int) {
        let factor = BigInteger(Int(prime))
        let rest = BigInteger()
        let count = __gmpz_remove(rest.pointer, pointer, factor.pointer)
        return (rest, Int(count))
    }
}
