import Foundation
import SigningCore

/// The on-disk format of one ``FileStore`` item, version 1: a single JSON object (keys sorted,
/// one trailing newline)
///
/// ```json
/// {"account":"…","format":"signed-api-sdk.credential","payload":"<Base64>","service":"…","sha256":"<hex>","version":1}
/// ```
///
/// where `payload` is the credential's JSON and `sha256` the lowercase hex SHA-256 of the
/// payload bytes. Readers check, in order: not empty, complete JSON, the `format` marker, the
/// `version` (anything but 1 is refused, not guessed at), the names (the file must belong to the
/// item asked for), the Base64 and the checksum.
enum CredentialFile {
    static let formatName = "signed-api-sdk.credential"
    static let currentVersion = 1
    /// Larger than any valid item (64 KiB of payload is 87 KiB of Base64, plus names).
    static let maximumFileSize = 256 * 1024

    private struct Probe: Decodable {
        let format: String?
        let version: Int?
    }

    private struct VersionOne: Codable {
        let format: String
        let version: Int
        let service: String
        let account: String
        let payload: String
        let sha256: String
    }

    static func encode(payload: Data, service: String, account: String) throws(CredentialStoreError) -> Data {
        let item = VersionOne(
            format: formatName,
            version: currentVersion,
            service: service,
            account: account,
            payload: Base64.encode(payload),
            sha256: SHA256.hash(payload).hex
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var data = try? encoder.encode(item) else {
            throw CredentialStoreError(code: .encodingFailed, message: "the credential file for service \(CredentialName.quoted(service)), account \(CredentialName.quoted(account)) could not be encoded; nothing was written")
        }
        data.append(UInt8(ascii: "\n"))
        return data
    }

    static func decode(_ bytes: [UInt8], service: String, account: String, path: String) throws(CredentialStoreError) -> Data {
        guard !bytes.isEmpty else {
            throw corrupt(path, "is empty (0 bytes)")
        }
        let data = Data(bytes)
        let decoder = JSONDecoder()
        guard let probe = try? decoder.decode(Probe.self, from: data) else {
            throw corrupt(path, "is not a complete credential file (\(bytes.count) bytes that do not parse as JSON: truncated or overwritten)")
        }
        guard probe.format == formatName else {
            throw corrupt(path, "is not a credential file written by this SDK (no \"\(formatName)\" format marker)")
        }
        guard let version = probe.version else {
            throw corrupt(path, "has no format version")
        }
        guard version == currentVersion else {
            throw CredentialStoreError(
                code: .unsupportedFormatVersion,
                message: "\(path) is in credential format version \(version), and this release reads version \(currentVersion) only; it was left untouched. Update the app, or remove the item and authorise again"
            )
        }
        guard let item = try? decoder.decode(VersionOne.self, from: data) else {
            throw corrupt(path, "lacks fields that format version 1 requires")
        }
        guard item.service.utf8.elementsEqual(service.utf8), item.account.utf8.elementsEqual(account.utf8) else {
            throw corrupt(path, "belongs to service \(CredentialName.quoted(item.service)), account \(CredentialName.quoted(item.account)), not the item asked for (was it copied or renamed?)")
        }
        guard let payload = try? Base64.decode(item.payload) else {
            throw corrupt(path, "holds a payload that is not valid Base64")
        }
        guard SHA256.hash(payload).hex == item.sha256 else {
            throw corrupt(path, "fails its SHA-256 checksum (the payload was altered or damaged)")
        }
        return Data(payload)
    }

    private static func corrupt(_ path: String, _ problem: String) -> CredentialStoreError {
        CredentialStoreError(
            code: .corruptItem,
            message: "the credential file \(path) \(problem). It was left in place for inspection; remove the item with remove(service:account:) and authorise again"
        )
    }
}
