import Foundation
import Hummingbird
import HTTPTypes
import MockServerKit
import SigningCore

/// A minimal provider for testing the server kit: echoes parameters and the server's time.
struct EchoProvider: MockProvider {
    var name = "echo"
    var defaultPort = 0
    var demoCredentials: [String: String] { ["key": "demo-key"] }

    func addRoutes(to router: Router<MockRequestContext>, context: MockServerContext) {
        for method in [HTTPRequest.Method.get, .post] {
            router.mockRoute(method, "/echo", context: context) { request, context in
                guard let parameters = request.parametersIfValid else {
                    context.note.reject("undecodable parameters")
                    return .json(["error": "bad parameters"], status: .badRequest)
                }
                return .json([
                    "parameters": parameters.map { [$0.name, $0.value] },
                    "now": Int(request.now.timeIntervalSince1970),
                    "bytes": request.body.readableBytes,
                ])
            }
        }
        router.mockRoute(.get, "/items/{id}", context: context) { request, _ in
            .json(["id": request.routeParameters["id"] ?? ""])
        }
    }

    func errorResponse(status: HTTPResponse.Status, message: String) -> MockResponse {
        .json(["echoError": message, "status": status.code], status: status)
    }

    func rateLimitHeaders(now: Date, retryAfterSeconds: Int) -> HTTPFields {
        [HTTPField.Name("X-Echo-Limit-Reset")!: String(Int(now.timeIntervalSince1970) + retryAfterSeconds)]
    }
}
