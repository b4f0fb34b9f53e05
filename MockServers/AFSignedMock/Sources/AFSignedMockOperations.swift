import MockServerKit

/// The user routes as `/openapi.json` describes them. Every route verifies `auth_signature`
/// first: without valid auth values the answer is 401 (400 for values it cannot read).
enum AFSignedMockOperations {
    static let user = MockSchema.object(
        ["id": .integer, "name": .string, "email": .string, "created_at": .string],
        required: ["id", "name", "email", "created_at"]
    )
    static let error = MockOperation.Content.json(.object(["error": .string, "fields": .object([:])], required: ["error"]))

    /// The auth values every request carries (in the query or the form body).
    static let auth: [MockOperation.Parameter] = [
        .init("auth_client_id", in: .query, description: "the client id (version 2: `auth_key` when so configured)"),
        .init("auth_timestamp", in: .query, description: "seconds since 1970"),
        .init("auth_signature", in: .query, description: "HMAC-SHA256 of the string to sign, lowercase hex"),
        .init("auth_nonce", in: .query, description: "required with requiresNonce"),
        .init("auth_version", in: .query),
    ]

    static let refusals: [MockOperation.Answer] = [
        .init(400, "Auth values it cannot read (duplicated, too long).", content: [error]),
        .init(401, "The original backend's words: `Incorrect auth signature` and its kin.", content: [error]),
    ]
    static let form = MockOperation.Content("application/x-www-form-urlencoded", schema: .object(["name": .string, "email": .string]))
    static let id = MockOperation.Parameter("id", in: .path, description: "the user's number")

    static let list = MockOperation(
        "Lists the users, a page at a time.",
        parameters: auth + [
            .init("page", in: .query, schema: .integer(minimum: 1)),
            .init("per_page", in: .query, schema: .integer(minimum: 1, maximum: 100)),
            .init("q", in: .query, description: "a part of the name"),
        ],
        answers: refusals + [
            .init(200, "A page of users.", content: [.json(.object(
                ["users": .array(user), "page": .integer, "per_page": .integer, "total": .integer, "total_pages": .integer],
                required: ["users", "page", "per_page", "total", "total_pages"]
            ))]),
            .init(422, "A page parameter out of range.", content: [error]),
        ]
    )

    static let create = MockOperation(
        "Creates a user from `name` and `email`.",
        parameters: auth, requestBody: [form],
        answers: refusals + [
            .init(201, "The user created.", content: [.json(user)]),
            .init(409, "The table is full.", content: [error]),
            .init(415, "A body that is not a form.", content: [error]),
            .init(422, "Invalid or missing fields.", content: [error]),
        ]
    )

    static let show = MockOperation("One user.", parameters: auth + [id], answers: refusals + [
        .init(200, "The user.", content: [.json(user)]),
        .init(404, "No such user.", content: [error]),
    ])

    static let update = MockOperation("Changes a user's `name` or `email`.", parameters: auth + [id], requestBody: [form], answers: refusals + [
        .init(200, "The user as changed.", content: [.json(user)]),
        .init(404, "No such user.", content: [error]),
        .init(415, "A body that is not a form.", content: [error]),
        .init(422, "Invalid fields.", content: [error]),
    ])

    static let delete = MockOperation("Deletes a user.", parameters: auth + [id], answers: refusals + [
        .init(200, "Deleted.", content: [.json(.object(["deleted": .boolean], required: ["deleted"]))]),
        .init(404, "No such user.", content: [error]),
    ])
}
