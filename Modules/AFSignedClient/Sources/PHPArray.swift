/// A key of a PHP array: an integer, or a string that is not a canonical integer.
enum PHPKey: Hashable, Sendable {
    case int(Int)
    case string(String)

    /// `name` as PHP stores it: `"7"` becomes the integer 7.
    init(_ name: String) {
        self = PHPNumericString.integerKey(name).map(PHPKey.int) ?? .string(name)
    }

    /// The key as PHP prints it in a string (`$key . '='`).
    var text: String {
        switch self {
        case .int(let value): String(value)
        case .string(let value): value
        }
    }
}

/// A value of the arrays PHP builds from a request (`$_GET`, `$_POST`): a string or an array.
indirect enum PHPValue: Sendable {
    case string(String)
    case array(PHPArray)

    /// The value as PHP prints it in a string: an array prints `Array`.
    var text: String {
        switch self {
        case .string(let value): value
        case .array: "Array"
        }
    }
}

/// An ordered PHP array, as PHP builds `$_GET` and `$_POST` from a request's fields
/// (`php_register_variable_ex`), merges them (`array_merge`) and sorts them (`ksort`).
struct PHPArray: Sendable {
    private(set) var entries: [(key: PHPKey, value: PHPValue)] = []
    private var positions: [PHPKey: Int] = [:]
    private var nextIndex = 0

    /// PHP's `max_input_vars`: fields past it are dropped.
    static let maximumVariables = 1000
    /// PHP's `max_input_nesting_level`: a name nested deeper is dropped whole.
    static let maximumNesting = 64

    init() {}

    /// The array PHP builds from `fields` in order: `a[]=1` appends, `a[b]=1` sets a key,
    /// `a.b` and `a b` become `a_b`, leading spaces are dropped, a later field overwrites an
    /// earlier one of the same name, and fields past ``maximumVariables`` are dropped.
    init(parsing fields: [(name: String, value: String)]) {
        for field in fields.prefix(Self.maximumVariables) {
            register(name: field.name, value: field.value)
        }
    }

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }
    var values: [PHPValue] { entries.map(\.value) }

    subscript(key: PHPKey) -> PHPValue? {
        positions[key].map { entries[$0].value }
    }

    /// Whether the keys are 0, 1, 2, … in order (a JSON array rather than an object).
    var isList: Bool {
        entries.enumerated().allSatisfy { $0.element.key == .int($0.offset) }
    }

    mutating func set(_ key: PHPKey, _ value: PHPValue) {
        if let position = positions[key] {
            entries[position].value = value
        } else {
            positions[key] = entries.count
            entries.append((key, value))
            if case .int(let index) = key, index >= nextIndex { nextIndex = index == Int.max ? index : index + 1 }
        }
    }

    mutating func append(_ value: PHPValue) {
        set(.int(nextIndex), value)
    }

    mutating func remove(_ key: PHPKey) {
        guard let position = positions.removeValue(forKey: key) else { return }
        entries.remove(at: position)
        for index in position..<entries.count { positions[entries[index].key] = index }
    }

    /// `array_merge(self, other)`: string keys overwrite in place, integer keys are renumbered
    /// from 0 in order.
    func merged(with other: PHPArray) -> PHPArray {
        var result = PHPArray()
        for (key, value) in entries + other.entries {
            if case .int = key { result.append(value) } else { result.set(key, value) }
        }
        return result
    }

    /// The entries in `ksort` order (stable, as PHP 8's sort is), or `nil` when PHP's
    /// comparison is not a consistent order over these keys (e.g. `9`, `10` and `"1z"`), so
    /// that the result would depend on PHP's sorting algorithm.
    ///
    /// Each key is read as a number once. Integers alone, or names that are not numbers alone,
    /// are always in a consistent order; only a mix is checked pair by pair.
    func sortedByKey() -> [(key: PHPKey, value: PHPValue)]? {
        let keys = entries.map { PHPNumericString.SortKey($0.key) }
        let order = keys.indices.sorted { i, j in
            let order = keys[i].compare(to: keys[j])
            return order != 0 ? order < 0 : i < j
        }
        if !PHPNumericString.SortKey.areTotallyOrdered(keys) {
            for i in order.indices {
                for j in order.indices where j > i && keys[order[i]].compare(to: keys[order[j]]) > 0 {
                    return nil
                }
            }
        }
        return order.map { entries[$0] }
    }

    // MARK: php_register_variable_ex

    private mutating func register(name: String, value: String) {
        // A name without spaces, dots, brackets or NUL (the common case) is its own key.
        if !name.isEmpty, !name.utf8.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "[") || $0 == 0 }) {
            set(PHPKey(name), .string(value))
            return
        }
        var bytes = Array(name.utf8.prefix { $0 != 0 })  // C strings end at NUL
        while bytes.first == UInt8(ascii: " ") { bytes.removeFirst() }
        var base: [UInt8] = []
        var rest: ArraySlice<UInt8> = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "[") {
                rest = bytes[(index + 1)...]
                break
            }
            base.append(byte == UInt8(ascii: " ") || byte == UInt8(ascii: ".") ? UInt8(ascii: "_") : byte)
            index += 1
        }
        guard !base.isEmpty else { return }
        var indices: [String?] = []
        if index < bytes.count {
            // Read `[index]` groups; a first `[` without a `]` becomes `_`, as do spaces, dots and `[` after it.
            guard let close = rest.firstIndex(of: UInt8(ascii: "]")) else {
                let mangled = rest.map { [UInt8(ascii: " "), UInt8(ascii: "."), UInt8(ascii: "[")].contains($0) ? UInt8(ascii: "_") : $0 }
                let plain = String(decoding: base + [UInt8(ascii: "_")] + mangled, as: UTF8.self)
                set(PHPKey(plain), .string(value))
                return
            }
            var remainder = rest
            var closing = close
            while true {
                let inside = remainder[remainder.startIndex..<closing]
                indices.append(inside.isEmpty ? nil : String(decoding: inside, as: UTF8.self))
                let after = remainder[(closing + 1)...]
                guard after.first == UInt8(ascii: "["), let next = after.dropFirst().firstIndex(of: UInt8(ascii: "]")) else { break }
                remainder = after.dropFirst()
                closing = next
            }
        }
        guard indices.count <= Self.maximumNesting else {
            remove(PHPKey(String(decoding: base, as: UTF8.self)))
            return
        }
        assign(value, path: indices[...], under: PHPKey(String(decoding: base, as: UTF8.self)))
    }

    /// Stores `value` at `key` followed by `path` (`nil`: append), making arrays on the way.
    private mutating func assign(_ value: String, path: ArraySlice<String?>, under key: PHPKey?) {
        guard let first = path.first else {
            if let key { set(key, .string(value)) } else { append(.string(value)) }
            return
        }
        var child = PHPArray()
        if let key, case .array(let existing)? = self[key] { child = existing }
        child.assign(value, path: path.dropFirst(), under: first.map(PHPKey.init))
        if let key { set(key, .array(child)) } else { append(.array(child)) }
    }
}
