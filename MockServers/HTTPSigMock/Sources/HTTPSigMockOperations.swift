import MockServerKit

/// The routes as `/openapi.json` describes them. Every items route verifies the request's
/// RFC 9421 signature first: without a valid one the answer is 401 (400 for fields it cannot
/// read, 503 when the replay store could not answer).
enum HTTPSigMockOperations {
    static let item = MockSchema.object(
        ["id": .integer, "name": .string, "created_at": .string, "created_by": .string],
        required: ["id", "name", "created_at", "created_by"]
    )
    static let signature = MockSchema.object(
        ["label": .string, "keyid": .string, "algorithm": .string, "profile": .string(values: ["default", "web-bot-auth"]), "tag": .string,
         "agent": .string, "nonce": .boolean],
        required: ["label", "keyid", "algorithm", "profile", "nonce"]
    )
    /// The problem body (RFC 9457) of every refusal.
    static let problem = MockOperation.Content("application/problem+json", schema: .object(
        ["code": .string, "detail": .string, "status": .integer, "title": .string, "signature_base": .string, "fields": .object([:])],
        required: ["code", "detail", "status", "title"]
    ))

    /// The fields every signed request carries.
    static let signed: [MockOperation.Parameter] = [
        .init("Signature-Input", in: .header, description: "RFC 9421 §4.1: the covered components and parameters"),
        .init("Signature", in: .header, description: "RFC 9421 §4.2: the signature, a Byte Sequence"),
        .init("Content-Digest", in: .header, description: "RFC 9530: the body's digest, covered as `content-digest` when there is a body"),
        .init("Signature-Agent", in: .header, description: "Web Bot Auth: where the agent's key directory is"),
    ]

    /// The answers' signature, when response signing is on.
    static let signedAnswer: [String: MockSchema] = ["Signature-Input": .string, "Signature": .string, "Content-Digest": .string]

    static let refusals: [MockOperation.Answer] = [
        .init(400, "Signature fields, components or a Signature-Agent it cannot read.", content: [problem]),
        .init(401, "A signature refused: not covering what the policy requires, too old, replayed, an unknown key, not matching.", content: [problem]),
        .init(503, "The replay store could not answer, so the nonce could not be checked.", content: [problem]),
    ]

    static let list = MockOperation(
        "Lists the items (signed by the server when response signing is on).",
        parameters: signed + [.init("q", in: .query, description: "a part of the name, at most 100 characters")],
        answers: refusals + [
            .init(200, "The items and how the request's signature was judged.", content: [.json(.object(
                ["items": .array(item), "total": .integer, "signature": signature], required: ["items", "total", "signature"]
            ))], headers: signedAnswer),
            .init(422, "`q` longer than 100 characters.", content: [problem]),
        ]
    )

    static let create = MockOperation(
        "Creates an item from `{\"name\": …}`; the body must be covered through `content-digest`.",
        parameters: signed,
        requestBody: [.json(.object(["name": .string(minLength: 1, maxLength: 100)], required: ["name"]))],
        answers: refusals + [
            .init(201, "The item created.", content: [.json(item)], headers: signedAnswer),
            .init(409, "The store is full.", content: [problem]),
            .init(415, "A body that is not application/json.", content: [problem]),
            .init(422, "A missing or invalid name.", content: [problem]),
        ]
    )

    static let show = MockOperation(
        "One item.", parameters: signed + [.init("id", in: .path, required: true, description: "the item's number")],
        answers: refusals + [
            .init(200, "The item.", content: [.json(item)], headers: signedAnswer),
            .init(404, "No such item.", content: [problem]),
        ]
    )

    static let directory = MockOperation(
        "Web Bot Auth's key directory: the agents' public keys as a JWK set, signed by each key (tag `http-message-signatures-directory`).",
        answers: [
            .init(200, "The JWK set.", content: [MockOperation.Content(HTTPSigDirectory.mediaType, schema: .object(["keys": .array(.object([:]))], required: ["keys"]))],
                  headers: signedAnswer),
        ]
    )
}
