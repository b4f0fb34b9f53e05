import SigningCore

/// `volumes.list`'s answer: `kind`, `totalItems` and the page's `items`. Without `fields`
/// (nearly every request) it is written straight to bytes, as the ``BooksJSON`` tree would be
/// written, each result copied from its ``VolumeTemplate`` with its holes filled (or rendered,
/// when it has none); with `fields` it is the tree, which the selection then trims.
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
            let depth = SearchTemplates.resultDepth
            let made = templates.templates(page, of: catalogue, projection: search.projection, pretty: pretty)
            for (offset, (position, result)) in zip(page, results(page, snippets: true)).enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                BooksJSON.newline(&output, pretty: pretty, depth: depth)
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

    /// The answer as a tree, for `selection` to trim: only the results' members it keeps are built.
    func tree(total: Int, page: [Int], selection: FieldSelection) -> BooksJSON {
        var body = BooksJSONObject()
        body.add("kind", "books#volumes")
        body.add("totalItems", total)
        if !page.isEmpty, let items = FieldSelection.child("items", of: selection.root) {
            let rendering = VolumeRendering(baseURL: baseURL, projection: search.projection, selection: items)
            let results = results(page, snippets: FieldSelection.child("searchInfo", of: items) != nil)
            body.add("items", BooksJSON.array(zip(page, results).map { position, result in
                rendering.json(catalogue.volumes[position], catalogue.texts[position], .search(result))
            }))
        }
        return body.json
    }

    /// What each result of `page` shows of the search; its snippet only when `snippets` (a
    /// selection without `searchInfo` does not cut them).
    private func results(_ page: [Int], snippets: Bool) -> [VolumeRendering.SearchResult] {
        let highlights = search.query.highlights
        let encodedQuery = PercentEncoding.encode(search.text)
        return page.enumerated().map { offset, position in
            let number = String(search.startIndex + offset + 1)
            guard snippets else { return VolumeRendering.SearchResult(encodedQuery: encodedQuery, number: number, snippet: nil) }
            return VolumeRendering.SearchResult(encodedQuery: encodedQuery, number: number, snippet: VolumeRendering.snippet(catalogue.snippets[position], highlighting: highlights))
        }
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
