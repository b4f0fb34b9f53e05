// Unsafe code here, and why: names and values are compared and copied as slices of one
// decoded buffer (no String per parameter), because a verifier reads every parameter of every
// request. The plain reading it must agree with is SigningCore's `FormEncoding`, pinned in
// OAuth1IncomingRequestTests ("query and form fields agree with FormEncoding on 3000 random
// requests, errors included") and by oauthlib in OAuthlibPeerTests.

import SigningCore

/// Decoded parameter names and values kept as UTF-8 bytes in one buffer: how the signer and
/// ``OAuth1IncomingRequest`` collect the query's, the form body's and the header's parameters
/// and hand them to ``OAuth1Canonicalization`` without making a string of each name and value.
///
/// Strings are made only for what is read as text (``value(_:)``, ``field(_:)``, ``fields``).
/// Every name and value in the buffer is well-formed UTF-8: the parsers below refuse the rest
/// by returning `false`, and their callers then take SigningCore's string parsers, whose
/// errors are the ones reported.
struct OAuth1DecodedParameters: Sendable {
    /// One parameter: its name is `bytes[nameStart..<valueStart]`, its value
    /// `bytes[valueStart..<valueEnd]`.
    struct Entry: Sendable {
        var nameStart: Int
        var valueStart: Int
        var valueEnd: Int
    }

    /// Every decoded name and value, back to back.
    private(set) var bytes: [UInt8] = []
    /// The parameters, in the order added.
    private(set) var entries: [Entry] = []

    init() {}

    /// How many more parameters ``init(_:reservingMore:)`` makes room for when more bytes are
    /// coming: a typical query or form body has fewer; a longer one grows the list once.
    private static let moreParametersExpected = 16

    /// The parameters of `fields`, in order, with room for `moreBytes` bytes of parameters to
    /// be decoded after them (a query's, a form body's: decoding never lengthens) and for
    /// ``moreParametersExpected`` more entries, so that adding those does not move the buffers.
    init(_ fields: [FormField], reservingMore moreBytes: Int = 0) {
        entries.reserveCapacity(fields.count + (moreBytes > 0 ? Self.moreParametersExpected : 0))
        bytes.reserveCapacity(fields.reduce(moreBytes) { $0 + $1.name.utf8.count + $1.value.utf8.count })
        for field in fields { append(field) }
    }

    var count: Int { entries.count }

    /// Adds `field`.
    mutating func append(_ field: FormField) {
        // Through `withUTF8`: appending a `UTF8View` goes byte by byte.
        var (name, value) = (field.name, field.value)
        let nameStart = bytes.count
        name.withUTF8 { bytes.append(contentsOf: $0) }
        let valueStart = bytes.count
        value.withUTF8 { bytes.append(contentsOf: $0) }
        entries.append(Entry(nameStart: nameStart, valueStart: valueStart, valueEnd: bytes.count))
    }

    /// Removes the last parameter added, whose bytes end the buffer (so not on a ``selecting(_:)``
    /// result), and returns it.
    mutating func removeLast() -> FormField {
        let last = field(count - 1)
        bytes.removeSubrange(entries.removeLast().nameStart...)
        return last
    }

    /// The parameters `select` adds by index, in the order added, sharing this buffer.
    func selecting(_ select: (_ add: (Int) -> Void) -> Void) -> OAuth1DecodedParameters {
        var selection = OAuth1DecodedParameters()
        selection.bytes = bytes
        selection.entries.reserveCapacity(entries.count)
        select { selection.entries.append(entries[$0]) }
        return selection
    }

