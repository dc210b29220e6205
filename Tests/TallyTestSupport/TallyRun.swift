import Foundation

/// What one run of the built `tally` did.
public struct TallyRun: Sendable {
    /// The exit status, or nil when a signal ended the process.
    public var status: Int32?
    /// The signal that ended the process, if one did.
    public var signal: Int32?
    /// Everything the process wrote on standard output.
    public var standardOutput: Data
    /// Everything the process wrote on standard error.
    public var standardError: Data
    /// Wall-clock time from spawn to exit. Tests use it only to catch a hang: speed is measured
    /// by the benchmarks and Tests/Differential/limits.py on a release build, not by tests that
    /// share two cores with a debug build.
    public var seconds: Double
    /// Processor time the child used (user and system, from `wait4`), in seconds: unlike the
    /// wall-clock time it hardly grows when other tests share the cores, so a test can bound
    /// the work a line costs.
    public var processorSeconds: Double = 0
    /// Peak resident set size reported by `wait4`, in kilobytes. glibc's `posix_spawn` shares
    /// the runner's memory until `exec`, and Linux counts the runner's own peak at that moment
    /// into the child's, so this is the larger of the two.
    public var reportedPeakKilobytes: Int
    /// The test runner's own peak resident size once the child has exited, in kilobytes. The
    /// peak only grows, so it bounds what the runner had at the child's `exec` even when other
    /// tests' threads allocated meanwhile.
    public var runnerPeakKilobytes: Int

    /// Standard output as text (invalid UTF-8 shown as U+FFFD).
    public var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
    /// Standard error as text (invalid UTF-8 shown as U+FFFD).
    public var errorText: String { String(decoding: standardError, as: UTF8.self) }

    /// The child's own peak in megabytes when it rose above the runner's (then it is exact);
    /// otherwise the child stayed at or below the runner's peak, and this is that bound.
    /// Tests/Differential/limits.py measures the binary alone with /usr/bin/time.
    public var peakMegabytes: Double { Double(reportedPeakKilobytes) / 1024 }
    /// Whether ``peakMegabytes`` is the child's own peak rather than the runner's.
    public var peakIsTheChilds: Bool { reportedPeakKilobytes > runnerPeakKilobytes }

    /// Peak memory to compare against a limit: the child's when known, else zero (the child
    /// used no more than the runner, which a test cannot see past).
    public var measurablePeakMegabytes: Double { peakIsTheChilds ? peakMegabytes : 0 }
}
