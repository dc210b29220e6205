"""Shared helpers for the Tally benchmarks: finding the tools, timing a command with its peak
memory, and summarising same-run ratios. Python 3 standard library only."""

import os
import shutil
import statistics
import subprocess
import sys
import threading
import time

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_DIR = os.path.dirname(BENCH_DIR)
WORK_DIR = os.path.join(BENCH_DIR, "out")


def work_path(name):
    """A path in Benchmarks/out/ (generated inputs and outputs; git-ignored)."""
    os.makedirs(WORK_DIR, exist_ok=True)
    return os.path.join(WORK_DIR, name)


def tally_binary():
    """The release `tally` to measure: $TALLY, or .build/release/tally (built when missing)."""
    path = os.environ.get("TALLY") or os.path.join(REPO_DIR, ".build", "release", "tally")
    if not os.path.exists(path):
        print("building tally (swift build -c release) ...", file=sys.stderr)
        subprocess.run(["swift", "build", "-c", "release", "--product", "tally"], cwd=REPO_DIR, check=True)
    return path


def require(tool, package):
    """Exits with a clear message unless `tool` is on PATH."""
    if shutil.which(tool) is None:
        sys.exit(f"{tool} is needed: apt-get update && apt-get install -y {package}")
    return shutil.which(tool)


def peak_rss(argv, stdin_path=None, env=None):
    """The peak resident memory of one run of `argv`, in KiB, from GNU time. (Measured through
    /usr/bin/time, a small process, because Linux carries a forking parent's peak RSS over into
    its child across exec: timed straight from this Python process, every program would seem to
    use as much memory as the benchmark script.)"""
    require("/usr/bin/time", "time")
    report = work_path("time.out")
    measure(["/usr/bin/time", "-f", "%M", "-o", report] + list(argv), stdin_path=stdin_path, env=env)
    with open(report) as text:
        return int(text.read().split()[-1])


def measure(argv, stdin_path=None, stdout_path=None, env=None, timeout=None):
    """Runs `argv` once; returns (seconds, exit status). Standard output goes to `stdout_path`
    (or /dev/null); standard error to /dev/null. A run past `timeout` seconds is killed and
    reported with status None."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    stdout = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
    try:
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdin=stdin, stdout=stdout, stderr=subprocess.DEVNULL, env=env)
        # A blocking wait4 (no polling, which would blur the timing); a timer kills overruns.
        killer = threading.Timer(timeout, process.kill) if timeout else None
        if killer:
            killer.start()
        _, status, _ = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        if killer:
            killer.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode == -9 and timeout and elapsed >= timeout:
            return elapsed, None
        return elapsed, process.returncode
    finally:
        if stdin_path:
            stdin.close()
        if stdout_path:
            stdout.close()


def timed_rounds(commands, rounds, env=None, timeout=None, must_succeed=False):
    """Runs each of `commands` (name -> (argv, stdin path or None)) once a round, in rotation,
    `rounds` times, so that every program sees the same drift of the machine. Returns name ->
    seconds per round, in order: infinity for a run past `timeout`. With `must_succeed`, a run
    that exits with a status other than 0 stops the benchmark."""
    times = {name: [] for name in commands}
    for _ in range(rounds):
        for name, (argv, stdin_path) in commands.items():
            seconds, status = measure(argv, stdin_path=stdin_path, env=env, timeout=timeout)
            if must_succeed and status != 0:
                sys.exit(f"FAIL: {name} exited with status {status}")
            times[name].append(seconds if status is not None else float("inf"))
    return times


def ratio_summary(ratios):
    """'median (min–max)' of a list of ratios."""
    return f"{statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f})"


def seconds_text(seconds):
    if seconds >= 1:
        return f"{seconds:.2f} s"
    return f"{seconds * 1000:.1f} ms"


def machine_description():
    """One line naming the CPU, cores and kernel, for RESULTS.md."""
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, Linux {os.uname().release}"


def build_gmp_reference():
    """Benchmarks/gmp_reference.c compiled into Benchmarks/out/ (rebuilt when the source is newer)."""
    source = os.path.join(BENCH_DIR, "gmp_reference.c")
    binary = work_path("gmp_reference")
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        require("cc", "gcc libgmp-dev")
        subprocess.run(["cc", "-O2", "-o", binary, source, "-lgmp"], check=True)
    return binary