    /// Adds the parameter whose encoded name and value are `name` and `value`, percent-decoded
    /// (`+` as a space when `plusAsSpace`). Returns `false`, adding nothing, when an escape is
    /// bad or a decoded part is not UTF-8.
    mutating func appendDecoding(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> Bool {
        let nameStart = bytes.count
        // Most names and values are ASCII without escapes: they are their own decoding.
        if Self.isPlainASCII(name, plusAsSpace: plusAsSpace), Self.isPlainASCII(value, plusAsSpace: plusAsSpace) {
            bytes.append(contentsOf: name)
            let valueStart = bytes.count
            bytes.append(contentsOf: value)
            entries.append(Entry(nameStart: nameStart, valueStart: valueStart, valueEnd: bytes.count))
            return true
        }
        do throws(SigningCoreError) {
            try PercentEncoding.append(decoding: name, plusAsSpace: plusAsSpace, to: &bytes)
            let valueStart = bytes.count
            try PercentEncoding.append(decoding: value, plusAsSpace: plusAsSpace, to: &bytes)
            let entry = Entry(nameStart: nameStart, valueStart: valueStart, valueEnd: bytes.count)
            guard isUTF8(nameStart..<valueStart), isUTF8(valueStart..<entry.valueEnd) else {
                bytes.removeSubrange(nameStart...)
                return false
            }
            entries.append(entry)
            return true
        } catch {
            bytes.removeSubrange(nameStart...)
            return false
        }
    }

    /// Adds the fields of the form-encoded `input` (`+` as a space) as ``FormEncoding`` splits
    /// them. Returns `false`, adding nothing, when ``FormEncoding/parse(_:)`` would refuse it.
    mutating func appendForm(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        let (byteCount, entryCount) = (bytes.count, entries.count)
        reserveCapacity(forDecoding: input)
        var complete = true
        FormEncoding.forEachRawField(in: input) { name, value in
            complete = appendDecoding(name: UnsafeBufferPointer(rebasing: input[name]), value: UnsafeBufferPointer(rebasing: input[value]), plusAsSpace: true)
            return complete
        }
        if !complete {
            bytes.removeSubrange(byteCount...)
            entries.removeSubrange(entryCount...)
        }
        return complete
    }

    /// Adds the fields of form-encoded text given as its UTF-8 bytes (a string's, such as a
    /// URL's query), or throws ``FormEncoding/parse(_:)``'s error.
    mutating func appendForm(text: UnsafeBufferPointer<UInt8>) throws(SigningCoreError) {
        guard !appendForm(text) else { return }
        for field in try FormEncoding.parse(String(decoding: text, as: UTF8.self)) { append(field) }
    }

    /// Adds the fields of a form body given as bytes, or throws ``FormEncoding/parse(utf8:)``'s
    /// error (the body itself must be UTF-8).
    mutating func appendForm(utf8 body: [UInt8]) throws(SigningCoreError) {
        let added = body.withUnsafeBufferPointer { body in
            (Self.isASCII(body) || String(validating: body, as: UTF8.self) != nil) && appendForm(body)
        }
        guard !added else { return }
        for field in try FormEncoding.parse(utf8: body) { append(field) }
    }

    /// Makes room for the parameters decoded from `input` (at most its length, and a request's
    /// usual number of parameters), so that parsing seldom grows the buffers.
    mutating func reserveCapacity(forDecoding input: UnsafeBufferPointer<UInt8>) {
        reserveCapacity(byteCount: input.count)
    }

    /// Makes room for `byteCount` more bytes and a request's usual number of parameters.
    mutating func reserveCapacity(byteCount: Int) {
        bytes.reserveCapacity(bytes.count + byteCount)
        if entries.capacity - entries.count < 8 { entries.reserveCapacity(entries.count + 16) }
    }

    private func isUTF8(_ range: Range<Int>) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            let part = UnsafeBufferPointer(rebasing: bytes[range])
            return Self.isASCII(part) || String(validating: part, as: UTF8.self) != nil
        }
    }

    /// Whether `bytes` are ASCII without `%` (or `+`, when `plusAsSpace`): text that decodes
    /// to itself. Eight bytes at a time.
    static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        func isPlain(_ word: UInt64) -> Bool {
            !ByteWord.containsNonASCII(word) && !ByteWord.contains(UInt8(ascii: "%"), in: word)
                && !(plusAsSpace && ByteWord.contains(UInt8(ascii: "+"), in: word))
        }
        var index = ByteWord.passingPrefix(of: bytes, from: 0, isPlain)
        // Stopped at a word that failed.
        if bytes.count - index >= 8 { return false }
        // The last few bytes as the last eight, overlapping bytes already read.
        if index < bytes.count, bytes.count >= 8 { return isPlain(raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)) }
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x80 || byte == UInt8(ascii: "%") || (plusAsSpace && byte == UInt8(ascii: "+")) { return false }
            index &+= 1
        }
        return true
    }

    /// Whether every byte of `bytes` is ASCII, eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let index = ByteWord.passingPrefix(of: bytes, from: 0) { !ByteWord.containsNonASCII($0) }
        return bytes[index...].allSatisfy { $0 < 0x80 }
    }

    /// Calls `body` with the name and value of parameter `index`.
    func withBytes<Result>(of index: Int, _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let entry = entries[index]
        return bytes.withUnsafeBufferPointer { bytes in
            body(UnsafeBufferPointer(rebasing: bytes[entry.nameStart..<entry.valueStart]), UnsafeBufferPointer(rebasing: bytes[entry.valueStart..<entry.valueEnd]))
        }
    }

    /// Whether the name of parameter `index` is `name`.
    func name(of index: Int, is name: StaticString) -> Bool {
        let entry = entries[index]
        return entry.valueStart - entry.nameStart == name.utf8CodeUnitCount && hasPrefix(name, at: entry.nameStart)
    }

    /// The first parameter named `name`, its name compared as bytes (no string is made).
    func firstIndex(named name: String) -> Int? {
        var name = name
        return name.withUTF8 { name in
            bytes.withUnsafeBufferPointer { bytes in
                entries.indices.first { index in
                    let entry = entries[index]
                    return entry.valueStart - entry.nameStart == name.count
                        && name.elementsEqual(UnsafeBufferPointer(rebasing: bytes[entry.nameStart..<entry.valueStart]))
                }
            }
        }
    }

    /// Whether the name of parameter `index` starts with `oauth_` (a protocol parameter's, §3.5).
    func isProtocolParameter(_ index: Int) -> Bool {
        let entry = entries[index]
        return entry.valueStart - entry.nameStart >= 6 && hasPrefix("oauth_", at: entry.nameStart)
    }

    /// Whether `bytes` hold `prefix` from `start` (which must leave room for it).
    private func hasPrefix(_ prefix: StaticString, at start: Int) -> Bool {
        prefix.withUTF8Buffer { prefix in bytes[start..<(start + prefix.count)].elementsEqual(prefix) }
    }

    /// Whether parameters `index` and `other` have the same name.
    private func sameName(_ index: Int, _ other: Int) -> Bool {
        let (entry, otherEntry) = (entries[index], entries[other])
        let length = entry.valueStart - entry.nameStart
        guard otherEntry.valueStart - otherEntry.nameStart == length else { return false }
        return bytes[entry.nameStart..<entry.valueStart].elementsEqual(bytes[otherEntry.nameStart..<otherEntry.valueStart])
    }

    /// The name of parameter `index`.
    func name(_ index: Int) -> String {
        withBytes(of: index) { name, _ in String(decoding: name, as: UTF8.self) }
    }

    /// The value of parameter `index`.
    func value(_ index: Int) -> String {
        withBytes(of: index) { _, value in String(decoding: value, as: UTF8.self) }
    }

    /// Parameter `index` as a field.
    func field(_ index: Int) -> FormField {
        withBytes(of: index) { name, value in FormField(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)) }
    }

    /// Every parameter as a field, in order.
    var fields: [FormField] { entries.indices.map(field) }

    /// The first name that an earlier parameter (of those in `range`, all by default) already
    /// has, or `nil` when every name is different: how the header parser and ``OAuth1IncomingRequest`` refuse a repeated
    /// protocol parameter. Names are compared as bytes, as oauthlib compares them (two
    /// spellings of `é` are two names).
    ///
    /// A request carries about ten protocol parameters, for which comparing each name with the
    /// ones before it costs a fraction of hashing them into a set; a hostile list of thousands
    /// (a 64 KiB header) is checked through a set, so the cost stays linear.
    func firstRepeatedName(among range: Range<Int>? = nil) -> String? {
        let range = range ?? entries.indices
        guard range.count <= 32 else {
            var seen = Set<ArraySlice<UInt8>>(minimumCapacity: range.count)
            return range.first { !seen.insert(bytes[entries[$0].nameStart..<entries[$0].valueStart]).inserted }.map(name)
        }
        let repeated = range.dropFirst().first { index in (range.lowerBound..<index).contains { sameName($0, index) } }
        return repeated.map(name)
    }
}
