import Glibc

/// Where Loop Habit Tracker's CSV export is read from: the folder it unzips to, or the zip
/// archive Loop writes (`Loop Habits CSV 2026-01-01.zip`), read in place.
enum LoopExportSource {
    /// The unzipped folder.
    case folder(String)
    /// The archive at `path`, its central directory read.
    case zip(ZipArchive, path: String)

    /// The bytes of the file at `relative` (`Habits.csv`, `001 Read/Checkmarks.csv`), nil when
    /// the export has no such file.
    func file(_ relative: String) throws(HabitImportError) -> [UInt8]? {
        switch self {
        case .folder(let folder):
            let path = folder + "/" + relative
            guard access(path, F_OK) == 0 else { return nil }
            return try HabitImportFormat.readFile(path)
        case .zip(let archive, let path):
            do throws(ZipArchive.Failure) {
                return try archive.file(relative)
            } catch {
                throw HabitImportError.zip(path, entry: error.entry, error.problem)
            }
        }
    }

    /// How messages name the file at `relative`: its path, or the archive and the file in it.
    func shown(_ relative: String) -> String {
        switch self {
        case .folder(let folder): return folder + "/" + relative
        case .zip(_, let path): return path + ": " + relative
        }
    }
}
