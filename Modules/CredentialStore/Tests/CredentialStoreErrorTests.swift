import CredentialStore
import Foundation
import Testing

@Suite struct CredentialStoreErrorTests {
    @Test func errorsDescribeThemselvesWithCodeAndSystemCode() {
        let error = CredentialStoreError(code: .fileSystemFailure, message: "could not write x", systemCode: 28)
        #expect(error.description == "file system failure: could not write x (system code 28)")
        #expect(error == CredentialStoreError(code: .fileSystemFailure, message: "other"))
        #expect(error != CredentialStoreError(code: .corruptItem, message: "could not write x"))
    }
}
