import Foundation
import Hummingbird
import HTTPTypes
import MockServerKit
import SigningCore

/// A minimal provider for testing the server kit: echoes parameters and the server's time.
struct EchoProvider: MockProvider {
    var name = "echo"
    var options = EchoOptions()
    var demoCredentials: [String: String] { ["key": "demo-key"] }

    func addRoutes(to router: Router<MockRequestContext>, context: MockServerContext) {
        for method in options.methods {
            router.mockRoute(method, "/echo", context: context, operation: Self.echo) { request, context in
                guard let parameters = request.parametersIfValid else {
                    context.note.reject("undecodable parameters")
                    return .json(["error": "bad parameters"], status: .badRequest)
                }
                guard parameters.count <= options.maximumParameters else {
                    throw EchoError(count: parameters.count, limit: options.maximumParameters)
                }
                return .json([
                    "parameters": parameters.map { [options.uppercase ? $0.name.uppercased() : $0.name, $0.value] },
                    "now": Int(request.now.timeIntervalSince1970),
                    "bytes": request.body.readableBytes,
                ])
            }
        }
        router.mockRoute(.get, "/items/{id}", context: context, operation: Self.item) { request, _ in
            .json(["id": request.routeParameters["id"] ?? ""])
        }
    }

    static let echo = MockOperation("Echoes the decoded parameters.", parameters: [.init("anything", in: .query)], answers: [
        .init(200, "The parameters.", content: [.json(.object(["parameters": .array(.array(.string)), "now": .integer, "bytes": .integer], required: ["parameters"]))]),
        .init(400, "Undecodable parameters.", content: [.json(.object(["error": .string]))]),
    ])
    static let item = MockOperation("One item.", answers: [.init(200, "The item.", content: [.json(.object(["id": .string], required: ["id"]))])])

    func errorResponse(status: HTTPResponse.Status, message: String) -> MockResponse {
        .json(["echoError": message, "status": status.code], status: status)
    }

    func rateLimitHeaders(now: Date, retryAfterSeconds: Int) -> HTTPFields {
        [HTTPField.Name("X-Echo-Limit-Reset")!: String(Int(now.timeIntervalSince1970) + retryAfterSeconds)]
    }
}

/// The echo provider's options: one of each kind ``MockOptionKind`` makes.
struct EchoOptions: MockProviderOptions, Hashable {
    var maximumParameters = 50
    var uppercase = false
    var methods: [HTTPRequest.Method] = [.get, .post]
    var tags: [String] = []
    var limit: Int?
    var style = EchoStyle.plain

    static let declarations: [MockOption<Self>] = [
        MockOption("maximumParameters", \.maximumParameters, .integer(in: 0...100), "the most parameters echoed"),
        MockOption("uppercase", \.uppercase, .boolean, "names are echoed in capitals"),
        MockOption("methods", \.methods, .names([.get, .post, .put], named: \.rawValue), "the methods /echo answers"),
        MockOption("tags", \.tags, .strings("words", rule: "words without a dot", none: "untagged", example: ["a", "b"], isValid: { !$0.contains(".") }),
                   "labels"),
        MockOption("limit", \.limit, .integer(in: 1...9, none: "unlimited"), "a limit"),
        MockOption("style", \.style, .name(EchoStyle.allCases, named: \.rawValue), "how answers look"),
    ]

    init() {}

    init(maximumParameters: Int) {
        self.maximumParameters = maximumParameters
    }
}

/// A choice of one, for ``MockOptionKind/name(_:named:)``.
enum EchoStyle: String, CaseIterable, Sendable {
    case plain, fancy, loud
}

/// The echo provider's refusal: too many parameters, answered in its `echoError` shape.
struct EchoError: MockProviderError {
    var count: Int
    var limit: Int

    var journalReason: String { "too many parameters: \(count), at most \(limit)" }

    func response(from provider: EchoProvider) -> MockResponse {
        provider.errorResponse(status: .unprocessableContent, message: "Send at most \(limit) parameters.")
    }
}
