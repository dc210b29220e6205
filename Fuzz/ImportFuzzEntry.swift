// libFuzzer entry point for `habit import`: each input becomes a file (or a folder of files) and
// is imported by a batch session into an in-memory store, with today pinned, through the same
// `habit import PATH` line a person types. What the input is depends on TALLY_FUZZ_IMPORT:
//
//   file    (default) the input is the file: Tally's CSV or JSON export, HabitBull's CSV, a
//           Loop CSV zip or an SQLite database (Loop, Rewire, Tickmate), told apart by content
//   wal     an SQLite database and the write-ahead log beside it: the first 4 bytes (little
//           endian, modulo the rest's length) say where the database ends and the log begins
//   folder  Loop's CSV export folder: files separated by lines `--FILE name` (name relative,
//           no `..`), e.g. `--FILE Habits.csv`, `--FILE 001 Run/Checkmarks.csv`
//
// It checks that nothing crashes or hangs, and that what the import prints holds no raw control
// character. Built against the library modules by build.sh.

import Glibc
import TallyDiagnostics
import TallyHabits
import TallyShell

/// A folder of this process's own, made once, where each input is written.
nonisolated(unsafe) private var scratch: String = {
    var template = Array("/tmp/tally-import-fuzz-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "cannot make a scratch folder")
    return String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
}()

private func write(_ bytes: some Collection<UInt8>, to path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    precondition(descriptor >= 0, "cannot write \(path)")
    let array = Array(bytes)
    var offset = 0
    while offset < array.count {
        let count = array[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        precondition(count > 0, "cannot write \(path)")
        offset += count
    }
    close(descriptor)
}

/// Removes what the last input left: `rm -r` of the scratch folder's contents.
private func clear(_ folder: String) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name == "." || name == ".." { continue }
        let path = folder + "/" + name
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            clear(path)
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}

/// The path to import for `bytes` in `mode`, its files written.
private func prepare(_ bytes: UnsafeBufferPointer<UInt8>, mode: String) -> String {
    clear(scratch)
    switch mode {
    case "wal":
        let path = scratch + "/backup.db"
        guard bytes.count > 4 else {
            write(bytes, to: path)
            return path
        }
        let rest = bytes[4...]
        let split =
            Int(UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24)
            % (rest.count + 1)
        write(rest.prefix(split), to: path)
        write(rest.dropFirst(split), to: path + "-wal")
        return path
    case "folder":
        let folder = scratch + "/export"
        mkdir(folder, 0o700)
        var name = "Habits.csv"
        var content: [UInt8] = []
        func flush() {
            let parts = name.split(separator: "/").map(String.init)
            guard !parts.isEmpty, parts.count <= 2, !parts.contains(".."), !parts.contains("."), !name.hasPrefix("/")
            else { return }
            if parts.count == 2 { mkdir(folder + "/" + parts[0], 0o700) }
            write(content, to: folder + "/" + name)
        }
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if line.starts(with: Array("--FILE ".utf8)) {
                flush()
                name = String(decoding: line.dropFirst(7), as: UTF8.self)
                content = []
            } else {
                content += line
                content.append(UInt8(ascii: "\n"))
            }
        }
        flush()
        return folder
    default:
        let path = scratch + "/import"
        write(bytes, to: path)
        return path
    }
}

/// Imports the `size` bytes at `data` as TALLY_FUZZ_IMPORT says. Must never crash or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let mode = getenv("TALLY_FUZZ_IMPORT").map { String(cString: $0) } ?? "file"
    let path = prepare(UnsafeBufferPointer(start: data, count: size), mode: mode)
    let store = InMemoryHabitRepository()
    var environment = SessionEnvironment(pinnedToday: "2026-11-30")
    environment.openHabitRepository = { store }
    var session = Session(style: .batch, environment: environment)
    for line in ["habit import '\(path)'", "habit list all", "habit export json", "habit export csv"] {
        let outcome = session.handle(line)
        let text = (outcome.output ?? "") + (outcome.diagnostic.map { $0.message } ?? "")
        for scalar in text.unicodeScalars where scalar.value < 0x20 || scalar.value == 0x7F {
            precondition(
                scalar == "\n" || scalar == "\t" || scalar == "\u{1B}",
                "raw control character \(scalar.value) in the output of \(line): \(text.debugDescription.prefix(2000))")
        }
    }
    return 0
}
