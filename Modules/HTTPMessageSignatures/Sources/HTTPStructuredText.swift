import RawStructuredFieldValues

/// Structured fields (RFC 8941) as this module reads and writes them, all through
/// swift-http-structured-headers' parser and serialiser: component identifiers, the
/// signature parameters' Inner List, and the strict re-serialisation of `sf` and `key`.
enum HTTPStructuredText {
    /// An identifier as a signature base writes it: `"name";param…` (RFC 9421 §2.5); `nil`
    /// when the name or a parameter cannot be a structured field.
    ///
    /// Written directly when every parameter is a registered one given once (every signature
    /// and every received `Signature-Input` names its components); otherwise, and as the
    /// reference a test holds this to, by the library (``serializedIdentifierByLibrary(name:parameters:)``).
    static func serializedIdentifier(name: String, parameters: [HTTPSignatureComponent.Parameter]) -> String? {
        // An unregistered key may not be a structured-field key, and of a key given twice the
        // library's map keeps the last value in the first place: both left to the library.
        for (index, parameter) in parameters.enumerated() {
            if case .other = parameter { return serializedIdentifierByLibrary(name: name, parameters: parameters) }
            if parameters[..<index].contains(where: { $0.keyName == parameter.keyName }) { return serializedIdentifierByLibrary(name: name, parameters: parameters) }
        }
        // A name alone with nothing to escape (nearly every one) is written as is.
        if parameters.isEmpty, name.utf8.allSatisfy({ (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            var identifier = String()
            identifier.reserveCapacity(name.utf8.count + 2)
            identifier += "\""
            identifier += name
            identifier += "\""
            return identifier
        }
        var output: [UInt8] = []
        output.reserveCapacity(name.utf8.count + 2)
        guard appendString(name, to: &output) else { return nil }
        for parameter in parameters {
            output.append(UInt8(ascii: ";"))
            output.append(contentsOf: parameter.keyName.utf8)
            switch parameter {
            case .key(let value), .name(let value):
                output.append(UInt8(ascii: "="))
                guard appendString(value, to: &output) else { return nil }
            default:
                break
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// ``serializedIdentifier(name:parameters:)`` by swift-http-structured-headers' serialiser.
    static func serializedIdentifierByLibrary(name: String, parameters: [HTTPSignatureComponent.Parameter]) -> String? {
        var serializer = StructuredFieldValueSerializer()
        guard let bytes = try? serializer.writeItemFieldValue(item(name: name, parameters: parameters)) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The component as a structured-field Item: a String with its parameters.
    static func item(_ component: HTTPSignatureComponent) -> Item {
        item(name: component.name, parameters: component.parameters)
    }

    private static func item(name: String, parameters componentParameters: [HTTPSignatureComponent.Parameter]) -> Item {
        var parameters = OrderedMap<String, RFC9651BareItem>()
        for parameter in componentParameters {
            switch parameter {
            case .key(let value), .name(let value): parameters[parameter.keyName] = .string(value)
            default: parameters[parameter.keyName] = .bool(true)
            }
        }
        return Item(bareItem: .string(name), parameters: parameters)
    }

    /// The component an Inner List member of `Signature-Input` names.
    static func component(_ item: Item) throws(HTTPMessageSignatureError) -> HTTPSignatureComponent {
        guard case .string(let name) = item.rfc9651BareItem else {
            throw HTTPMessageSignatureError(code: .malformedSignatureInput, message: "a covered component is \(kind(item.rfc9651BareItem)), not a String such as \"@method\" (RFC 9421 §2)")
        }
        // A parsed String is printable ASCII, so ASCII capitals are all `lowercased()` changes.
        guard !name.isEmpty, !name.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) || name.utf8.first == UInt8(ascii: "@") else {
            throw HTTPMessageSignatureError(code: .malformedSignatureInput, message: "the component name \"\(name.prefix(60))\" is not lowercased (RFC 9421 §2.1)")
        }
        var parameters: [HTTPSignatureComponent.Parameter] = []
        for (key, value) in item.rfc9651Parameters {
            switch (key, value) {
            case ("sf", .bool(true)): parameters.append(.structured)
            case ("bs", .bool(true)): parameters.append(.byteSequence)
            case ("req", .bool(true)): parameters.append(.request)
            case ("tr", .bool(true)): parameters.append(.trailer)
            case ("key", .string(let member)): parameters.append(.key(member))
            case ("name", .string(let parameter)): parameters.append(.name(parameter))
            case ("sf", _), ("bs", _), ("req", _), ("tr", _):
                throw HTTPMessageSignatureError(code: .invalidComponentParameter, message: "\"\(name.prefix(60))\";\(key) must be a true flag, not \(kind(value)) (RFC 9421 §2.1)")
            case ("key", _), ("name", _):
                throw HTTPMessageSignatureError(code: .invalidComponentParameter, message: "\"\(name.prefix(60))\";\(key) must be a String, not \(kind(value)) (RFC 9421 §2.1.2, §2.2.8)")
            default: parameters.append(.other(key))
            }
        }
        return HTTPSignatureComponent(name: name, parameters: parameters)
    }

    /// The words for a bare item's type, for refusals.
    static func kind(_ item: RFC9651BareItem) -> String {
        switch item {
        case .bool: "a Boolean"
        case .integer: "an Integer"
        case .decimal: "a Decimal"
        case .string: "a String"
        case .undecodedByteSequence: "a Byte Sequence"
        case .token: "a Token"
        case .date: "a Date"
        case .displayString: "a Display String"
        }
    }

    /// swift-http-structured-headers' parser over `text`.
    ///
    /// The parser is generic over the collection it reads and is not specialised for this
    /// module, so every step of it asks the runtime for its collection's metadata; over
    /// `[UInt8]` that is `ArraySlice<UInt8>`'s, looked up in a shared table each time (a fifth
    /// of a verification's time, `perf record`). ``FieldBytes`` is not generic and is its own
    /// slice, so its metadata is found directly.
    static func parser(_ text: String) -> StructuredFieldValueParser<FieldBytes> {
        StructuredFieldValueParser(FieldBytes(text))
    }

    /// Whether `text` can be a structured-field String: printable ASCII only (RFC 8941 §3.3.3).
    static func isStringable(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// Appends `text` serialised as a structured-field String (RFC 8941 §4.1.6: quoted, `"`
    /// and `\` escaped with `\`), or returns `false` for text that is not printable ASCII.
    static func appendString(_ text: String, to output: inout [UInt8]) -> Bool {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            guard (0x20...0x7E).contains(byte) else { return false }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { output.append(UInt8(ascii: "\\")) }
            output.append(byte)
        }
        output.append(UInt8(ascii: "\""))
        return true
    }

    /// Appends a structured-field Integer (RFC 8941 §4.1.4), or returns `false` for one of more
    /// than 15 digits.
    static func appendInteger(_ value: Int64, to output: inout [UInt8]) -> Bool {
        guard (-999_999_999_999_999...999_999_999_999_999).contains(value) else { return false }
        // A small string: no allocation.
        output.append(contentsOf: String(value).utf8)
        return true
    }

    /// The Inner List of covered components with the signature parameters, serialised (RFC 9421
    /// §2.3, RFC 8941 §4.1.1.1), written directly when the identifiers are already serialised
    /// and every parameter is an Integer or a String under a key given once; `nil` otherwise
    /// (then the library serialises it, ``HTTPSignatureParameters/serialize(_:)``, as it does
    /// in the test that holds the two alike).
    static func innerList(components: [HTTPSignatureComponent], parameters: [(key: String, value: RFC9651BareItem)]) -> String? {
        var output: [UInt8] = [UInt8(ascii: "(")]
        output.reserveCapacity(256)
        for (index, component) in components.enumerated() {
            guard let identifier = component.serializedIdentifier else { return nil }
            if index > 0 { output.append(UInt8(ascii: " ")) }
            output.append(contentsOf: identifier.utf8)
        }
        output.append(UInt8(ascii: ")"))
        for (key, value) in parameters {
            output.append(UInt8(ascii: ";"))
            output.append(contentsOf: key.utf8)
            output.append(UInt8(ascii: "="))
            switch value {
            case .integer(let integer): guard appendInteger(integer, to: &output) else { return nil }
            case .string(let text): guard appendString(text, to: &output) else { return nil }
            default: return nil
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The serialisation of one dictionary member's value (an Item or Inner List with its
    /// parameters), as `key` components need (RFC 9421 §2.1.2).
    static func memberValue(_ value: ItemOrInnerList) throws -> String {
        var serializer = StructuredFieldValueSerializer()
        let bytes: [UInt8]
        switch value {
        case .item(let item): bytes = try serializer.writeItemFieldValue(item)
        case .innerList: bytes = try serializer.writeListFieldValue([value])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The number of top-level members of an already-parsed Dictionary or List field value:
    /// its commas outside Strings, plus one. The library's parser keeps the last of two
    /// members with one key (RFC 8941 §4.2.2), so a count above the parsed map's reveals a
    /// repeated key; before parsing, it bounds the work a hostile field can cause.
    static func memberCount(_ text: String) -> Int {
        var count = 1
        var inString = false
        var escaped = false
        for byte in text.utf8 {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: ",") {
                count += 1
            }
        }
        return count
    }
}

extension HTTPSignatureComponent {
    /// The component an identifier names, written as in a signature base or `Signature-Input`
    /// (`"@method"`, `"content-type"`, `"@query-param";name="q"`, `"example-dict";key="a"`).
    ///
    /// - Throws: ``HTTPMessageSignatureError/Code/unknownComponent`` for text that is not a
    ///   structured-field String with parameters, and the codes of a bad parameter.
    public init(parsing identifier: String) throws(HTTPMessageSignatureError) {
        var parser = HTTPStructuredText.parser(identifier)
        let item: Item
        do {
            item = try parser.parseItemFieldValue()
        } catch {
            throw HTTPMessageSignatureError(code: .unknownComponent, message: "\(identifier.prefix(80)) is not a component identifier such as \"@method\" or \"@query-param\";name=\"q\" (RFC 9421 §2)", cause: error)
        }
        self = try HTTPStructuredText.component(item)
    }
}

/// A field value's bytes, or a range of them, as swift-http-structured-headers' parser reads
/// them (``HTTPStructuredText/parser(_:)``): a plain collection of `UInt8` that is its own
/// `SubSequence`.
struct FieldBytes: RandomAccessCollection, Sendable {
    private let storage: [UInt8]
    let startIndex: Int
    let endIndex: Int

    /// The UTF-8 bytes of `text`.
    init(_ text: String) {
        storage = Array(text.utf8)
        startIndex = 0
        endIndex = storage.count
    }

    private init(storage: [UInt8], bounds: Range<Int>) {
        self.storage = storage
        startIndex = bounds.lowerBound
        endIndex = bounds.upperBound
    }

    subscript(position: Int) -> UInt8 { storage[position] }

    subscript(bounds: Range<Int>) -> FieldBytes { FieldBytes(storage: storage, bounds: bounds) }

    func withContiguousStorageIfAvailable<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[startIndex..<endIndex])) }
    }
}
