// The `mock-servers --config` file on arbitrary bytes: decoded by `MockServersFile`, the one
// reader of the format (each provider entry a `MockServerConfiguration` plus the provider's typed
// `options`, built through the catalogue), then validated. Round trip: a configuration that decodes
// encodes to JSON that decodes to the same configuration, and validates the same way.
import Foundation
import FuzzSupport
import MockServerCatalog
import MockServerKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let file = try? JSONDecoder().decode(MockServersFile.self, from: Data(bytes: data, count: size)) else { return 0 }
    for (name, entry) in file.providers {
        let configuration = entry.configuration
        let valid = (try? configuration.validate()) != nil
        guard let json = try? JSONEncoder().encode(configuration) else {
            fuzzRequire(false, "the configuration of \(name) does not encode")
            return 0
        }
        let again = try? JSONDecoder().decode(MockServerConfiguration.self, from: json)
        fuzzRequire(again == configuration, "\(name)'s configuration changed through encode → decode: \(String(decoding: json, as: UTF8.self))")
        fuzzRequire(((try? again?.validate()) != nil) == valid, "\(name)'s configuration validates differently after encode → decode")
    }
    return 0
}
