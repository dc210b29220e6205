import CGMP
import CMPFI
import Glibc

/// Runs one long GMP or MPFR call in a child process, so that Ctrl-C stops it at once and
/// frees its memory: the caller kills the child, and all its CPU and memory go with it.
///
/// A single library call (`10000000!`, a million digits of pi) cannot be stopped part-way from
/// inside — GMP offers no cancellation, and unwinding out of it would leak and skip Swift
/// frames. A call estimated to take more than about 50 ms (the sizes below, measured on the
/// machines of Benchmarks/RESULTS.md) is therefore forked: the child (C only, in the CMPFI
/// shim's `tally_job_start`) computes on a copy-on-write view of the operands and writes the
/// result's limbs to a pipe, which the caller reads while watching for Ctrl-C every 20 ms.
/// Everything smaller runs in-process as before: the only cost on that path is comparing a
/// size with a threshold.
///
/// When Ctrl-C comes first the caller gets nil and the work is gone. The callers, which return
/// plain values, then return a placeholder (zero), which never reaches the user: Ctrl-C has
/// moved the line's interruption count, so the evaluator stops the line after the instruction
/// (``Evaluator`` checks the count after each one, and a line's error path reports the
/// interruption first). When no child can be made, or it dies without a result (out of
/// memory), the caller computes in-process, as before.
enum Offload {
    /// Above this many limbs in a product (about 1.2 million digits) a multiplication is forked.
    static let productLimbs = 64_000
    /// Above this many bits in a power's, factorial's or binomial's result (about 600,000
    /// digits) its call is forked.
    static let resultBits = 2_000_000
    /// A factorial of at least this is forked (50,000! has 213,237 digits).
    static let factorialArgument: UInt = 50_000
    /// A conversion to digits of a number of more bits than this (100,000 digits) is forked.
    static let conversionBits = 332_000
    /// Constants and functions at more bits than this (about 12,000 digits) are forked.
    static let realPrecisionBits = 40_000
    /// A real's conversion to more digits than this is forked.
    static let realConversionDigits = 150_000
    /// A greatest common divisor of two numbers of more limbs than this each (about 58,000
    /// digits) is forked: GMP's gcd is subquadratic but slow, 21 ms at 2,000 limbs, 66 ms at
    /// 4,000 and 3 s at 64,000 on a loaded 2-core machine. The same holds for a least common
    /// multiple and for the gcds by which a fraction's arithmetic keeps it in lowest terms.
    static let gcdLimbs = 3_000
    /// An integer square or k-th root of a number of more limbs than this (about 2.5 million
    /// digits) is forked: `mpz_sqrt` and `mpz_root` take 0.1 s at 256,000 limbs and 0.5 s at a
    /// million.
    static let rootLimbs = 128_000
    /// A primality test (`mpz_probab_prime_p`) of a number of more bits than this (about 750
    /// digits) is forked: on a prime, which takes all its rounds, it costs 24 ms at 2,000 bits,
    /// 0.19 s at 4,000 and 5.9 s at 16,000.
    static let primeBits = 2_500

    /// How the child's result came back.
    enum Outcome<Result> {
        case finished(Result)
        /// Ctrl-C came first: the child is gone.
        case interrupted
        /// No child could be made, or it ended without a result: compute in-process.
        case unavailable
    }

