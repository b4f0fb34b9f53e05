// Unsafe code here, and why: the common signed string is written into one byte buffer without
// building the PHP-array model, because it is built for every signature and verification. The
// plain version is `AFSignedCanonicalForm` (the model), pinned against this one in FlatFormTests
// ("fast path and model agree on generated fields"), and both against the PHP reference
// backend in IntegrationTests' PHP peer tests.

import SigningCore

/// ``AFSignedCanonicalForm``'s common case, written straight into one byte buffer without the
/// PHP-array model: every field name is a plain name (`page`) or a plain name followed by `[]`
/// (`tags[]`).
///
/// PHP's arrays are then one level deep and every key is a string PHP never reads as a number,
/// so `ksort` is a byte order and the key a field sets is its name. The keys are copied once
/// into a scratch buffer and sorted by their bytes, then by the order sent, and each key's value
/// is read off its run of fields as PHP leaves it: `array_merge` keeps the body's value when the
/// body has the key, else the query's; in that part the last plain field wins, and `key[]` fields
/// after it (or all of them, without one) are the list.
///
/// Any other name returns `nil` so that the caller uses the model: empty; brackets that are not
/// one trailing `[]`; a dot, space or control byte (PHP rewrites or truncates them); a first byte
/// that can start a number (digit, sign), since PHP turns such names into integers or compares
/// them as numbers; a byte that is not ASCII, since the model's keys are `String`s, equal under
/// Unicode canonical equivalence rather than byte by byte. So does a part with more fields than
/// PHP's `max_input_vars`.
enum AFSignedFlatForm {
    /// A field as the fast path reads it.
    private struct Entry {
        /// Its position among the query's fields followed by the body's.
        var field: Int
        /// Where its key lies in the key buffer.
        var keyStart: Int
        var keyLength: Int
        /// Whether it is `key[]=item` rather than `key=value`.
        var isItem: Bool
    }

    /// The bytes ``AFSignedCanonicalForm/bytes(version:method:path:query:body:)`` signs, or `nil`
    /// when a field is not of the common case.
    static func bytes(version: AFSignedVersion, method: String, path: String, query: [FormField], body: [FormField]) -> [UInt8]? {
        guard query.count <= PHPArray.maximumVariables, body.count <= PHPArray.maximumVariables else { return nil }
        let fieldCount = query.count + body.count
        var entries: [Entry] = []
        entries.reserveCapacity(fieldCount)
        var keys: [UInt8] = []
        var capacity = method.utf8.count + path.utf8.count + 2
        for index in 0..<fieldCount {
            let field = index < query.count ? query[index] : body[index - query.count]
            guard let entry = read(field.name, field: index, into: &keys) else { return nil }
            entries.append(entry)
            capacity += field.name.utf8.count + field.value.utf8.count + 2
        }

        var output: [UInt8] = []
        output.reserveCapacity(version == .v2 ? capacity : 3 * capacity + 4)
        output.append(contentsOf: method.utf8)
        output.append(0x0A)
        if version == .v2 {
            withUTF8(path) { AFSignedCanonicalForm.appendURLDecoded($0, to: &output) }
        } else {
            output.append(contentsOf: path.utf8)
        }
        output.append(0x0A)

        keys.withUnsafeBufferPointer { keys in
            entries.sort { a, b in
                let order = compare(a, b, in: keys)
                return order != 0 ? order < 0 : a.field < b.field
            }
            var json: [UInt8] = []
            var isFirst = true
            var start = 0
            while start < entries.count {
                var end = start + 1
                while end < entries.count, compare(entries[start], entries[end], in: keys) == 0 { end += 1 }
                defer { start = end }
                let key = UnsafeBufferPointer(rebasing: keys[entries[start].keyStart..<entries[start].keyStart + entries[start].keyLength])
                if key.starts(with: AFSignedField.prefix.utf8) { continue }
                // array_merge: the body's value replaces the query's.
                var from = start
                if entries[end - 1].field >= query.count {
                    while entries[from].field < query.count { from += 1 }
                }
                // The last plain field replaces what came before; the items after it are the list.
                var itemsFrom = end
                while itemsFrom > from, entries[itemsFrom - 1].isItem { itemsFrom -= 1 }
                if !isFirst { output.append(UInt8(ascii: "&")) }
                isFirst = false
                func value(_ entry: Entry) -> String {
                    entry.field < query.count ? query[entry.field].value : body[entry.field - query.count].value
                }
                switch (version, itemsFrom == end) {
                case (.v2, true):
                    AFSignedCanonicalForm.appendURLDecoded(key, to: &output)
                    output.append(UInt8(ascii: "="))
                    withUTF8(value(entries[end - 1])) { AFSignedCanonicalForm.appendURLDecoded($0, to: &output) }
                case (.v2, false):
                    for index in itemsFrom..<end {
                        if index > itemsFrom { output.append(UInt8(ascii: "&")) }
                        AFSignedCanonicalForm.appendURLDecoded(key, to: &output)
                        output.append(contentsOf: "[]=".utf8)
                        withUTF8(value(entries[index])) { AFSignedCanonicalForm.appendURLDecoded($0, to: &output) }
                    }
                case (.v4, true):
                    PercentEncoding.append(encoding: key, to: &output)
                    output.append(UInt8(ascii: "="))
                    PercentEncoding.append(value(entries[end - 1]), to: &output)
                case (.v4, false):
                    PercentEncoding.append(encoding: key, to: &output)
                    output.append(UInt8(ascii: "="))
                    json.removeAll(keepingCapacity: true)
                    json.append(UInt8(ascii: "["))
                    for index in itemsFrom..<end {
                        if index > itemsFrom { json.append(UInt8(ascii: ",")) }
                        withUTF8(value(entries[index])) { AFSignedCanonicalForm.appendJSONString($0, to: &json) }
                    }
                    json.append(UInt8(ascii: "]"))
                    json.withUnsafeBufferPointer { PercentEncoding.append(encoding: $0, to: &output) }
                }
            }
        }
        return output
    }

    /// The entry for the field called `name`, its key appended to `keys`; `nil` when the name is
    /// not of the common case.
    private static func read(_ name: String, field: Int, into keys: inout [UInt8]) -> Entry? {
        withUTF8(name) { name -> Entry? in
            guard let first = name.first, !(0x30...0x39).contains(first), first != UInt8(ascii: "+"), first != UInt8(ascii: "-") else { return nil }
            var length = name.count
            let isItem = length > 2 && name[length - 2] == UInt8(ascii: "[") && name[length - 1] == UInt8(ascii: "]")
            if isItem { length -= 2 }
            for byte in name[..<length] {
                guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "."), byte != UInt8(ascii: "[") else { return nil }
            }
            let entry = Entry(field: field, keyStart: keys.count, keyLength: length, isItem: isItem)
            keys.append(contentsOf: UnsafeBufferPointer(rebasing: name[..<length]))
            return entry
        }
    }

    /// `zend_binary_strcmp` over two entries' keys.
    private static func compare(_ a: Entry, _ b: Entry, in keys: UnsafeBufferPointer<UInt8>) -> Int {
        for offset in 0..<min(a.keyLength, b.keyLength) {
            let (x, y) = (keys[a.keyStart + offset], keys[b.keyStart + offset])
            if x != y { return x < y ? -1 : 1 }
        }
        return a.keyLength - b.keyLength
    }

    private static func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var text = text
        return text.withUTF8(body)
    }
}
