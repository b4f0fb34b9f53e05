// GoogleBooksClient's one-pass page reader on arbitrary bytes, against JSONDecoder: whatever it
// reads, JSONDecoder reads the same (what it gives up on is JSONDecoder's to read).
import FuzzSupport
import Foundation
@testable import GoogleBooksClient

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    if let page = BooksJSONReader.read(GoogleBooksVolumes.self, from: body) {
        let decoded = try? JSONDecoder().decode(GoogleBooksVolumes.self, from: Data(body))
        fuzzRequire(page == decoded, "the reader and JSONDecoder read \(String(decoding: body.prefix(200), as: UTF8.self).debugDescription) differently")
    }
    if let volume = BooksJSONReader.read(GoogleBooksVolume.self, from: body) {
        let decoded = try? JSONDecoder().decode(GoogleBooksVolume.self, from: Data(body))
        fuzzRequire(volume == decoded, "the reader and JSONDecoder read a volume \(String(decoding: body.prefix(200), as: UTF8.self).debugDescription) differently")
    }
    return 0
}
