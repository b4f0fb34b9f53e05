public import HTTPTypes
public import MockServerKit

extension MockServer {
    /// `X-Mock-Admin-Token` with this run's token: what a test's request to change faults or
    /// clear a journal carries.
    public var adminHeaders: HTTPFields {
        [HTTPField.Name(AdminAccess.tokenHeaderName)!: adminToken]
    }
}
