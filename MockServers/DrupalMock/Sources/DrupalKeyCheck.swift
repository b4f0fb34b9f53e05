import DrupalServicesClient
import Foundation

/// Drupal's key authentication on the server side: the leading arguments read with the
/// client's own ``DrupalServicesClient/DrupalKeyArguments`` and hashed with its
/// ``DrupalServicesClient/DrupalKeyAuthentication``, so the signer and this check share one
/// definition. The checks run in Drupal's order, each with Drupal's message.
struct DrupalKeyCheck: Sendable {
    let options: DrupalMockOptions
    let keys: [DrupalMockAPIKey]
    let site: DrupalSite

    /// What a call carries after the check: its session id (empty when none) and the
    /// method's own arguments.
    struct Checked: Sendable {
        var sessid: String
        var arguments: [JSONValue]
    }

    /// Reads and checks the leading arguments of a call to `method`.
    ///
    /// - Throws: ``DrupalMockError`` with Drupal's message: `Token has expired.`, `Token has
    ///   been used previously…`, `Invalid API key.` (with the hash input), `Access denied.`,
    ///   `Invalid sessid.`; -32602 for a leading argument that is an array or object.
    func check(_ request: JSONRPCRequest, now: Date) async throws(DrupalMockError) -> Checked {
        guard options.usesKeys else {
            guard options.usesSessid else { return Checked(sessid: "", arguments: request.params) }
            let sessid = try Self.sessid(request.params.first)
            guard !sessid.isEmpty else {
                throw DrupalMockError(.invalidSessid, DrupalServiceMessage.invalidSessid, reason: "the sessid argument (argument 1) is empty or missing; call system.connect for one")
            }
            return Checked(sessid: sessid, arguments: Array(request.params.dropFirst()))
        }
        let leading: DrupalKeyArguments
        do {
            leading = try DrupalKeyArguments(leading: request.params, usesSessid: options.usesSessid)
        } catch {
            throw DrupalMockError(error)
        }
        let method = request.method
        let timestamp = Self.phpInteger(leading.timestamp)
        let nowSeconds = Int(now.timeIntervalSince1970.rounded(.down))
        if timestamp < nowSeconds - options.tokenExpirySeconds {
            let age = leading.timestamp.isEmpty ? "missing" : "\(nowSeconds - timestamp) s old"
            throw DrupalMockError(.timestampRefused, DrupalServiceMessage.tokenExpired, reason: "domain_time_stamp \(leading.timestamp.isEmpty ? "(none)" : leading.timestamp) is \(age), past the token expiry of \(options.tokenExpirySeconds) s; send the current time (corrected for the server's clock)")
        }
        guard await site.useNonce(domain: leading.domain, nonce: leading.nonce, now: now) else {
            throw DrupalMockError(.nonceUsed, DrupalServiceMessage.nonceReused, reason: "the nonce was already used for domain \(leading.domain) within the last \(options.tokenExpirySeconds) s; every call needs a new one")
        }
        let input = leading.hashInput(method: method)
        guard let key = key(for: leading.domain) else {
            throw DrupalMockError(.invalidAPIKey, DrupalServiceMessage.invalidAPIKey, reason: "no API key is registered for the domain \(leading.domain.debugDescription); the domains are \(keys.map(\.domain).joined(separator: ", "))", hashInput: input)
        }
        guard DrupalKeyAuthentication.isValid(hash: leading.hash, apiKey: key.key, input: input) else {
            throw DrupalMockError(.invalidAPIKey, DrupalServiceMessage.invalidAPIKey, reason: "the hash is not HMAC-SHA256 of the string the server hashed (see X-Drupal-Hash-Input: timestamp;domain;nonce;method) keyed with the domain's API key, in lowercase hex", hashInput: input)
        }
        guard key.allows(method) else {
            throw DrupalMockError(.accessDenied, DrupalServiceMessage.keyAccessDenied, reason: "the API key of \(key.domain) may not call \(method); it may call \(key.methods?.sorted().joined(separator: ", ") ?? "every method")")
        }
        let sessid = leading.sessid ?? ""
        if options.usesSessid, sessid.isEmpty {
            throw DrupalMockError(.invalidSessid, DrupalServiceMessage.invalidSessid, reason: "the sessid argument (argument 5) is empty or missing; call system.connect for one")
        }
        return Checked(sessid: sessid, arguments: leading.rest)
    }

    /// The key registered for `domain`, or for `*`.
    private func key(for domain: String) -> DrupalMockAPIKey? {
        keys.first { $0.domain == domain } ?? keys.first { $0.domain == "*" }
    }

    /// PHP's reading of a number at the start of `text` (`"1262304000abc"` → 1262304000,
    /// `""` → 0); too many digits read as the largest number.
    static func phpInteger(_ text: String) -> Int {
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        var digits = Substring(trimmed)
        var sign = 1
        if let first = digits.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        let prefix = digits.prefix { $0.isASCII && $0.isNumber }
        guard !prefix.isEmpty else { return 0 }
        guard let value = Int(prefix) else { return sign > 0 ? Int.max : Int.min }
        return sign * value
    }

    /// A `sessid` argument: a string or number, read as text.
    static func sessid(_ value: JSONValue?) throws(DrupalMockError) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let text)?: return text
        case .int(let number)?: return String(number)
        case let other?:
            throw DrupalMockError(protocol: JSONRPCErrorObject.invalidParams, code: .invalidArguments, message: "Invalid params: sessid must be a string", reason: "argument 1 (sessid) must be a string, not \(other.typeName)")
        }
    }
}
