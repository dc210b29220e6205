import Foundation

/// Where `python3` is, if anywhere on PATH: tests that need it skip cleanly without it.
let python3Executable: String? = ProcessInfo.processInfo.environment["PATH"]?
    .split(separator: ":").map { "\($0)/python3" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }
