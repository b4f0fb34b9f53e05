import Foundation
import Hummingbird
import HummingbirdTesting
import MockServerKit
import NIOCore
import Testing

/// `MockServerApplication.build` serves HummingbirdTesting's in-process `.router` setup too.
@Suite("HummingbirdTesting")
struct RouterTestingTests {
    @Test("the application answers through app.test(.router), journal included")
    func router() async throws {
        let context = MockServerContext(provider: EchoProvider(), clock: ManualClock(start: Date(timeIntervalSince1970: 5)))
        let app = MockServerApplication.build(provider: EchoProvider(), context: context)
        try await app.test(.router) { client in
            try await client.execute(uri: "/echo?x=1", method: .get) { response in
                #expect(response.status == .ok)
                let object = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
                #expect(object?["now"] as? Int == 5)
            }
            try await client.execute(uri: "/echo", method: .delete) { response in
                #expect(response.status == .methodNotAllowed)
            }
        }
        #expect(await context.journal.entries.map(\.status) == [200, 405])
    }
}
