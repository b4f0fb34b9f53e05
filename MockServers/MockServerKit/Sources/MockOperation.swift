/// What one route of a mock does, as its OpenAPI operation says it: the parameters it reads,
/// the body it takes, and every answer it gives. Each route is registered with its operation
/// (``Hummingbird/Router/mockRoute(_:_:context:operation:handler:)``), so the server's
/// `/openapi.json` is written from the routes themselves and cannot drift from them.
public struct MockOperation: Sendable {
    /// A parameter of the request.
    public struct Parameter: Sendable {
        /// Where it is sent.
        public enum Location: String, Sendable { case query, header, path }

        public var name: String
        public var location: Location
        public var required: Bool
        public var schema: MockSchema
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
        public var mediaType: String
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
        public var status: Int
        public var description: String
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
    public var parameters: [Parameter]
    /// The bodies the route reads, by media type (empty: it reads none).
    public var requestBody: [Content]
    /// Every answer the route gives by itself (the server kit adds its own: 413, 431).
    public var answers: [Answer]

    /// An operation.
    public init(_ summary: String, parameters: [Parameter] = [], requestBody: [Content] = [], answers: [Answer]) {
        self.summary = summary
        self.parameters = parameters
        self.requestBody = requestBody
        self.answers = answers
    }
}
