import Foundation

/// Behaviour switches of ``OAuth1MockProvider``; each can also be set from the server
/// configuration's `options` (as strings) so the `mock-servers` config file reaches them.
public struct OAuth1ProviderSettings: Sendable, Hashable {
    /// Accepted distance of `oauth_timestamp` from the server clock, in seconds (option
    /// `timestampWindowSeconds`, default 300).
    public var timestampWindowSeconds: Int
    /// Whether a rejected signature's response carries `X-OAuth1-Base-String` (option
    /// `exposeBaseString`, default on).
    public var exposesBaseString: Bool
    /// Whether the authorisation page approves at once without showing the form (option
    /// `autoApprove`, default off).
    public var autoApprove: Bool
    /// How long a request token can be authorised and exchanged (option
    /// `requestTokenLifetimeSeconds`, default 900).
    public var requestTokenLifetimeSeconds: Int
    /// How long access tokens live; `nil` (default) for ever (option `accessTokenLifetimeSeconds`).
    public var accessTokenLifetimeSeconds: Int?
    /// The `oauth_signature_method` values accepted (option `signatureMethods`, comma-separated;
    /// default all four).
    public var signatureMethods: [String]

    /// Creates settings.
    public init(
        timestampWindowSeconds: Int = 300,
        exposesBaseString: Bool = true,
        autoApprove: Bool = false,
        requestTokenLifetimeSeconds: Int = 900,
        accessTokenLifetimeSeconds: Int? = nil,
        signatureMethods: [String] = ["HMAC-SHA1", "HMAC-SHA256", "HMAC-SHA512", "PLAINTEXT"]
    ) {
        self.timestampWindowSeconds = timestampWindowSeconds
        self.exposesBaseString = exposesBaseString
        self.autoApprove = autoApprove
        self.requestTokenLifetimeSeconds = requestTokenLifetimeSeconds
        self.accessTokenLifetimeSeconds = accessTokenLifetimeSeconds
        self.signatureMethods = signatureMethods
    }

    /// These settings with the values given in `options` applied (unparseable values are ignored).
    public func applying(_ options: [String: String]) -> OAuth1ProviderSettings {
        var settings = self
        if let value = options["timestampWindowSeconds"].flatMap(Int.init), value >= 0 { settings.timestampWindowSeconds = value }
        if let value = options["exposeBaseString"].flatMap(Bool.init) { settings.exposesBaseString = value }
        if let value = options["autoApprove"].flatMap(Bool.init) { settings.autoApprove = value }
        if let value = options["requestTokenLifetimeSeconds"].flatMap(Int.init), value > 0 { settings.requestTokenLifetimeSeconds = value }
        if let value = options["accessTokenLifetimeSeconds"].flatMap(Int.init), value > 0 { settings.accessTokenLifetimeSeconds = value }
        if let value = options["signatureMethods"] {
            settings.signatureMethods = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return settings
    }
}
