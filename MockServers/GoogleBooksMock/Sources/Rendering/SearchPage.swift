import SigningCore

/// `volumes.list`'s answer when the request selects no `fields` (nearly every request): its
/// members written as the ``BooksJSON`` tree would write them, each result copied from its
/// ``VolumeTemplate`` with its holes filled (or rendered, when it has none).
struct SearchPage {
    let catalogue: BookCatalogue
    /// Where the results' templates come from (the catalogue's own, unless a test says otherwise).
    var templates: SearchTemplates
    let search: VolumeSearch
    /// `http://HOST:PORT` of the request.
    let baseURL: String
    let pretty: Bool

    /// The answer for `total` matches and the results at `page`'s catalogue positions.
    func written(total: Int, page: [Int]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256 + page.count * 3500)
        output.append(UInt8(ascii: "{"))
        member("kind", first: true, into: &output)
        BooksJSON.writeString("books#volumes", into: &output)
        member("totalItems", first: false, into: &output)
        output.append(contentsOf: String(total).utf8)
        if !page.isEmpty {
            member("items", first: false, into: &output)
            output.append(UInt8(ascii: "["))
            let highlights = search.query.highlights
            let encodedQuery = PercentEncoding.encode(search.text)
            let depth = SearchTemplates.resultDepth
            let made = templates.templates(page, of: catalogue, projection: search.projection, pretty: pretty)
            for (offset, position) in page.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                BooksJSON.newline(&output, pretty: pretty, depth: depth)
                let result = VolumeRendering.SearchResult(encodedQuery: encodedQuery, position: search.startIndex + offset, highlights: highlights, snippet: catalogue.snippets[position])
                if let template = made[offset] {
                    template.write(into: &output, baseURL: baseURL, result)
                } else {
                    VolumeRendering(baseURL: baseURL, projection: search.projection)
                        .json(catalogue.volumes[position], catalogue.texts[position], .search(result))
                        .write(into: &output, pretty: pretty, depth: depth)
                }
            }
            BooksJSON.newline(&output, pretty: pretty, depth: 1)
            output.append(UInt8(ascii: "]"))
        }
        BooksJSON.newline(&output, pretty: pretty, depth: 0)
        output.append(UInt8(ascii: "}"))
        if pretty { output.append(0x0A) }
        return output
    }

    /// The start of a member of the answer: `,` unless `first`, the line, `"name":` and a space when pretty.
    private func member(_ name: String, first: Bool, into output: inout [UInt8]) {
        if !first { output.append(UInt8(ascii: ",")) }
        BooksJSON.newline(&output, pretty: pretty, depth: 1)
        BooksJSON.writeString(name, into: &output)
        output.append(UInt8(ascii: ":"))
        if pretty { output.append(UInt8(ascii: " ")) }
    }
}
