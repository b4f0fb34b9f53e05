#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
/// What one route of a mock does, as its OpenAPI operation says it: the parameters it reads,
/// the body it takes, and every answer it gives. Each route is registered with its operation
/// (``Hummingbird/Router/mockRoute(_:_:context:operation:handler:)``), so the server's
/// `/openapi.json` is written from the routes themselves and cannot drift from them.
public struct MockOperation: Sendable {
    /// A parameter of the request.
    public struct Parameter: Sendable {
        /// Where it is sent.
        public enum Location: String, Sendable {
            /// In the query string.
            case query
            /// A header field.
            case header
            /// A `{name}` segment of the path.
            case path
        }

        /// The parameter's name.
        public var name: String
        /// Where it is sent.
        public var location: Location
        /// Whether every request must carry it.
        public var required: Bool
        /// The values it takes.
        public var schema: MockSchema
        /// What it is for (empty: the name says it).
        public var description: String

        /// A parameter `name` in `location`. Path parameters are always required.
        public init(_ name: String, in location: Location, required: Bool = false, schema: MockSchema = .string, description: String = "") {
            self.name = name
            self.location = location
            self.required = required || location == .path
            self.schema = schema
            self.description = description
        }
    }

    /// A body: its media type and, for JSON and forms, its schema (`nil`: not described).
    public struct Content: Sendable {
        /// The media type, without parameters (`application/json`).
        public var mediaType: String
        /// What the body holds (`nil`: not described, as for HTML, XML or PNG).
        public var schema: MockSchema?

        /// `mediaType` with `schema`.
        public init(_ mediaType: String, schema: MockSchema? = nil) {
            self.mediaType = mediaType
            self.schema = schema
        }

        /// JSON described by `schema`.
        public static func json(_ schema: MockSchema) -> Content { Content("application/json", schema: schema) }
    }

    /// One answer: its status, what it means, and its bodies (none for a redirect).
    public struct Answer: Sendable {
        /// The HTTP status.
        public var status: Int
        /// When and why the route gives it.
        public var description: String
        /// Its bodies by media type (empty: no body).
        public var content: [Content]
        /// Response headers it carries (name and schema).
        public var headers: [String: MockSchema]

        /// The answer `status` with `content`.
        public init(_ status: Int, _ description: String, content: [Content] = [], headers: [String: MockSchema] = [:]) {
            self.status = status
            self.description = description
            self.content = content
            self.headers = headers
        }
    }

    /// A sentence saying what the route does.
    public var summary: String
    /// The query, header and path parameters it reads.
    public var parameters: [Parameter]
    /// The bodies the route reads, by media type (empty: it reads none).
    public var requestBody: [Content]
    /// Every answer the route gives by itself (the server kit adds its own: 413, 414, 431).
    public var answers: [Answer]

    /// An operation.
    public init(_ summary: String, parameters: [Parameter] = [], requestBody: [Content] = [], answers: [Answer]) {
        self.summary = summary
        self.parameters = parameters
        self.requestBody = requestBody
        self.answers = answers
    }
}
#endif
