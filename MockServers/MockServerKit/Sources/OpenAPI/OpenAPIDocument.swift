#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import Foundation

/// The OpenAPI 3.1 description a mock server publishes at `/openapi.json`, written from its
/// route table: every provider route with its operation, the kit's own routes, and the
/// answers the kit gives on any route (413 for a body over the limit, 414 for a target over it,
/// 431 for headers over it)
/// in the provider's error shape.
enum OpenAPIDocument {
    /// The document for `server`, as JSON.
    static func json(for server: MockServerContext) throws -> Data {
        var paths: [String: [String: any Sendable]] = [:]
        for route in server.routes.all {
            paths[route.pattern, default: [:]][route.method.lowercased()] = operation(route, server: server)
        }
        let document: [String: any Sendable] = [
            "openapi": "3.1.0",
            "info": [
                "title": "\(server.providerName) (mock)",
                "version": "1",
                "description": "The mock \(server.providerName) provider's routes, written from its route table. Every route also answers 405 with Allow to other methods.",
            ] as [String: any Sendable],
            "paths": paths,
        ]
        return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])
    }

    private static func operation(_ route: RouteTable.Route, server: MockServerContext) -> [String: any Sendable] {
        let operation = route.operation
        var parameters = operation.parameters
        for segment in route.segments where segment.hasPrefix("{") && segment.hasSuffix("}") {
            let name = String(segment.dropFirst().dropLast())
            if !parameters.contains(where: { $0.name == name && $0.location == .path }) {
                parameters.append(.init(name, in: .path))
            }
        }
        var answers = operation.answers
        let kitAnswers: [MockOperation.Answer] = [
            .init(413, "The body is larger than the server's limit.", content: [server.provider.errorContent]),
            .init(414, "The request target is longer than the server's limit.", content: [server.provider.errorContent]),
            .init(431, "The header section is larger than the server's limit.", content: [server.provider.errorContent]),
        ]
        for answer in kitAnswers where !answers.contains(where: { $0.status == answer.status }) {
            answers.append(answer)
        }
        var object: [String: any Sendable] = [
            "summary": operation.summary,
            "operationId": operationID(method: route.method, pattern: route.pattern),
            "responses": Dictionary(uniqueKeysWithValues: answers.map { (String($0.status), response($0)) }),
        ]
        if !parameters.isEmpty {
            object["parameters"] = parameters.map { parameter -> [String: any Sendable] in
                var json: [String: any Sendable] = [
                    "name": parameter.name, "in": parameter.location.rawValue,
                    "required": parameter.required, "schema": parameter.schema.json,
                ]
                if !parameter.description.isEmpty { json["description"] = parameter.description }
                return json
            }
        }
        if !operation.requestBody.isEmpty {
            object["requestBody"] = ["content": content(operation.requestBody)] as [String: any Sendable]
        }
        return object
    }

    private static func response(_ answer: MockOperation.Answer) -> [String: any Sendable] {
        var json: [String: any Sendable] = ["description": answer.description]
        if !answer.content.isEmpty { json["content"] = content(answer.content) }
        if !answer.headers.isEmpty {
            json["headers"] = answer.headers.mapValues { ["schema": $0.json] as [String: any Sendable] }
        }
        return json
    }

    private static func content(_ contents: [MockOperation.Content]) -> [String: any Sendable] {
        Dictionary(contents.map { ($0.mediaType, $0.schema.map { ["schema": $0.json] as [String: any Sendable] } ?? [:]) }) { first, _ in first }
    }

    /// `getUsersId` for `GET /users/{id}`.
    private static func operationID(method: String, pattern: String) -> String {
        let words = pattern.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
        return method.lowercased() + words.joined()
    }
}
#endif
