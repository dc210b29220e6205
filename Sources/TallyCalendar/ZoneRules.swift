import Glibc
import Synchronization

/// The offsets of every zone Tally knows: read from the zone's file in the system's tz database
/// (``ZoneFile``, with its footer's ``ZoneRule``), as Go's `time`, Python's `zoneinfo` and jiff
/// read them. The C library is not asked, so the process-wide `TZ` is never set: the local zone
/// is read once from the file or rule `TZ` names (or `/etc/localtime`), the way glibc reads it.
/// `ZoneFileTests` holds every zone of the database to `localtime_r` on its own file.
public enum ZoneRules {
    struct State {
        /// Zone names by ``Zone`` index; `UTC` is the first, so ``Zone/utc`` is index 0.
        var names = ["UTC"]
        var indexByName = ["UTC": 0]
        /// Names already looked for and not found in the database.
        var unknown: Set<String> = []
        /// Every zone name in the database, read once for completion.
        var allNames: [String]?
        /// Each named zone's file, by the index of its name (nil for `UTC`).
        var files: [ZoneFile?] = [nil]
        /// The UTC year each zone's rule was evaluated for last, by the index of its name.
        var ruleYears = [ZoneRule.Year()]
    }

    static let state = Mutex(State())

    /// Where the system's tz database lives (Debian's `tzdata`).
    public static let databasePath = "/usr/share/zoneinfo"

    /// The offset east of UTC, in seconds, in force at `seconds` since 1970-01-01 UTC in `zone`.
    public static func offset(of zone: Zone, at seconds: Int) -> Int {
        if let fixed = zone.fixedOffset { return fixed }
        if zone == .utc { return 0 }
        if zone == .local { return local.offset(at: seconds) }
        let index = Int(zone.raw) - 1
        return state.withLock { state in
            guard let file = state.files[index] else { return 0 }
            return file.offset(at: seconds, year: &state.ruleYears[index])
        }
    }

    /// Where the local zone's offsets come from.
    enum LocalZone: Sendable {
        case file(ZoneFile)
        case rule(ZoneRule)
        /// `TZ` names neither a file nor a rule Tally reads: `localtime_r`, with `TZ` as the user
        /// set it.
        case library

        func offset(at seconds: Int) -> Int {
            switch self {
            case .file(let file): return file.offset(at: seconds)
            case .rule(let rule): return rule.offset(at: seconds)
            case .library:
                var instant = time_t(seconds)
                var fields = tm()
                guard localtime_r(&instant, &fields) != nil else { return 0 }
                return Int(fields.tm_gmtoff)
            }
        }
    }

    /// The local zone, read once as glibc's `tzset` reads `TZ`: unset, `/etc/localtime`; empty,
    /// UTC; otherwise (a leading `:` dropped) a file, absolute or under the database, and failing
    /// that a POSIX rule.
    static let local: LocalZone = {
        guard let variable = getenv("TZ") else {
            return ZoneFile.read("/etc/localtime").map(LocalZone.file) ?? .library
        }
        let value = String(cString: variable)
        if value.isEmpty { return .rule(ZoneRule("UTC0")!) }
        let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        if !name.isEmpty, !name.contains(".."),
            let file = ZoneFile.read(name.hasPrefix("/") ? name : databasePath + "/" + name)
        {
            return .file(file)
        }
        if let rule = ZoneRule(name) { return .rule(rule) }
        tzset()
        return .library
    }()

    /// The zone named `name` if the database has it: `UTC`, or a file under ``databasePath``
    /// that is a TZif file.
    static func zone(named name: String) -> Zone? {
        state.withLock { state in
            if let index = state.indexByName[name] { return Zone(raw: Int32(index + 1)) }
            if state.unknown.contains(name) { return nil }
            guard isPlausibleName(name), isZoneFile(databasePath + "/" + name),
                let file = ZoneFile.read(databasePath + "/" + name)
            else {
                if state.unknown.count < 10_000 { state.unknown.insert(name) }
                return nil
            }
            state.names.append(name)
            state.files.append(file)
            state.ruleYears.append(ZoneRule.Year())
            state.indexByName[name] = state.names.count - 1
            return Zone(raw: Int32(state.names.count))
        }
    }

    static func name(of zone: Zone) -> String {
        state.withLock { $0.names[Int(zone.raw) - 1] }
    }

    /// Letters, digits, `_`, `+`, `-` in parts separated by single `/`; no part starts with `.`
    /// (so no `..` leaves the database).
    static func isPlausibleName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 64 else { return false }
        for part in name.split(separator: "/", omittingEmptySubsequences: false) {
            guard let first = part.utf8.first, first != UInt8(ascii: "."), first != UInt8(ascii: "-") else {
                return false
            }
            for byte in part.utf8 {
                guard
                    isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+")
                        || byte == UInt8(ascii: "-")
                else { return false }
            }
        }
        return true
    }

    /// Whether `name` has the shape of a tz database name, so that a name of that shape the
    /// database lacks is a mistyped zone: parts separated by `/`, each a capitalised word of at
    /// least three characters with a lower-case letter (`Europe/Pari`, `America/New_Yrok`) —
    /// which units written with `/` (`km/h`, `J/K`, `MB/s`) never are.
    public static func looksLikeZoneName(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return false }
        return parts.allSatisfy { part in
            guard let first = part.utf8.first, first &- UInt8(ascii: "A") < 26, part.utf8.count >= 3 else {
                return false
            }
            return part.utf8.contains { $0 &- UInt8(ascii: "a") < 26 }
        }
    }

    /// Whether `path` is a regular file that starts as a TZif file does (RFC 8536).
    static func isZoneFile(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        // Debian links many zones (`UTC` → `Etc/UTC`); follow a link only by reopening.
        let file = descriptor >= 0 ? descriptor : open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        var magic = [UInt8](repeating: 0, count: 4)
        guard read(file, &magic, 4) == 4 else { return false }
        return magic == Array("TZif".utf8)
    }

    /// Every zone name of the database (`Africa/Abidjan` … `Zulu`), sorted, for completion:
    /// the files under ``databasePath`` that are TZif files, without the `posix/` and `right/`
    /// copies.
    public static var allNames: [String] {
        if let names = state.withLock({ $0.allNames }) { return names }
        var found: [String] = []
        collect(directory: databasePath, prefix: "", into: &found, depth: 0)
        found.sort()
        state.withLock { $0.allNames = found }
        return found
    }

    private static func collect(directory: String, prefix: String, into found: inout [String], depth: Int) {
        guard depth < 4, let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard let first = name.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"),
                isPlausibleName(name)
            else { continue }
            let path = directory + "/" + name
            var status = stat()
            guard stat(path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                collect(directory: path, prefix: prefix + name + "/", into: &found, depth: depth + 1)
            } else if isZoneFile(path) {
                found.append(prefix + name)
            }
        }
    }

    @inline(__always)
    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (byte &- UInt8(ascii: "0")) < 10 || ((byte | 0x20) &- UInt8(ascii: "a")) < 26
    }
}
