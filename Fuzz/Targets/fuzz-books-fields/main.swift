// The Google Books mock's `fields` partial-response parser on arbitrary text, and the
// selection applied to a response: what it selects is a subset of the response, and a
// selection applied twice changes nothing more.
import FuzzSupport
@testable import GoogleBooksMock

enum Sample {
    /// A response shaped like a volume list.
    static let response = BooksJSON.object([
        .init(name: "kind", value: .string("books#volumes")),
        .init(name: "totalItems", value: .integer(2)),
        .init(name: "items", value: .array([
            .object([
                .init(name: "id", value: .string("zyTCAlFPjgYC")),
                .init(name: "volumeInfo", value: .object([
                    .init(name: "title", value: .string("The Google Story")),
                    .init(name: "authors", value: .array([.string("David A. Vise"), .string("Mark Malseed")])),
                    .init(name: "averageRating", value: .number(3.5)),
                ])),
                .init(name: "saleInfo", value: .object([.init(name: "isEbook", value: .boolean(true))])),
            ]),
            .object([.init(name: "id", value: .string("b")), .init(name: "volumeInfo", value: .object([]))]),
        ])),
    ])
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let text = input.restText()
    guard let selection = try? FieldSelection.parse(text) else { return 0 } // nil too: an empty selection
    let selected = selection.apply(to: Sample.response)
    fuzzRequire(selection.apply(to: selected) == selected, "applying \(text.debugDescription) twice changed the response")
    return 0
}
