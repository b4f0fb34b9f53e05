import Foundation

/// The JSON encoding of credential values shared by every store, with errors that name fields
/// but never values.
enum CredentialCoding {
    static func encode(_ credential: some Encodable) throws(CredentialStoreError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(credential)
        } catch {
            throw CredentialStoreError(
                code: .encodingFailed,
                message: "\(type(of: credential)) could not be encoded as JSON (\(describe(error))); check its Encodable conformance"
            )
        }
    }

    static func decode<C: Decodable>(_ type: C.Type, from data: Data, service: String, account: String) throws(CredentialStoreError) -> C {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw CredentialStoreError(
                code: .decodingFailed,
                message: "the item for service \(CredentialName.quoted(service)), account \(CredentialName.quoted(account)) is not a \(type) (\(describe(error))); load it with the type it was saved as, or remove it and save again"
            )
        }
    }

    /// A description of a coding error built only from coding paths and type names. The
    /// errors' own debug descriptions can quote input bytes, which may be secret.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(let expected, let context):
            "expected \(expected) at \(path(context.codingPath))"
        case DecodingError.valueNotFound(let expected, let context):
            "no \(expected) value at \(path(context.codingPath))"
        case DecodingError.keyNotFound(let key, let context):
            "missing key \"\(key.stringValue)\" at \(path(context.codingPath))"
        case DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty ? "not valid JSON" : "invalid value at \(path(context.codingPath))"
        case EncodingError.invalidValue(_, let context):
            "invalid value at \(path(context.codingPath))"
        default:
            "\(type(of: error))"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the top level" : codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
