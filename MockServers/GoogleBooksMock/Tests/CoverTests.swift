import Foundation
@testable import GoogleBooksMock
import HTTPTypes
import MockServerTesting
import Testing

extension GoogleBooksMockSuite {
    /// The covers: real PNG files, read back here by a decoder written from the PNG and zlib
    /// specifications (chunk CRCs, stored deflate blocks, Adler-32), not by the encoder's code.
    @Suite("Google Books mock covers")
    struct CoverTests {
        /// A decoded PNG: the header's numbers, the palette size and the filtered scanlines.
        struct DecodedPNG {
            var width: Int
            var height: Int
            var bitDepth: UInt8
            var colourType: UInt8
            var paletteEntries: Int
            var scanlines: [UInt8]
        }

        enum PNGProblem: Error { case malformed(String) }

        /// CRC-32 computed bit by bit (no table), so it checks the encoder's table-driven one.
        static func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 0 ? 0 : 0xEDB8_8320) }
            }
            return ~crc
        }

        static func uint32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
            bytes.reduce(0) { $0 << 8 | UInt32($1) }
        }

        /// Reads `bytes` as PNG, checking the signature, every chunk's CRC, the zlib header, the
        /// stored blocks' LEN/NLEN and the Adler-32 of the data.
        static func decode(_ bytes: [UInt8]) throws -> DecodedPNG {
            guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw PNGProblem.malformed("signature") }
            var offset = 8
            var header: [UInt8] = []
            var palette = 0
            var idat: [UInt8] = []
            var sawEnd = false
            while offset + 12 <= bytes.count {
                let length = Int(uint32(bytes[offset..<(offset + 4)]))
                let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
                guard offset + 12 + length <= bytes.count else { throw PNGProblem.malformed("chunk \(type) runs past the end") }
                let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
                let crc = uint32(bytes[(offset + 8 + length)..<(offset + 12 + length)])
                guard crc == crc32(Array(bytes[(offset + 4)..<(offset + 8)]) + data) else { throw PNGProblem.malformed("CRC of \(type)") }
                switch type {
                case "IHDR": header = data
                case "PLTE": palette = data.count / 3
                case "IDAT": idat += data
                case "IEND": sawEnd = true
                default: break
                }
                offset += 12 + length
            }
            guard sawEnd, offset == bytes.count, header.count == 13 else { throw PNGProblem.malformed("IHDR or IEND") }
            guard idat.count >= 6, (UInt16(idat[0]) << 8 | UInt16(idat[1])) % 31 == 0, idat[0] & 0x0F == 8 else { throw PNGProblem.malformed("zlib header") }
            var position = 2
            var inflated: [UInt8] = []
            var final = false
            while !final {
                guard position + 5 <= idat.count else { throw PNGProblem.malformed("truncated deflate") }
                final = idat[position] & 1 == 1
                guard (idat[position] >> 1) & 3 == 0 else { throw PNGProblem.malformed("not a stored block") }
                let length = Int(idat[position + 1]) | Int(idat[position + 2]) << 8
                let complement = Int(idat[position + 3]) | Int(idat[position + 4]) << 8
                guard length ^ 0xFFFF == complement, position + 5 + length <= idat.count else { throw PNGProblem.malformed("LEN/NLEN") }
                inflated += idat[(position + 5)..<(position + 5 + length)]
                position += 5 + length
            }
            guard position + 4 == idat.count else { throw PNGProblem.malformed("Adler-32 missing") }
            var a: UInt32 = 1
            var b: UInt32 = 0
            for byte in inflated {
                a = (a + UInt32(byte)) % 65_521
                b = (b + a) % 65_521
            }
            guard uint32(idat[position...]) == b << 16 | a else { throw PNGProblem.malformed("Adler-32") }
            return DecodedPNG(width: Int(uint32(header[0..<4])), height: Int(uint32(header[4..<8])), bitDepth: header[8], colourType: header[9],
                              paletteEntries: palette, scanlines: inflated)
        }

        @Test("the thumbnail links of search results serve valid PNGs of Google's sizes: 128 px wide, 80 px for smallThumbnail")
        func thumbnails() async throws {
            try await BooksHarness.withRunning { books in
                let reply = try await books.search("river", [("maxResults", "20")])
                let linked = reply.items.compactMap { ($0["volumeInfo"] as? [String: Any])?["imageLinks"] as? [String: String] }
                #expect(linked.count >= 10 && linked.count < 20, "most volumes have covers, some do not")
                var seen: Set<[UInt8]> = []
                for links in linked.prefix(6) {
                    for (name, width) in [("thumbnail", 128), ("smallThumbnail", 80)] {
                        let url = try #require(links[name].flatMap(URL.init(string:)))
                        #expect(url.scheme == "http" && url.port == books.port)
                        let target = url.path + "?" + (url.query ?? "")
                        let image = try await books.get(target)
                        #expect(image.status == .ok && image.headers[.contentType] == "image/png")
                        let png = try Self.decode(image.body)
                        #expect(png.width == width && (width * 1350 / 1000...width * 1600 / 1000).contains(png.height))
                        #expect(png.bitDepth == 8 && png.colourType == 3 && png.paletteEntries == 4)
                        #expect(png.scanlines.count == (png.width + 1) * png.height)
                        for row in 0..<png.height {
                            let line = png.scanlines[(row * (png.width + 1))..<((row + 1) * (png.width + 1))]
                            #expect(line.first == 0 && line.dropFirst().allSatisfy { Int($0) < png.paletteEntries })
                        }
                        #expect(seen.insert(image.body).inserted, "every volume and size its own image")
                        #expect(try await books.get(target).body == image.body, "the same image every time")
                    }
                }
            }
        }

        @Test("lookups link larger sizes, which are valid PNGs of several stored blocks")
        func largeSizes() async throws {
            try await BooksHarness.withRunning { books in
                let volume = try #require(books.catalogue.volumes.first { $0.cover?.hasLargeSizes == true })
                for (zoom, width) in [(2, 300), (3, 575), (4, 800)] {
                    let image = try await books.get("/books/content?id=\(volume.id)&printsec=frontcover&img=1&zoom=\(zoom)&edge=curl&source=gbs_api")
                    let png = try Self.decode(image.body)
                    #expect(png.width == width && image.body.count > 65_535)
                }
            }
        }

        @Test("a cover for no volume or a volume without one is 404; an unserved zoom is 400; no key is needed")
        func refusals() async throws {
            try await BooksHarness.withRunning(GoogleBooksMockOptions(requiresKey: true)) { books in
                let bare = try #require(books.catalogue.volumes.first { $0.cover == nil })
                let covered = try #require(books.catalogue.volumes.first { $0.cover != nil })
                ErrorTests.expectGoogleError(try await books.get("/books/content?id=\(bare.id)&zoom=1"), 404, "notFound", location: nil, message: "Image not found.")
                ErrorTests.expectGoogleError(try await books.get("/books/content?id=nope&zoom=1"), 404, "notFound", location: nil, message: "Image not found.")
                ErrorTests.expectGoogleError(try await books.get("/books/content?zoom=1"), 404, "notFound", location: nil, message: "Image not found.")
                ErrorTests.expectGoogleError(try await books.get("/books/content?id=\(covered.id)&zoom=9"), 400, "invalid", location: "zoom", message: "Values must be within the range")
                ErrorTests.expectGoogleError(try await books.get("/books/content?id=\(covered.id)&zoom=11"), 400, "invalid", location: "zoom", message: "Values must be within the range")
                #expect(try await books.get("/books/content?id=\(covered.id)").status == .ok, "zoom 1 by default")
            }
        }

        @Test("the encoder's pieces match the specifications' check values")
        func checkValues() {
            #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
            #expect(PNGEncoder.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
            #expect(Self.crc32(Array("IEND".utf8)) == 0xAE42_6082)
            let big = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            var a: UInt32 = 1
            var b: UInt32 = 0
            for byte in big {
                a = (a + UInt32(byte)) % 65_521
                b = (b + a) % 65_521
            }
            #expect(PNGEncoder.adler32(big) == b << 16 | a)
        }
    }
}
