import MockServerKit

/// The Books routes as `/openapi.json` describes them. `fields` can leave out any member, so
/// the schemas require none.
enum GoogleBooksMockOperations {
    static let volume = MockSchema.object([
        "kind": .string, "id": .string, "etag": .string, "selfLink": .string,
        "volumeInfo": .object([:]), "layerInfo": .object([:]), "saleInfo": .object([:]),
        "accessInfo": .object([:]), "searchInfo": .object(["textSnippet": .string]),
    ])

    /// Google's error envelope.
    static let errorContent = MockOperation.Content.json(.object([
        "error": .object([
            "code": .integer, "message": .string,
            "errors": .array(.object(["message": .string, "domain": .string, "reason": .string, "location": .string, "locationType": .string])),
        ], required: ["code", "message"]),
    ], required: ["error"]))

    /// What every API call reads besides its own parameters.
    static let common: [MockOperation.Parameter] = [
        .init("key", in: .query, description: "the API key (required with requiresKey)"),
        .init("fields", in: .query, description: "a partial response: `items(id,volumeInfo/title)`"),
        .init("prettyPrint", in: .query, schema: .string(values: ["true", "false"])),
        .init("alt", in: .query, schema: .string(values: ["json"])),
    ]

    static let refusals: [MockOperation.Answer] = [
        .init(400, "A parameter out of range or not in its enum, a bad `fields`, a wrong key.", content: [errorContent]),
        .init(403, "requiresKey: no key.", content: [errorContent]),
        .init(429, "rateLimitPerMinute: too many requests in the last minute.", content: [errorContent], headers: ["Retry-After": .integer]),
    ]

    static let list = MockOperation(
        "volumes.list: searches the catalogue with Google's query syntax.",
        parameters: [
            .init("q", in: .query, required: true, schema: .string(minLength: 1), description: "words, phrases in quotes, intitle:, inauthor:, inpublisher:, subject:, isbn:, lccn:, oclc:"),
            .init("startIndex", in: .query, schema: .integer(minimum: 0)),
            .init("maxResults", in: .query, schema: .integer(minimum: 0, maximum: 40)),
            .init("orderBy", in: .query, schema: .string(values: ["relevance", "newest"])),
            .init("printType", in: .query, schema: .string(values: ["ALL", "BOOKS", "MAGAZINES"])),
            .init("filter", in: .query, schema: .string(values: ["ebooks", "free-ebooks", "full", "paid-ebooks", "partial"])),
            .init("projection", in: .query, schema: .string(values: ["FULL", "LITE"])),
            .init("download", in: .query, schema: .string(values: ["EPUB"])),
            .init("langRestrict", in: .query),
            .init("libraryRestrict", in: .query, schema: .string(values: ["no-restrict", "my-library"])),
            .init("maxAllowedMaturityRating", in: .query, schema: .string(values: ["MATURE", "not-mature"])),
            .init("showPreorders", in: .query, schema: .string(values: ["true", "false"])),
        ] + common,
        answers: refusals + [
            .init(200, "A page of results.", content: [.json(.object(["kind": .string, "totalItems": .integer, "items": .array(volume)]))]),
            .init(401, "libraryRestrict=my-library: a signed-in user is needed.", content: [errorContent]),
        ]
    )

    static let get = MockOperation(
        "volumes.get: one volume, with more than a search shows.",
        parameters: [
            .init("volumeId", in: .path),
            .init("projection", in: .query, schema: .string(values: ["FULL", "LITE"])),
        ] + common,
        answers: refusals + [
            .init(200, "The volume.", content: [.json(volume)]),
            .init(404, "No volume has that id.", content: [errorContent]),
        ]
    )

    static let cover = MockOperation(
        "A volume's cover, as the links in volumeInfo.imageLinks give it (no key needed).",
        parameters: [
            .init("id", in: .query, required: true, description: "the volume id"),
            .init("zoom", in: .query, schema: .integer(minimum: 1, maximum: 5)),
            .init("img", in: .query), .init("edge", in: .query), .init("source", in: .query),
        ],
        answers: [
            .init(200, "The cover.", content: [.init("image/png")]),
            .init(400, "zoom out of range.", content: [errorContent]),
            .init(404, "No such volume, or it has no cover.", content: [errorContent]),
        ]
    )
}
