import Glibc
import TallyDiagnostics

/// Everyday functions other calculators have under these names: the sign of a number, its
/// fractional part, and the number of ordered arrangements.
extension BuiltIns {
    static let everyday: [FunctionEntry] = [
        function("sign", .exactly(1), "sign(x)", "-1, 0 or 1: the sign of x", aliases: ["sgn"]) {
            call throws(Diagnostic) in
            .number(Number(try call.settings.sign(of: call.arguments[0], at: call.span, question: "the sign")))
        },
        function("frac", .exactly(1), "frac(x)", "fractional part, x - trunc(x), with the sign of x") {
            call throws(Diagnostic) in
            guard case .function(_, let trunc)? = FunctionTable.builtIn.entry(named: "trunc")?.kind else {
                preconditionFailure("trunc is built in")
            }
            return try call.settings.checked(call.arguments[0] - (try trunc(call)), at: call.span)
        },
        function(
            "perm", .exactly(2), "perm(n, k)", "permutations: the ordered ways to pick k of n, n!/(n-k)!",
            aliases: ["npr", "nPr", "permutations"]
        ) { call throws(Diagnostic) in
            let n = try integer(call, 0)
            let k = try integer(call, 1)
            guard n.signum >= 0, k.signum >= 0 else {
                throw Diagnostic.permutationOfNegative(at: call.span)
            }
            guard let small = n.intValue, let count = k.intValue else {
                throw call.settings.sizeError(.infinity, at: call.span)
            }
            if count > small { return .number(Number(0)) }
            // log10 of n!/(n-k)! from the log-gamma function.
            let digits = (lgamma(Double(small) + 1) - lgamma(Double(small - count) + 1)) / M_LN10
            try call.settings.checkSize(digits + 1, at: call.span)
            let ways = n.bigIntegerValue!.binomial(UInt(count)) * BigInteger.factorial(UInt(count))
            return .number(Number(ways))
        },
    ]
}
