import MockServerKit

/// The JSON-RPC endpoint as `/openapi.json` describes it.
enum DrupalMockOperations {
    /// A JSON-RPC 1.1 or 2.0 answer: a `result` (Drupal's failures are results too: its words as
    /// a string) or an `error` object.
    static let answer = MockSchema.object([
        "version": .string(values: ["1.1"]), "jsonrpc": .string(values: ["2.0"]),
        "result": .any, "error": .object(["code": .integer, "message": .string], required: ["code", "message"]), "id": .any,
    ])

    /// The error object the kit's own refusals are written as.
    static let errorContent = MockOperation.Content("application/json", schema: .object(
        ["version": .string(values: ["1.1"]), "error": .object(["code": .integer, "message": .string], required: ["code", "message"])],
        required: ["error"]
    ))

    static let call = MockOperation(
        "Calls a Services method (system.connect, user.login, user.logout, node.get, node.save, node.delete) or a batch of them. "
            + "Methods after system.connect take hash, domain, timestamp, nonce and sessid before their own arguments.",
        requestBody: [.json(.anyOf([
            .object(["method": .string, "params": .array(.any), "id": .any, "version": .string, "jsonrpc": .string], required: ["method"]),
            .array(.object(["method": .string, "params": .array(.any), "id": .any], required: ["method"])),
        ]))],
        answers: [
            .init(200, "The answer (an array for a batch; no body for a JSON-RPC 2.0 notification). Drupal's refusals "
                + "(`Invalid API key.`, `Token has expired.`, …) and JSON-RPC's own errors (parse error, unknown method) "
                + "come as 200 unless strictErrors is on.",
                  content: [.json(.anyOf([answer, .array(answer)]))]),
            .init(400, "strictErrors: a request that is not JSON-RPC.", content: [errorContent]),
            .init(401, "strictErrors: a key, hash, nonce or session refused.", content: [errorContent]),
            .init(403, "strictErrors: access denied.", content: [errorContent]),
            .init(404, "strictErrors: no such node or method.", content: [errorContent]),
            .init(406, "strictErrors: missing or wrong arguments.", content: [errorContent]),
        ]
    )
}
