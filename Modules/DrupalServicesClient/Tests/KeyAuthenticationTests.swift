import DrupalServicesClient
import Testing

@Suite struct KeyAuthenticationTests {
    @Test func placeholderBuilds() {
        #expect(DrupalKeyAuthentication.hashInput(timestamp: "1", domain: "*", nonce: "n", method: "node.get") == "1;*;n;node.get")
    }
}
