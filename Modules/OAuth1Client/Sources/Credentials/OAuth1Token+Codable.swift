import SigningCore

/// `OAuth1Token` is `Codable` so that a credential store can keep it between launches:
///
/// ```swift
/// let token = try await store.loadOrCreate(OAuth1Token.self, service: "twitter", account: "me") {
///     try await authorize()   // the 3-legged flow, only when nothing is stored yet
/// }
/// ```
///
/// The encoded form is `{"token": …, "secret": …, "callbackConfirmed": …?, "fields": [[name, value], …]}`:
/// the reply's extra fields keep their order and duplicates. Encoded tokens contain the secret,
/// so store them only where secrets belong (Keychain, a 0600 file).
extension OAuth1Token: Codable {
    private enum CodingKeys: String, CodingKey {
        case token, secret, callbackConfirmed, fields
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let pairs = try container.decodeIfPresent([[String]].self, forKey: .fields) ?? []
        var fields: [FormField] = []
        for pair in pairs {
            guard pair.count == 2 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .fields,
                    in: container,
                    debugDescription: "each additional field must be a [name, value] pair"
                )
            }
            fields.append(FormField(pair[0], pair[1]))
        }
        self.init(
            token: try container.decode(String.self, forKey: .token),
            secret: try container.decode(String.self, forKey: .secret),
            callbackConfirmed: try container.decodeIfPresent(Bool.self, forKey: .callbackConfirmed),
            additionalFields: fields
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(token, forKey: .token)
        try container.encode(secret, forKey: .secret)
        try container.encodeIfPresent(callbackConfirmed, forKey: .callbackConfirmed)
        if !additionalFields.isEmpty {
            try container.encode(additionalFields.map { [$0.name, $0.value] }, forKey: .fields)
        }
    }
}
