import Foundation
import Glibc

/// The built `tally` while it runs, started by ``TallyUnderTest/start(_:input:environment:currentDirectory:)``.
/// Input, output and errors go through files in a directory of its own (which is also its
/// `HOME`): nothing blocks on a full pipe, however much a hostile input makes it write, and a
/// test can look at what it has written so far while it runs.
public final class RunningTally {
    /// A run that did not end in time: it was killed, and this is what it had written.
    public struct Timeout: Error, CustomStringConvertible {
        /// How long the run was given.
        public let seconds: Double
        /// The killed run.
        public let run: TallyRun

        public var description: String {
            "tally did not end within \(seconds) s and was killed; standard error ended with:\n"
                + String(run.errorText.suffix(3000))
        }
    }

    /// The child's process ID; it belongs to the child only until the run has been waited for.
    public let processID: pid_t
    private let directory: URL
    private let outputURL: URL
    private let errorURL: URL
    private let started: timespec
    /// How the child ended, once it has been waited for.
    private var ending: Ending?

    /// What `wait4` said when the child ended, and when that was.
    private struct Ending {
        var status: Int32
        var usage: rusage
        var seconds: Double
        var runnerPeakKilobytes: Int
    }

    init(arguments: [String], input: Data, environment: [String: String], currentDirectory: URL?) throws {
        directory = try TallyUnderTest.temporaryDirectory()
        let inputURL = directory.appendingPathComponent("input")
        outputURL = directory.appendingPathComponent("output")
        errorURL = directory.appendingPathComponent("errors")
        do {
            try input.write(to: inputURL)

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
            posix_spawn_file_actions_addopen(&actions, 0, inputURL.path, O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outputURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, errorURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            if let currentDirectory { try ChildProcess.changeDirectory(&actions, to: currentDirectory.path) }

            var start = timespec()
            clock_gettime(CLOCK_MONOTONIC, &start)
            started = start
            processID = try ChildProcess.spawnTally(arguments: arguments, environment: variables, actions: &actions)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    deinit {
        if ending == nil { ChildProcess.killAndWait(processID) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// What the child has written on standard output so far.
    public func outputSoFar() throws -> Data { try Data(contentsOf: outputURL) }

    /// Whether the child has ended (it is then waited for, and ``wait(timeout:)`` returns at once).
    public func hasExited() throws -> Bool { try reap(blocking: false) }

    /// Sends `signal` to the child, unless it has already been waited for (its process ID may
    /// then belong to another process).
    public func send(_ signal: Int32) {
        if ending == nil { kill(processID, signal) }
    }

    /// Waits for the child to end and returns what it did. With a `timeout`, a child still
    /// running after that many seconds is killed and ``Timeout`` thrown: a hang fails the test
    /// instead of stopping the suite.
    public func wait(timeout: Double? = nil) throws -> TallyRun {
        guard let timeout else {
            _ = try reap(blocking: true)
            return try finishedRun()
        }
        let deadline = Date().addingTimeInterval(timeout)
        while try !reap(blocking: false) {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                kill(processID, SIGKILL)
                _ = try reap(blocking: true)
                throw Timeout(seconds: timeout, run: try finishedRun())
            }
            usleep(UInt32(min(remaining, 0.01) * 1_000_000))
        }
        return try finishedRun()
    }

    /// Waits for the child with `wait4` and records how it ended; false when `blocking` is
    /// false and the child is still running.
    private func reap(blocking: Bool) throws -> Bool {
        if ending != nil { return true }
        var status: Int32 = 0
        var usage = rusage()
        var reaped: pid_t
        repeat {
            reaped = wait4(processID, &status, blocking ? 0 : WNOHANG, &usage)
        } while reaped < 0 && errno == EINTR
        if reaped < 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
        guard reaped == processID else { return false }
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        ending = Ending(
            status: status, usage: usage,
            seconds: Double(end.tv_sec - started.tv_sec) + Double(end.tv_nsec - started.tv_nsec) / 1e9,
            runnerPeakKilobytes: Self.runnerPeakKilobytes())
        return true
    }

    /// The run as it ended, with everything it wrote; only once the child has been waited for.
    private func finishedRun() throws -> TallyRun {
        guard let ending else { preconditionFailure("the child has not been waited for") }
        let decoded = ChildProcess.decode(waitStatus: ending.status)
        var run = TallyRun(
            status: decoded.status,
            signal: decoded.signal,
            standardOutput: try outputSoFar(),
            standardError: try Data(contentsOf: errorURL),
            seconds: ending.seconds,
            reportedPeakKilobytes: ending.usage.ru_maxrss,
            runnerPeakKilobytes: ending.runnerPeakKilobytes)
        let usage = ending.usage
        run.processorSeconds =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return run
    }

    /// This process's peak resident size (`VmHWM` in /proc/self/status), in kilobytes.
    private static func runnerPeakKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