    /// Starts `job` in a child and hands the result's pipe to `receive`, which reads it with
    /// ``Pipe/read(into:count:)``.
    static func run<Result>(_ job: tally_job, receive: (inout Pipe) -> Result?) -> Outcome<Result> {
        if LineWork.isInterrupted { return .interrupted }
        var job = job
        var descriptor: Int32 = -1
        let child = tally_job_start(&job, &descriptor)
        guard child > 0 else { return .unavailable }
        var pipe = Pipe(descriptor: descriptor)
        let result = receive(&pipe)
        close(descriptor)
        if pipe.wasInterrupted || result == nil { kill(child, SIGKILL) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        if pipe.wasInterrupted || LineWork.isInterrupted {
            // What the parent held for the result (a partly read buffer) goes back to the system.
            malloc_trim(0)
            return .interrupted
        }
        guard let result else { return .unavailable }
        return .finished(result)
    }

    /// The reading end of a child's pipe.
    struct Pipe {
        let descriptor: Int32
        private(set) var wasInterrupted = false

        init(descriptor: Int32) { self.descriptor = descriptor }

        /// Reads exactly `count` bytes; false at the end of the pipe or on Ctrl-C.
        mutating func read(into destination: UnsafeMutableRawPointer, count: Int) -> Bool {
            var done = 0
            while done < count {
                let got = tally_job_read(descriptor, destination + done, count - done, 20)
                if got < 0 { return false }
                done += got
                if LineWork.isInterrupted {
                    wasInterrupted = true
                    return false
                }
            }
            return true
        }

        /// Reads the next `count` words.
        mutating func words(_ count: Int) -> [Int]? {
            var words = [Int](repeating: 0, count: count)
            let complete = words.withUnsafeMutableBytes { read(into: $0.baseAddress!, count: $0.count) }
            return complete ? words : nil
        }

        /// Reads an integer the child wrote: its signed limb count, then its limbs.
        mutating func integer() -> BigInteger? {
            guard let size = words(1)?[0] else { return nil }
            let result = BigInteger()
            let count = size.magnitude
            guard count > 0 else { return result }
            let limbs = __gmpz_limbs_write(result.pointer, Int(count))!
            guard read(into: limbs, count: Int(count) * MemoryLayout<mp_limb_t>.stride) else { return nil }
            __gmpz_limbs_finish(result.pointer, size)
            return result
        }

        /// Reads an MPFR number the child wrote into `number`, made at the child's precision.
        mutating func real(into number: UnsafeMutablePointer<__mpfr_struct>) -> Bool {
            guard let header = words(2) else { return false }
            tally_mpfr_set_raw(number, header[0], header[1])
            let bytes = tally_mpfr_limb_count(number) * MemoryLayout<mp_limb_t>.stride
            return read(into: tally_mpfr_limbs(number), count: bytes)
        }

        /// Reads text the child wrote, with the exponent that came with it.
        mutating func text() -> (bytes: [UInt8], exponent: Int)? {
            guard let header = words(2), header[0] >= 0 else { return nil }
            var bytes = [UInt8](repeating: 0, count: header[0])
            let complete = bytes.withUnsafeMutableBytes { buffer in
                buffer.isEmpty || read(into: buffer.baseAddress!, count: buffer.count)
            }
            return complete ? (bytes, header[1]) : nil
        }
    }

    /// The integer a job makes; nil when the caller must compute it in-process. Zero (a
    /// placeholder the line never shows) when Ctrl-C stopped it.
    static func integer(_ job: tally_job) -> BigInteger? {
        switch run(job, receive: { $0.integer() }) {
        case .finished(let value): return value
        case .interrupted: return BigInteger()
        case .unavailable: return nil
        }
    }

    /// The word a job writes; nil when the caller must compute in-process, 0 when Ctrl-C
    /// stopped it.
    static func word(_ job: tally_job) -> Int? {
        switch run(job, receive: { $0.words(1)?[0] }) {
        case .finished(let value): return value
        case .interrupted: return 0
        case .unavailable: return nil
        }
    }

    /// Whether a gcd of these two integers is long enough to fork (``gcdLimbs``).
    static func isLongGCD(_ a: UnsafePointer<__mpz_struct>, _ b: UnsafePointer<__mpz_struct>) -> Bool {
        __gmpz_size(a) > gcdLimbs && __gmpz_size(b) > gcdLimbs
    }

    /// A job of `kind` with the given operands.
    static func job(
        _ kind: tally_job_kind, _ a: BigInteger? = nil, _ b: BigInteger? = nil, u: UInt = 0, v: UInt = 0
    ) -> tally_job {
        var job = tally_job()
        job.kind = Int32(kind.rawValue)
        job.a = a.map { UnsafePointer($0.pointer) }
        job.b = b.map { UnsafePointer($0.pointer) }
        job.u = u
        job.v = v
        return job
    }
}
