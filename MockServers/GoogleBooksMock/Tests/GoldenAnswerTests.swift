import Foundation
import HTTPTypes
@testable import GoogleBooksMock
import SigningCore
import Testing

extension GoogleBooksMockSuite {
    /// The mock's answers byte for byte: the status, length and SHA-256 of each body (the
    /// server's port written `PORT`) for searches of every kind, lookups and refusals, recorded
    /// from the default catalogue. A change to how the mock searches or writes must leave these
    /// as they are; a change meant to alter an answer updates the table (the failure prints it).
    @Suite("Google Books mock answers, byte for byte")
    struct GoldenAnswerTests {
        /// What each case asks, by name.
        static func cases(_ catalogue: BookCatalogue) throws -> [(name: String, target: String)] {
            let volumes = catalogue.volumes
            let withISBN = try #require(volumes.first { $0.isbn13 != nil && $0.isbn10 != nil })
            let withLCCN = try #require(volumes.first { $0.lccn != nil })
            let withOCLC = try #require(volumes.first { $0.oclc != nil })
            let searches: [(String, [(String, String)])] = [
                ("the, 20", [("q", "the"), ("maxResults", "20")]),
                ("the, 40 from 0", [("q", "the"), ("maxResults", "40")]),
                ("the, 40 from 40", [("q", "the"), ("maxResults", "40"), ("startIndex", "40")]),
                ("the, 40 from 1000", [("q", "the"), ("maxResults", "40"), ("startIndex", "1000")]),
                ("the, past the end", [("q", "the"), ("startIndex", "1000000")]),
                ("the, 0 results", [("q", "the"), ("maxResults", "0")]),
                ("de, 20", [("q", "de"), ("maxResults", "20")]),
                ("love, default page", [("q", "love")]),
                ("history, 20", [("q", "history"), ("maxResults", "20")]),
                ("science war", [("q", "science war"), ("maxResults", "40")]),
                ("roman, compact", [("q", "roman"), ("maxResults", "20"), ("prettyPrint", "false")]),
                ("love -war", [("q", "love -war"), ("maxResults", "40")]),
                ("phrase the quick fox", [("q", "\"the quick fox\""), ("maxResults", "40")]),
                ("phrase a history of", [("q", "\"a history of\""), ("maxResults", "40"), ("startIndex", "3")]),
                ("intitle:\"the\"", [("q", "intitle:\"the\""), ("maxResults", "20")]),
                ("intitle:love", [("q", "intitle:love"), ("maxResults", "40")]),
                ("inauthor:martin", [("q", "inauthor:martin"), ("maxResults", "20")]),
                ("subject:fiction", [("q", "subject:fiction"), ("maxResults", "20")]),
                ("inpublisher:press", [("q", "inpublisher:press"), ("maxResults", "20")]),
                ("Japanese 東京の夜", [("q", "東京の夜"), ("maxResults", "40")]),
                ("Japanese intitle:東京", [("q", "intitle:東京"), ("maxResults", "40")]),
                ("inauthor:佐藤", [("q", "inauthor:佐藤"), ("maxResults", "40")]),
                ("intitle:МОСКВА", [("q", "intitle:МОСКВА"), ("maxResults", "40")]),
                ("isbn13", [("q", "isbn:\(withISBN.isbn13!)")]),
                ("isbn10 and title", [("q", "isbn:\(withISBN.isbn10!) intitle:\(withISBN.title.split(separator: " ").last!)")]),
                ("lccn", [("q", "lccn:\(withLCCN.lccn!)")]),
                ("oclc", [("q", "oclc:\(withOCLC.oclc!)")]),
                ("the, newest", [("q", "the"), ("orderBy", "newest"), ("maxResults", "40")]),
                ("the, newest from 200", [("q", "the"), ("orderBy", "newest"), ("maxResults", "40"), ("startIndex", "200")]),
                ("the, lite", [("q", "the"), ("projection", "lite"), ("maxResults", "40")]),
                ("de, lite, newest", [("q", "de"), ("projection", "LITE"), ("orderBy", "newest"), ("maxResults", "20")]),
                ("the, free-ebooks", [("q", "the"), ("filter", "free-ebooks"), ("maxResults", "40")]),
                ("the, paid-ebooks", [("q", "the"), ("filter", "paid-ebooks"), ("maxResults", "40")]),
                ("the, ebooks", [("q", "the"), ("filter", "ebooks"), ("maxResults", "20")]),
                ("the, full", [("q", "the"), ("filter", "full"), ("maxResults", "20")]),
                ("the, partial", [("q", "the"), ("filter", "partial"), ("maxResults", "20")]),
                ("the, epub", [("q", "the"), ("download", "epub"), ("maxResults", "20")]),
                ("the, magazines", [("q", "the"), ("printType", "magazines"), ("maxResults", "20")]),
                ("the, books", [("q", "the"), ("printType", "books"), ("maxResults", "20")]),
                ("de, langRestrict fr", [("q", "de"), ("langRestrict", "fr"), ("maxResults", "40")]),
                ("東京, langRestrict ja", [("q", "東京"), ("langRestrict", "ja"), ("maxResults", "40")]),
                ("the, not-mature, preorders", [("q", "the"), ("maxAllowedMaturityRating", "not-mature"), ("showPreorders", "true"), ("maxResults", "40")]),
                ("the, fields", [("q", "the"), ("fields", "items(id,volumeInfo/title,searchInfo),totalItems"), ("maxResults", "40")]),
                ("the, fields kind only", [("q", "the"), ("fields", "kind")]),
                ("only punctuation", [("q", "!!")]),
                ("only an exclusion", [("q", "-the")]),
                ("no match", [("q", "zzqqxx")]),
                ("error: no q", []),
                ("error: blank q", [("q", "  ")]),
                ("error: maxResults 41", [("q", "the"), ("maxResults", "41")]),
                ("error: startIndex -1", [("q", "the"), ("startIndex", "-1")]),
                ("error: orderBy", [("q", "the"), ("orderBy", "oldest")]),
                ("error: projection", [("q", "the"), ("projection", "medium")]),
                ("error: fields", [("q", "the"), ("fields", "items(id")]),
                ("error: langRestrict", [("q", "the"), ("langRestrict", "e n")]),
                ("error: my-library", [("q", "the"), ("libraryRestrict", "my-library")]),
                ("error: compact", [("q", "the"), ("maxResults", "x"), ("prettyPrint", "false")]),
                ("error: query too long", [("q", String(repeating: "a ", count: 1100))]),
            ]
            var cases = searches.map { name, parameters in
                (name, "/books/v1/volumes" + (parameters.isEmpty ? "" : "?") + parameters.map { "\(BooksHarness.encode($0.0))=\(BooksHarness.encode($0.1))" }.joined(separator: "&"))
            }
            for position in [0, 7, 1234] {
                cases.append(("lookup \(position)", "/books/v1/volumes/\(volumes[position].id)"))
                cases.append(("lookup \(position), lite", "/books/v1/volumes/\(volumes[position].id)?projection=lite"))
            }
            cases.append(("lookup, fields", "/books/v1/volumes/\(volumes[3].id)?fields=volumeInfo(title,imageLinks)"))
            cases.append(("lookup, unknown id", "/books/v1/volumes/nosuchvolume"))
            return cases
        }

