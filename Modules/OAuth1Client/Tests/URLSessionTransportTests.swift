import Foundation
import OAuth1Client
import SigningCore
import TestSupport
import Testing

/// The default transport against a real HTTP server: a two-request Python `http.server` bound
/// to 127.0.0.1 port 0, started and stopped by the test. The server has no idle timeout: under
/// a loaded parallel run the second request may come late, and the test's `defer` ends it.
@Suite("URLSession transport", .enabled("python3 is not installed; URLSession transport test skipped") { await PythonPeer.hasModules(["http.server"]) || TestEnvironment.isCI })
struct URLSessionTransportTests {
    static let server = #"""
import http.server, sys
class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("X-Echo-Authorization", self.headers.get("Authorization", ""))
        self.send_header("X-Echo-Body", body.decode("ascii"))
        self.end_headers()
        self.wfile.write(b'{"errors":[{"code":32,"message":"Could not authenticate you."}]}')
    def log_message(self, *args):
        pass
server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
for _ in range(2):
    server.handle_request()
"""#

    @Test("sends the signed request and returns the provider's status, headers and body")
    func roundTrip() async throws {
        let (server, port) = try await PythonPeer.serve(script: Self.server)
        defer { server.stop() }

        let token = OAuth1Token(token: "t", secret: "s")
        let request = OAuth1Request(method: "POST", url: URL(string: "http://127.0.0.1:\(port)/1.1/statuses/update.json")!, form: [FormField("status", "a b")])

        // The transport alone: the server saw our header and body.
        let signer = OAuth1Signer(credentials: OAuth1Credentials(consumerKey: "key", consumerSecret: "secret").with(token))
        let signed = try signer.sign(request)
        let response = try await URLSessionTransport().send(signed.request)
        #expect(response.statusCode == 401)
        #expect(response.header("x-echo-authorization") == signed.authorizationHeader)
        #expect(response.header("X-Echo-Body") == "status=a+b")
        #expect(response.body == Array("{\"errors\":[{\"code\":32,\"message\":\"Could not authenticate you.\"}]}".utf8))

        // Through the client: the provider's text becomes the error.
        let client = OAuth1Client(
            provider: OAuth1Provider.twitter.pointed(at: URL(string: "http://127.0.0.1:\(port)")!),
            consumerKey: "key",
            consumerSecret: "secret",
            http: SignedHTTPClient(transport: URLSessionTransport())
        )
        let error = await #expect(throws: OAuth1Error.self) { try await client.send(request, with: token) }
        #expect(error?.code == .requestRejected)
        #expect(error?.statusCode == 401)
        #expect(error?.message.contains("Could not authenticate you. (code 32)") == true)
    }
}
