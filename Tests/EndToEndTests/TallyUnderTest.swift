import Foundation
import Glibc

/// What one run of the built `tally` did.
struct TallyRun {
    /// The exit status, or nil when a signal ended the process.
    var status: Int32?
    /// The signal that ended the process, if one did.
    var signal: Int32?
    var standardOutput: Data
    var standardError: Data
    /// Wall-clock time from spawn to exit. Tests use it only to catch a hang: speed is measured
    /// by the benchmarks and Tests/Differential/limits.py on a release build, not by tests that
    /// share two cores with a debug build.
    var seconds: Double
    /// Peak resident set size reported by `wait4`, in kilobytes. glibc's `posix_spawn` shares
    /// the runner's memory until `exec`, and Linux counts the runner's own peak at that moment
    /// into the child's, so this is the larger of the two.
    var reportedPeakKilobytes: Int
    /// The test runner's own peak resident size once the child has exited, in kilobytes. The
    /// peak only grows, so it bounds what the runner had at the child's `exec` even when other
    /// tests' threads allocated meanwhile.
    var runnerPeakKilobytes: Int

    var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
    var errorText: String { String(decoding: standardError, as: UTF8.self) }

    /// The child's own peak in megabytes when it rose above the runner's (then it is exact);
    /// otherwise the child stayed at or below the runner's peak, and this is that bound.
    /// Tests/Differential/limits.py measures the binary alone with /usr/bin/time.
    var peakMegabytes: Double { Double(reportedPeakKilobytes) / 1024 }
    /// Whether ``peakMegabytes`` is the child's own peak rather than the runner's.
    var peakIsTheChilds: Bool { reportedPeakKilobytes > runnerPeakKilobytes }

    /// Peak memory to compare against a limit: the child's when known, else zero (the child
    /// used no more than the runner, which a test cannot see past).
    var measurablePeakMegabytes: Double { peakIsTheChilds ? peakMegabytes : 0 }
}

/// The `tally` executable built next to the test bundle, run with `posix_spawn` so that each
/// run's own peak memory and any terminating signal are known (Foundation's `Process` reports
/// neither). Input, output and errors go through files: nothing blocks on a full pipe, however
/// much a hostile input makes it write.
enum TallyUnderTest {
    /// The binary `swift test` built (see ``TallyProcess/executable``).
    static let path: String = TallyProcess.executable.path

    /// Runs `tally arguments` with `input` on standard input, in a fresh temporary HOME.
    static func run(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:]) throws -> TallyRun
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tally-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputPath = directory.appendingPathComponent("input").path
        let outputPath = directory.appendingPathComponent("output").path
        let errorPath = directory.appendingPathComponent("errors").path
        try input.write(to: URL(fileURLWithPath: inputPath))

        var variables = ProcessInfo.processInfo.environment
        variables["HOME"] = directory.path
        variables["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        variables["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        variables["NO_COLOR"] = "1"
        variables["TALLY_DATA_DIR"] = nil
        for (name, value) in environment { variables[name] = value }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        // The test runner's threads block signals; the child starts with none blocked and the
        // default dispositions, so a crash shows up as the signal it is.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO)
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        let runnerPeak = runnerPeakKilobytes()

        // The wait status as the W* macros (not imported) decode it.
        let signal = status & 0x7F
        return TallyRun(
            status: signal == 0 ? (status >> 8) & 0xFF : nil,
            signal: signal == 0 ? nil : signal,
            standardOutput: try Data(contentsOf: URL(fileURLWithPath: outputPath)),
            standardError: try Data(contentsOf: URL(fileURLWithPath: errorPath)),
            seconds: Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9,
            reportedPeakKilobytes: usage.ru_maxrss,
            runnerPeakKilobytes: runnerPeak)
    }

    /// This process's peak resident size (`VmHWM` in /proc/self/status), in kilobytes.
    private static func runnerPeakKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    /// Runs `tally` on `text` given as standard input.
    static func run(standardInput text: String, arguments: [String] = []) throws -> TallyRun {
        try run(arguments, input: Data(text.utf8))
    }
}

/// Where `python3` is, if anywhere on PATH: tests that need it skip cleanly without it.
let python3Executable: String? = ProcessInfo.processInfo.environment["PATH"]?
    .split(separator: ":").map { "\($0)/python3" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }
