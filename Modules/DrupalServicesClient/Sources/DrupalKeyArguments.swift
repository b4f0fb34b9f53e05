/// The arguments key authentication puts before a method's own, in Drupal's order:
/// `hash, domain_name, domain_time_stamp, nonce`, then `sessid` when the site uses sessions.
///
/// ``prepended(to:)`` is how ``DrupalKeySigner`` writes them; ``init(leading:usesSessid:)`` is
/// how a server reads them back, so both sides share one definition.
public struct DrupalKeyArguments: Sendable, Hashable {
    /// The HMAC-SHA256 hash (``DrupalKeyAuthentication``).
    public var hash: String
    /// The domain the key is registered for (`*` allowed).
    public var domain: String
    /// Seconds since 1970 as decimal text.
    public var timestamp: String
    /// A single-use value.
    public var nonce: String
    /// The session id, when the site uses sessions (`nil` when it does not).
    public var sessid: String?

    /// Creates the arguments.
    public init(hash: String, domain: String, timestamp: String, nonce: String, sessid: String?) {
        self.hash = hash
        self.domain = domain
        self.timestamp = timestamp
        self.nonce = nonce
        self.sessid = sessid
    }

    /// The names of the leading arguments, in order: `hash, domain_name, domain_time_stamp,
    /// nonce`, and `sessid` when `usesSessid`.
    public static func names(usesSessid: Bool) -> [String] {
        ["hash", "domain_name", "domain_time_stamp", "nonce"] + (usesSessid ? ["sessid"] : [])
    }

    /// The string that is hashed for `method`: `timestamp;domain;nonce;method`.
    public func hashInput(method: String) -> String {
        DrupalKeyAuthentication.hashInput(timestamp: timestamp, domain: domain, nonce: nonce, method: method)
    }

    /// `arguments` with these in front, as the call's `params`.
    public func prepended(to arguments: [JSONValue]) -> [JSONValue] {
        var params: [JSONValue] = [.string(hash), .string(domain), .string(timestamp), .string(nonce)]
        if let sessid { params.append(.string(sessid)) }
        return params + arguments
    }

    /// Reads the leading arguments from a call's `params` as Drupal (PHP) does: each taken in
    /// turn, a missing one read as the empty string, numbers and Booleans as their text
    /// (`1700000000`, `true` → `1`). ``count`` says how many were present; ``rest`` holds the
    /// method's own arguments.
    ///
    /// - Throws: ``DrupalServicesError/Code/invalidArguments`` (JSON-RPC -32602) naming the
    ///   argument when one is an array or object, which PHP cannot read as a string.
    public init(leading params: [JSONValue], usesSessid: Bool) throws(DrupalServicesError) {
        let names = Self.names(usesSessid: usesSessid)
        var values: [String] = []
        for (index, name) in names.enumerated() {
            guard index < params.count else { values.append(""); continue }
            guard let text = Self.phpString(params[index]) else {
                throw DrupalServicesError(
                    code: .invalidArguments,
                    message: "argument \(index + 1) (\(name)) must be a string, not \("an") \(params[index].typeName)",
                    rpcError: JSONRPCErrorObject(code: JSONRPCErrorObject.invalidParams, message: "Invalid params: \(name) must be a string")
                )
            }
            values.append(text)
        }
        self.init(hash: values[0], domain: values[1], timestamp: values[2], nonce: values[3], sessid: usesSessid ? values[4] : nil)
        count = min(params.count, names.count)
        rest = Array(params.dropFirst(names.count))
    }

    /// How many of the leading arguments were present when read from a call.
    public private(set) var count = 5
    /// The method's own arguments that followed them, when read from a call.
    public private(set) var rest: [JSONValue] = []

    /// PHP's string conversion of a scalar; `nil` for arrays and objects.
    private static func phpString(_ value: JSONValue) -> String? {
        switch value {
        case .null: ""
        case .bool(let flag): flag ? "1" : ""
        case .int(let number): String(number)
        case .double(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .string(let text): text
        case .array, .object: nil
        }
    }
}
