import AFSignedClient
import Foundation
import HTTPTypes
import MockServerKit
import NIOCore

/// The REST API over the user table; every handler verifies the request first.
struct UserRoutes: Sendable {
    let check: AFSignedCheck
    let table: UserTable

    /// The default and largest `per_page`.
    static let defaultPerPage = 20
    static let maximumPerPage = 100
    /// The largest `page` (beyond any table's last page).
    static let maximumPage = 1_000_000
    /// The longest `q`, in characters.
    static let maximumQueryLength = 100

    /// A page of the list: `{"users":[…],"page":1,"per_page":20,"total":5,"total_pages":1}`.
    struct Page: Encodable {
        var users: [UserRecord]
        var page: Int
        var perPage: Int
        var total: Int
        var totalPages: Int

        enum CodingKeys: String, CodingKey {
            case users, page, total
            case perPage = "per_page"
            case totalPages = "total_pages"
        }
    }

    /// `GET /users`: `page` (from 1), `per_page` (1...100, default 20), `q` (a part of the name).
    func list(_ request: MockRequest, context: MockRequestContext) async throws(AFSignedMockError) -> MockResponse {
        let parameters = RequestParameters(try await check.verify(request))
        var problems: [String: String] = [:]
        let page = Self.number("page", parameters, default: 1, in: 1...Self.maximumPage, &problems)
        let perPage = Self.number("per_page", parameters, default: Self.defaultPerPage, in: 1...Self.maximumPerPage, &problems)
        var query: String?
        switch parameters["q"] {
        case .text(let text)? where text.count > Self.maximumQueryLength: problems["q"] = "must be at most \(Self.maximumQueryLength) characters"
        case .text(let text)?: query = text
        case .array?: problems["q"] = "must be text, not an array"
        case nil: break
        }
        guard problems.isEmpty else { throw .invalidFields(problems) }
        let (users, total) = await table.page(matching: query, page: page, perPage: perPage)
        context.note.accept("listed \(users.count) of \(total) users (page \(page), \(perPage) per page)")
        let pages = (total + perPage - 1) / perPage
        return .json(encoding: Page(users: users, page: page, perPage: perPage, total: total, totalPages: pages))
    }

    /// `POST /users`: `name` and `email`; 201 with the user and its `Location`.
    func create(_ request: MockRequest, context: MockRequestContext) async throws(AFSignedMockError) -> MockResponse {
        let verified = try await check.verify(request)
        try Self.requireForm(request)
        let form = try UserForm(RequestParameters(verified), requiringAll: true)
        let user = try await table.create(name: form.name ?? "", email: form.email ?? "", createdAt: Self.timestamp(request.now))
        context.note.accept("created user \(user.id)")
        var response = MockResponse.json(encoding: user, status: .created)
        response.headers[.location] = "/users/\(user.id)"
        return response
    }

    /// `GET /users/{id}`.
    func show(_ request: MockRequest, context: MockRequestContext) async throws(AFSignedMockError) -> MockResponse {
        _ = try await check.verify(request)
        let (id, text) = Self.id(request)
        guard let id, let user = await table.user(id) else { throw .userNotFound(text) }
        context.note.accept("read user \(id)")
        return .json(encoding: user)
    }

    /// `PUT` or `PATCH /users/{id}`: the fields given are changed.
    func update(_ request: MockRequest, context: MockRequestContext) async throws(AFSignedMockError) -> MockResponse {
        let verified = try await check.verify(request)
        try Self.requireForm(request)
        let (id, text) = Self.id(request)
        guard let id, await table.user(id) != nil else { throw .userNotFound(text) }
        let form = try UserForm(RequestParameters(verified), requiringAll: false)
        guard let user = try await table.update(id, name: form.name, email: form.email) else { throw .userNotFound(text) }
        context.note.accept("updated user \(id)")
        return .json(encoding: user)
    }

    /// `DELETE /users/{id}`: `{"deleted":true}`.
    func delete(_ request: MockRequest, context: MockRequestContext) async throws(AFSignedMockError) -> MockResponse {
        _ = try await check.verify(request)
        let (id, text) = Self.id(request)
        guard let id, await table.delete(id) else { throw .userNotFound(text) }
        context.note.accept("deleted user \(id)")
        return .json(["deleted": true])
    }

    // MARK: Reading the request

    /// The route's `{id}`, as a number when it is one.
    private static func id(_ request: MockRequest) -> (Int?, String) {
        let text = request.routeParameters["id"] ?? ""
        let digits = !text.isEmpty && text.utf8.count <= 18 && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        return (digits ? Int(text) : nil, text)
    }

    /// Refuses a body that is not a form: its fields would not be signed.
    private static func requireForm(_ request: MockRequest) throws(AFSignedMockError) {
        guard request.body.readableBytes > 0, !request.hasFormBody else { return }
        throw .unsupportedBody(request.mediaType)
    }

    /// The whole number `name` in `range`, or `fallback` when absent; a problem noted otherwise.
    private static func number(_ name: String, _ parameters: RequestParameters, default fallback: Int, in range: ClosedRange<Int>,
                               _ problems: inout [String: String]) -> Int {
        switch parameters[name] {
        case nil:
            return fallback
        case .text(let text)?:
            let digits = !text.isEmpty && text.utf8.count <= 18 && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            if digits, let value = Int(text), range.contains(value) { return value }
            problems[name] = "must be a whole number in \(range.lowerBound)...\(range.upperBound)"
        case .array?:
            problems[name] = "must be a whole number, not an array"
        }
        return fallback
    }

    /// `date` as ISO 8601 in UTC, whole seconds (`2024-03-01T09:00:00Z`).
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }
}
