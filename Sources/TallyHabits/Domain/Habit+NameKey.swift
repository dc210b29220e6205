extension Habit {
    /// The key a typed name is looked up by: trimmed like a name, in Unicode NFC, case folded
    /// (upper case, then lower case: `ß` and `ss`, `ς` and `σ` fold together), in NFC again.
    public static func nameKey(for typedName: String) -> String {
        var name = trimmed(typedName)
        // ASCII folds to its lower case, byte by byte: the common case, without the Unicode
        // tables. Read and written in place, so that a name of up to 15 bytes stays a small
        // string, never allocated.
        let (isASCII, hasUpperCase) = name.withUTF8 { bytes in
            (bytes.allSatisfy { $0 < 0x80 }, bytes.contains { (0x41...0x5A).contains($0) })
        }
        if isASCII && !hasUpperCase { return name }
        if isASCII {
            return name.withUTF8 { bytes in
                String(unsafeUninitializedCapacity: bytes.count) { buffer in
                    for index in bytes.indices {
                        buffer[index] = (0x41...0x5A).contains(bytes[index]) ? bytes[index] | 0x20 : bytes[index]
                    }
                    return bytes.count
                }
            }
        }
        return nfc(nfc(name).uppercased().lowercased())
    }

    /// `text` in Unicode Normalization Form C, so that a name typed precomposed (`물`, one
    /// scalar per syllable) and decomposed (jamo) is one name, stored one way. The standard
    /// library's own normalization; Foundation stays out of start-up.
    public static func nfc(_ text: String) -> String {
        // ASCII is already NFC, and most names are ASCII.
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        return String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }
}
