/// A volume as a search result, written once: the bytes ``VolumeRendering`` writes for it in one
/// projection and layout, with holes where a result differs from search to search — the
/// server's address, the search's `q`, the result's number and its snippet. Filling the holes
/// gives, byte for byte, what rendering the result again would give (the template checks this
/// once, when it is made), at the cost of copying it.
struct VolumeTemplate: Sendable {
    /// What goes in a hole.
    enum Hole: UInt8, CaseIterable {
        case baseURL, encodedQuery, number, snippet

        /// The private-use character standing for the hole while the template is written:
        /// U+E000 upwards, three UTF-8 bytes `EE 80 8x`, which JSON writes as they are.
        var marker: String { String(Unicode.Scalar(0xE000 + UInt32(rawValue))!) }
    }

    /// The written result, holes left out.
    private let bytes: [UInt8]
    /// Each hole and where in `bytes` it goes, in order.
    private let holes: [(offset: Int, hole: Hole)]

    /// The length of the template without its holes (a filled result is at least this long).
    var count: Int { bytes.count }

    /// The template of `volume` (with `text` and `snippet`, its prepared text and description)
    /// as `rendering` writes a search result `depth` levels deep; `nil` when the volume's own
    /// text holds a marker, so filling the template would not give what rendering gives.
    init?(_ volume: MockVolume, _ text: VolumeText, _ snippet: SnippetText, projection: Projection, pretty: Bool, depth: Int) {
        let result = VolumeRendering.SearchResult(
            encodedQuery: Hole.encodedQuery.marker, number: Hole.number.marker,
            snippet: VolumeRendering.snippet(snippet, highlighting: ([], [])).map { _ in Hole.snippet.marker }
        )
        var written: [UInt8] = []
        VolumeRendering(baseURL: Hole.baseURL.marker, projection: projection)
            .json(volume, text, .search(result)).write(into: &written, pretty: pretty, depth: depth)
        var bytes: [UInt8] = []
        var holes: [(offset: Int, hole: Hole)] = []
        bytes.reserveCapacity(written.count)
        var index = 0
        while index < written.count {
            if written[index] == 0xEE, index + 2 < written.count, written[index + 1] == 0x80,
               let hole = Hole(rawValue: written[index + 2] &- 0x80) {
                holes.append((bytes.count, hole))
                index += 3
            } else {
                bytes.append(written[index])
                index += 1
            }
        }
        self.bytes = bytes
        self.holes = holes
        // The check: a sample result filled in must be the result rendered.
        let sample = VolumeRendering.SearchResult(encodedQuery: "q%20%C3%A9", number: "12", snippet: result.snippet.map { _ in "<b>a</b> & \"b\"" })
        let baseURL = "http://127.0.0.1:8080"
        var filled: [UInt8] = []
        write(into: &filled, baseURL: baseURL, sample)
        var rendered: [UInt8] = []
        VolumeRendering(baseURL: baseURL, projection: projection).json(volume, text, .search(sample)).write(into: &rendered, pretty: pretty, depth: depth)
        guard filled == rendered else { return nil }
    }

    /// The result for `baseURL` and `result`, appended to `output`. `result.snippet` is read
    /// only when the volume has one (``VolumeRendering/snippet(_:highlighting:)`` gives it).
    func write(into output: inout [UInt8], baseURL: String, _ result: VolumeRendering.SearchResult) {
        var start = 0
        bytes.withUnsafeBufferPointer { bytes in
            for (offset, hole) in holes {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<offset]))
                start = offset
                switch hole {
                case .baseURL: BooksJSON.writeEscaped(baseURL, into: &output)
                case .encodedQuery: BooksJSON.writeEscaped(result.encodedQuery, into: &output)
                case .number: BooksJSON.writeEscaped(result.number, into: &output)
                case .snippet: BooksJSON.writeEscaped(result.snippet ?? "", into: &output)
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }
}
