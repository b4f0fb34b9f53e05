@testable import AFSignedMock
import Foundation
import HTTPTypes
import MockServerKit
import Testing

/// The bounded user table behind the API.
@Suite("AFSigned mock user table")
struct UserTableTests {
    @Test("past 10 000 users a new one is refused with 409 'User table is full'; deleting makes room; ids are not reused")
    func bounded() async throws {
        let table = UserTable()
        for index in 0..<(UserTable.capacity - AFSignedMockContent.users.count) {
            _ = try await table.create(name: "Filler \(index)", email: "filler\(index)@example.com", createdAt: "2027-01-15T08:00:00Z")
        }
        #expect(await table.count == UserTable.capacity)
        let error = await #expect(throws: AFSignedMockError.self) {
            try await table.create(name: "One too many", email: "late@example.com", createdAt: "2027-01-15T08:00:00Z")
        }
        #expect(error?.code == .tableFull)
        let response = try #require(error).response(from: AFSignedMockProvider())
        #expect(response.status == .conflict && response.text == #"{"error":"User table is full"}"#)
        #expect(await table.delete(1))
        let user = try await table.create(name: "Now fits", email: "late@example.com", createdAt: "2027-01-15T08:00:00Z")
        #expect(user.id == UserTable.capacity + 1)
        // Paging deep into a full table, and a page number whose offset would overflow.
        #expect(await table.page(matching: nil, page: 500, perPage: 20).users.count == 20)
        #expect(await table.page(matching: nil, page: Int.max, perPage: 100).users.isEmpty)
    }

    @Test("e-mail addresses are unique without regard to case; a user keeps their own")
    func uniqueEmail() async throws {
        let table = UserTable()
        await #expect(throws: AFSignedMockError.self) {
            try await table.create(name: "Ada again", email: "ADA@example.com", createdAt: "x")
        }
        #expect(try await table.update(1, name: nil, email: "Ada@Example.com")?.email == "Ada@Example.com")
        #expect(try await table.update(42, name: "x", email: nil) == nil)
    }

    @Test("the diagnosis header shows every byte: printable ASCII as it is, the rest, % and end spaces as %XX, cut at 8 KiB")
    func headerValue() {
        #expect(AFSignedCheck.headerValue(Array("GET\n/users\nq=a%b é".utf8)) == "GET%0A/users%0Aq=a%25b %C3%A9")
        #expect(AFSignedCheck.headerValue(Array(" a ".utf8)) == "%20a%20")
        #expect(AFSignedCheck.headerValue([]) == "")
        let long = AFSignedCheck.headerValue(Array(repeating: 0xFF, count: 10_000))
        #expect(long.utf8.count <= AFSignedCheck.maximumDiagnosisLength && long.hasSuffix("%FF%..."))
        let exact = AFSignedCheck.headerValue(Array(repeating: UInt8(ascii: "a"), count: AFSignedCheck.maximumDiagnosisLength))
        #expect(exact.utf8.count == AFSignedCheck.maximumDiagnosisLength && !exact.hasSuffix("%..."))
    }
}
