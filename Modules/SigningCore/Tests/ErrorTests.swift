import SigningCore
import Testing

/// The shape every error of the package shares (`SignedAPIError`), on SigningCore's own error.
@Suite("SignedAPIError")
struct ErrorTests {
    @Test("errors are equal when their codes are, whatever else differs, and hash alike")
    func equalityByCode() {
        let one = SigningCoreError(code: .invalidHex, message: "one", offset: 1)
        let other = SigningCoreError(code: .invalidHex, message: "other", offset: 9)
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        #expect(one != SigningCoreError(code: .invalidBase64, message: "one", offset: 1))
        #expect(Set([one, other]).count == 1)
    }

    @Test("no server answered: the provider's parts are nil; the description names the code")
    func noProvider() {
        let error: any SignedAPIError = SigningCoreError(code: .invalidPercentEncoding, message: "bad escape")
        #expect(error.statusCode == nil && error.providerCode == nil && error.providerMessage == nil && error.mockReason == nil)
        #expect(error.cause == nil)
        #expect(error.description == "invalid percent-encoding: bad escape")
    }
}
