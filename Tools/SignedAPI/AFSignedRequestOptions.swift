import AFSignedClient
import ArgumentParser
import Foundation

/// The request and the client both `afsigned sign` and `afsigned verify` take.
struct AFSignedRequestOptions: ParsableArguments {
    @Option(help: "The HTTP method.")
    var method: String = "GET"

    @Option(parsing: .unconditional, help: "The path as sent, percent-encoded (e.g. /users/42).")
    var path: String

    @Option(name: .customLong("client-id"), parsing: .unconditional, help: "The client id.")
    var clientID: String

    @OptionGroup var clientSecret: SecretOption<ClientSecret>

    @Option(
        name: .customLong("param"),
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp("A parameter, decoded, as sent (repeat; tags[]=a for a list item). In the query for GET, HEAD and DELETE, in the form body otherwise.", valueName: "NAME=VALUE")
    )
    var parameters: [FormFieldArgument] = []

    @Option(name: .customLong("auth-version"), help: "The scheme's version: 2 (parameters) or 4 (headers).")
    var version: AFSignedVersion = .v2

    @Option(name: .customLong("client-id-field"), help: "Where version 2 sends the client id.")
    var clientIDField: AFSignedClientIDField = .clientID

    func validate() throws {
        guard !method.isEmpty, method.allSatisfy({ $0.isLetter }) else { throw ValidationError("--method must be an HTTP method such as GET or POST (got '\(method)')") }
        guard path.hasPrefix("/") else { throw ValidationError("--path must start with / (got '\(path)')") }
    }

    /// The client id and secret, the secret read from `sources` where no flag gives it.
    func credentials(from sources: SecretSources) throws -> AFSignedCredentials {
        AFSignedCredentials(clientID: clientID, clientSecret: try clientSecret.required(from: sources))
    }

    var fields: [FormField] { parameters.map(\.field) }
    var upperMethod: String { method.uppercased() }

    /// The fields split as they travel: (query, form body).
    var placed: (query: [FormField], body: [FormField]) {
        ["GET", "HEAD", "DELETE", "OPTIONS"].contains(upperMethod) ? (fields, []) : ([], fields)
    }

    /// The request as an app would send it before signing.
    func request() -> APIRequest {
        let url = URL(string: "http://signed-api.invalid" + path) ?? URL(string: "http://signed-api.invalid/")!
        let (query, body) = placed
        guard body.isEmpty else { return APIRequest(method: upperMethod, url: url, form: body) }
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.percentEncodedQuery = FormEncoding.serialize(query) }
        return APIRequest(method: upperMethod, url: components?.url ?? url)
    }
}
