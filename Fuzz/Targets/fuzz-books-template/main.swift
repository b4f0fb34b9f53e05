// The Google Books mock's search results copied from templates: for an arbitrary `q` (its
// highlights picking each snippet), result number, volume, projection and layout, the filled
// template is byte for byte the result rendered.
import FuzzSupport
@testable import GoogleBooksMock
import SigningCore

/// A small catalogue, built once per process: descriptions, covers, sale kinds and languages vary.
let catalogue = BookCatalogue(size: 300, seed: 2011)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let position = (Int(input.byte()) << 8 | Int(input.byte())) % catalogue.volumes.count
    let number = Int(input.byte()) << 16 | Int(input.byte()) << 8 | Int(input.byte())
    let projection: Projection = input.flag() ? .full : .lite
    let pretty = input.flag()
    let text = input.restText()
    let highlights = (try? SearchQuery.parse(text))?.highlights ?? ([], [])
    let result = VolumeRendering.SearchResult(
        encodedQuery: PercentEncoding.encode(text), number: String(number + 1),
        snippet: VolumeRendering.snippet(catalogue.snippets[position], highlighting: highlights)
    )
    let baseURL = "http://127.0.0.1:8402"
    guard let template = VolumeTemplate(catalogue.volumes[position], catalogue.texts[position], catalogue.snippets[position], projection: projection, pretty: pretty, depth: SearchTemplates.resultDepth) else {
        fuzzRequire(false, "volume \(position) has no template")
        return 0
    }
    var filled: [UInt8] = []
    template.write(into: &filled, baseURL: baseURL, result)
    var rendered: [UInt8] = []
    VolumeRendering(baseURL: baseURL, projection: projection).json(catalogue.volumes[position], catalogue.texts[position], .search(result))
        .write(into: &rendered, pretty: pretty, depth: SearchTemplates.resultDepth)
    fuzzRequire(filled == rendered, "volume \(position), q \(text.debugDescription), number \(number + 1)")
    return 0
}