        /// `status length sha256` of each case's answer, recorded before the search was tuned.
        static let expected: [String: String] = [
            "the, 20": "200 62363 6c429a11099a2a049924dfd39c762a27e985ca6c4cdd4e0b9bed26a27d1a35e6",
            "the, 40 from 0": "200 127229 3f8189b0504a81caadb21163d74884f13a67094bf69c34f30d907595740d5fca",
            "the, 40 from 40": "200 128174 4bbd52b971764de3f4825882efde9e287bd03d98b3e49098bccc7e2bd1fe3604",
            "the, 40 from 1000": "200 119211 381bfad1c1a396ec2ad5ad60d5ce6ebd34ba44cfc30cf4a34fb64b795dd149dc",
            "the, past the end": "200 52 eb7ecc9c7e1d817fad0266075efab74ae7009ece0812fe97c289d0537179cff3",
            "the, 0 results": "200 52 eb7ecc9c7e1d817fad0266075efab74ae7009ece0812fe97c289d0537179cff3",
            "de, 20": "200 62606 fee7245d62de6088e0bc543b7d200f0bdae850769c922fa8f617fb366dbf8620",
            "love, default page": "200 49 aa8ac909e285a9640977164f7bc224d97cfd7b4a4b025f11577d50af00e4a646",
            "history, 20": "200 61328 e78faa2b40acd1c12ba242e0d793e666e1650c39fdb130a51223d0ed3d725596",
            "science war": "200 49 aa8ac909e285a9640977164f7bc224d97cfd7b4a4b025f11577d50af00e4a646",
            "roman, compact": "200 43281 62e52915cc90542b0a6a1a788e919bf7a049a1c9a58d6526e53c98b6823df88e",
            "love -war": "200 49 aa8ac909e285a9640977164f7bc224d97cfd7b4a4b025f11577d50af00e4a646",
            "phrase the quick fox": "200 123101 e971bc2be19656537476406038899976ffcccdf65b3aaefde6fa79d36549b222",
            "phrase a history of": "200 125546 495aaaeee97783ff49bc6c56c1eb45044c768cc88f470df1055985adaa10453f",
            "intitle:\"the\"": "200 63002 46350a118b4a99fb5cdb1d06499bf2bf849363aff71d77c1f5bdc3f15f5d7bcb",
            "intitle:love": "200 49 aa8ac909e285a9640977164f7bc224d97cfd7b4a4b025f11577d50af00e4a646",
            "inauthor:martin": "200 61035 e0b0ec741a6df4a74c2e9e9e94158273748e2415ed726ef8ba4e8de75e77feb9",
            "subject:fiction": "200 62862 47cc8176c8e6b9da30cf64acf4d4b49133ad95ac99a37abbb597a2398cf467b5",
            "inpublisher:press": "200 60504 395202c5d8737c596d9c7e996e1e6879fba39187fad6e1ad7d842ba03bbbad99",
            "Japanese 東京の夜": "200 3715 9bd01879845d743d5bcd00fb4f1bae0e8f6e2ca501d5eb1868075beb4f8e153b",
            "Japanese intitle:東京": "200 65604 8f35a4bd492c3ed1028fd15cb7ff3e4b7f859ef4edd6a72b44fb60b8f6f12ae2",
            "inauthor:佐藤": "200 123785 c015db9fbd049029da63c499274ba49808648f1486ef7e5778aa3402cc9bc93e",
            "intitle:МОСКВА": "200 70568 aa1ef573d1ec6f3cfa8e2035f906c00bbb432cb498cb4acbb5599e6ef360c084",
            "isbn13": "200 2829 0b1347ae960d8b55ea4bcd84b3b586639439fa39d8fa8584d53adb27acb8dbe8",
            "isbn10 and title": "200 2861 b1c42f261cafee1a06ca55d0999db79b484475343e31ce12639992a8c5252c98",
            "lccn": "200 2712 710460df271e68163e7063a920b1bbfca266db3eb1aa4a1f581f92168809e6d1",
            "oclc": "200 2821 c6f0d62620b3351b80c443d88fdea4a75533169ee0b4eaa69756d4a136d729b9",
            "the, newest": "200 123983 64cd3c3e5cf9e4ccac58d62dfa8c7cfe166626fc1865d4eb5a4d5697e22c6a08",
            "the, newest from 200": "200 116696 3a497b6e511ad2c3e2bde42b858d9763312fad071a8b2684e12007692ad9054e",
            "the, lite": "200 86646 5761d6c684e1a3e74a3c5c11d30641aadcdf95b8e2b36a6c83f2851c5a100ccf",
            "de, lite, newest": "200 43162 b2d2266c64fa5c8b2b1daf08e9ef8ffc17500bf6404090ec14e523654ae27834",
            "the, free-ebooks": "200 125705 acc54339f29aa6b479547fa47ceb95857b9bffb5c5b14001371e9ef29e887f80",
            "the, paid-ebooks": "200 148824 83cb030d4bb91b0f6eaa36748e02f96937ef47fcedbeb0b5234cefa8468f29e2",
            "the, ebooks": "200 69625 0c951dea5a9f43d538264ba5cf94e4360c002b5f0a8a23f86c2c6c9616275a1d",
            "the, full": "200 63546 98da6b83aafeb383b16044037ad12021e9de549915961da55f9386971137fa72",
            "the, partial": "200 65407 acc1c4100df0b5fedc6395055da0604f194badf948b6cb549a9ffab9f72c61da",
            "the, epub": "200 70030 d0ddf981226af74890d2917af311a00d6bbabdd834f56225c5a01781d2910dca",
            "the, magazines": "200 47935 3f0103419944f6af4a1f0ea29c63f0c228feb8a39a10c9d98a2f9a67cfdd5e29",
            "the, books": "200 62363 fa3449d840a175894e1562ace15c64602331885694986c7a84d112c3c365b8f3",
            "de, langRestrict fr": "200 124630 78cfd91bf017b7d4b123b5ae50a7518f3fd8df5e79850b589d63ef2d43bf2a1f",
            "東京, langRestrict ja": "200 89579 44f76478b5c1a463b5d929de1f4e19ea42f0a2e6487b1be674e5b35a6d3ae225",
            "the, not-mature, preorders": "200 127229 c6d4f06f77c2ac51824cbbf7e2761a7d06a3f423235548706f2c322557495ace",
            "the, fields": "200 9932 1c3bb9590b7bca160a812aa29c434475e6accd7ba86aff35a93fce9a580e3652",
            "the, fields kind only": "200 30 65e90f595a4f23eedd9c9926b98231d75a6355dcb7455c1602675a1d06d5c4c1",
            "only punctuation": "200 49 aa8ac909e285a9640977164f7bc224d97cfd7b4a4b025f11577d50af00e4a646",
            "only an exclusion": "200 49 aa8ac909e285a9640977164f7bc224d97cfd7b4a4b025f11577d50af00e4a646",
            "no match": "200 49 aa8ac909e285a9640977164f7bc224d97cfd7b4a4b025f11577d50af00e4a646",
            "error: no q": "400 270 ac90c0e8c310306c1ec703062f9cac0bd62fc015e1214345b23f73a9af00493b",
            "error: blank q": "400 270 ac90c0e8c310306c1ec703062f9cac0bd62fc015e1214345b23f73a9af00493b",
            "error: maxResults 41": "400 325 9f47e3b8109115928e85c9d487762b7716896e34d301b8f5e4aa4312882f4a47",
            "error: startIndex -1": "400 341 efb768258fdadd7d3d0dc29ef59734d927eada0e36f21d37611ca6c20ecbf3ea",
            "error: orderBy": "400 405 b46aca1d5096c81adff192a86b4a3a8a83dbd8a88b3b143003aef3691cbf3f84",
            "error: projection": "400 394 1dadf2672e830555d3b0c2afb3bfd967d08f84fd206a3b467c8ed05a41a324df",
            "error: fields": "400 314 b268f0e358043c23a0a3feafeb014d50606c9c56c930f702a8a08319731161fd",
            "error: langRestrict": "400 334 a29c35b40bb668b66144c1e12048959dc14bac17bae28ce1a07ac52474247f76",
            "error: my-library": "401 276 f979b843150c1793e5139f644cc838204baff92d74a775d90f1d3cba1b217b05",
            "error: compact": "400 287 2def5e18f48224489a247385e807473ad4f753d130d5f2edfb25684875bae2d6",
            "error: query too long": "400 266 dbae77fdafc65eb4c0a8230e20d0f31ced6c3ccb4cb1674b9d6048c3a34aac43",
            "lookup 0": "200 2639 1ddbab4d92d66e6c33f8bee15de9836847291a3788f635d9bf455286c3546215",
            "lookup 0, lite": "200 1414 dfc9f0aa86622610dca05eedc5d46a63209b23bbe8d8c9b3f11c268fce94f909",
            "lookup 7": "200 3355 43646cd7243786242b4c19167b11447bbdcdb7d222ec139fface6602e218bef5",
            "lookup 7, lite": "200 1769 90b9ebaa4178ff460f1b386a74ad9683e1c85f508c8bded0d946265069ae918c",
            "lookup 1234": "200 2343 69da40af1a3432a7f09935d7c14c79f7f89217cfc6c80e6b8c0e171c23ed53bf",
            "lookup 1234, lite": "200 1743 037d381e4573899e2df29ac82d19446c1cb5854415a707e08ad8dc0a035b6a1a",
            "lookup, fields": "200 413 016557d6b0bbb9e46cd2e986cd7f5782d74006f58105194ec8ed97d55227dec5",
            "lookup, unknown id": "404 241 09a42eff8d449ffbb11a8d8fa383fd12f98773cb5fd206b75f0200e926f18ea3",
        ]

        @Test("every answer is the one recorded")
        func answers() async throws {
            try await BooksHarness.withRunning { books in
                var found: [(String, String)] = []
                for (name, target) in try Self.cases(books.catalogue) {
                    let reply = try await books.get(target)
                    let body = reply.text.replacingOccurrences(of: "127.0.0.1:\(books.port)", with: "127.0.0.1:PORT")
                    found.append((name, "\(reply.status.code) \(body.utf8.count) \(SHA256.hash(body.utf8).hex)"))
                }
                let mismatched = found.filter { Self.expected[$0.0] != $0.1 }
                #expect(mismatched.isEmpty && found.count == Self.expected.count, """
                    \(mismatched.count) of \(found.count) answers differ from the recorded ones; all answers now:
                    \(found.map { "            \(Self.literal($0.0)): \(Self.literal($0.1))," }.joined(separator: "\n"))
                    """)
            }
        }

        private static func literal(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
    }
}
