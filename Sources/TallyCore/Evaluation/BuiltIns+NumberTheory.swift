import Glibc
import TallyDiagnostics

/// The number-theory built-ins: binomial coefficients, primes, factorization, Fibonacci
/// numbers and modular powers, all on GMP.
extension BuiltIns {
    static let numberTheory: [FunctionEntry] = [
        function(
            "binomial", .exactly(2), "binomial(n, k)", "n choose k: the ways to pick k of n",
            aliases: ["ncr", "nCr", "comb"]
        ) {
            call throws(Diagnostic) in try binomial(call)
        },
        function("choose", .exactly(2), "choose(n, k)", "the same as binomial(n, k)") { call throws(Diagnostic) in
            try binomial(call)
        },
        function(
            "isprime", .exactly(1), "isprime(n)",
            "true if n is prime, else false; certain below 2^64, above it a probable prime (Baillie–PSW)"
        ) { call throws(Diagnostic) in
            let n = try integer(call, 0)
            guard n.signum > 0 else { return .truth(false) }
            let digits = Double(n.decimalSize)
            if digits >= 20 {
                // One round first, charged alone: most composites fail it (10^3000 + 1 does), so
                // the budget is asked for a whole test only for a number that may be prime.
                try call.settings.chargeWork(WorkCost.primalityRound(digits: digits), at: call.span)
                guard
                    let passes = n.bigIntegerValue!.passesFermatTestToBaseTwo(stoppingWhen: { LineWork.isInterrupted })
                else { throw call.settings.workStopped(at: call.span) }
                if !passes { return .truth(false) }
            }
            try call.settings.chargeWork(WorkCost.primalityTest(digits: digits), at: call.span)
            return .truth(n.bigIntegerValue!.isProbablePrime)
        },
        function("nextprime", .exactly(1), "nextprime(n)", "the least prime above n") { call throws(Diagnostic) in
            let n = try integer(call, 0)
            try call.settings.checkSize(Double(n.decimalSize + 1), at: call.span)
            // Candidate by candidate, each test charged before it runs: the search stops at
            // the budget or on Ctrl-C between two tests.
            guard let prime = n.bigIntegerValue!.nextPrime(charging: LineWork.charge) else {
                throw call.settings.workStopped(at: call.span)
            }
            return .number(Number(prime))
        },
        function(
            "factor", .exactly(1), "factor(n)",
            "n; a line that is just factor(n) shows its prime factors: 2^3 × 3^2 × 5", shownAs: .factors
        ) { call throws(Diagnostic) in
            let n = try integer(call, 0)
            if n.isZero { throw Diagnostic.noPrimeFactorization(.domainError, at: call.argumentSpans[0]) }
            return .number(n)
        },
        function("fib", .exactly(1), "fib(n)", "the n-th Fibonacci number: fib(10) = 55, fib(-n) = (-1)^(n+1) fib(n)") {
            call throws(Diagnostic) in
            let n = try integer(call, 0)
            guard let index = n.intValue, index.magnitude < UInt(1) << 40 else {
                // n·log10(φ) digits, a count too large for a double's integers.
                throw call.settings.sizeError(
                    log10OfDigits: n.log10Magnitude + log10(0.20898764024997873), at: call.span)
            }
            // fib(n) ≈ φ^n / √5: n·log10(φ) digits.
            try call.settings.checkSize(Double(index.magnitude) * 0.20898764024997873 + 1, at: call.span)
            let value = Number(BigInteger.fibonacci(index.magnitude))
            return .number(index < 0 && index % 2 == 0 ? -value : value)
        },
        function("powmod", .exactly(3), "powmod(a, b, m)", "a^b mod m without computing a^b; b ≥ 0, m ≠ 0") {
            call throws(Diagnostic) in
            let a = try integer(call, 0)
            let b = try integer(call, 1)
            let m = try integer(call, 2)
            if b.signum < 0 {
                throw Diagnostic.modularPowerNegativeExponent(at: call.argumentSpans[1])
            }
            if m.isZero { throw Diagnostic.moduloByZero(at: call.argumentSpans[2]) }
            try call.settings.chargeModularPower(exponent: b, modulus: m, at: call.span)
            guard let power = Evaluator.power(a, b, modulo: m) else { throw call.settings.workStopped(at: call.span) }
            return .number(power)
        },
    ]

    /// Argument `index`, which must be an integer.
    static func integer(_ call: FunctionCall, _ index: Int) throws(Diagnostic) -> Number {
        // The message's name apart, so that the message (made only on failure) captures a
        // string rather than a copy of the whole call.
        let name = call.name
        return try call.settings.integer(
            call.arguments[index], at: call.argumentSpans[index], purpose: Diagnostic.integersNeeded(by: name))
    }

    private static func binomial(_ call: FunctionCall) throws(Diagnostic) -> Value {
        let n = try integer(call, 0)
        let k = try integer(call, 1)
        if k.signum < 0 { return .number(Number(0)) }
        if let small = n.intValue, let count = k.intValue, small >= 0 {
            if count > small { return .number(Number(0)) }
            // log10 C(n, k) from the log-gamma function.
            let digits =
                (lgamma(Double(small) + 1) - lgamma(Double(count) + 1) - lgamma(Double(small - count) + 1)) / M_LN10
            try call.settings.checkSize(digits + 1, at: call.span)
            return .number(Number(n.bigIntegerValue!.binomial(UInt(count))))
        }
        guard let count = k.intValue else { throw call.settings.sizeError(.infinity, at: call.span) }
        // C(n, k) ≤ |n|^k / k! for any integer n (and |C(-n, k)| = C(n + k - 1, k)).
        let magnitude = n.isZero ? 0 : Swift.max(n.log10Magnitude, log10(Double(count) + 1))
        try call.settings.checkSize(Double(count) * (magnitude + 0.302) + 1, at: call.span)
        return .number(Number(n.bigIntegerValue!.binomial(UInt(count))))
    }
}
