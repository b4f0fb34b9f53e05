/// A minimal PNG writer (ISO/IEC 15948, RFC 2083) for the mock's cover images: 8-bit indexed
/// colour, one palette, every row with filter type 0, the image data as a zlib stream (RFC 1950)
/// of "stored" deflate blocks (RFC 1951 §3.2.4) — valid for every decoder, no compression needed.
enum PNGEncoder {
    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG of `width` × `height` pixels, each an index into `palette` (RGB triples).
    static func indexed(width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)], pixel: (Int, Int) -> UInt8) -> [UInt8] {
        precondition(width > 0 && height > 0 && !palette.isEmpty && palette.count <= 256)
        var header: [UInt8] = []
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(height))
        header += [8, 3, 0, 0, 0]  // bit depth 8, colour type 3 (indexed), deflate, filter 0, no interlace
        var scanlines: [UInt8] = []
        scanlines.reserveCapacity((width + 1) * height)
        for y in 0..<height {
            scanlines.append(0)  // filter type None
            for x in 0..<width { scanlines.append(pixel(x, y)) }
        }
        var file = signature
        file += chunk("IHDR", header)
        file += chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] })
        file += chunk("IDAT", zlibStored(scanlines))
        file += chunk("IEND", [])
        return file
    }

    /// One chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(CRC32.checksum(typeBytes + data))
    }

    /// `data` as a zlib stream of stored blocks (at most 65 535 bytes each) and its Adler-32.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]  // deflate, 32 KiB window; header check: 0x7801 % 31 == 0
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            output.append(final)  // BFINAL, BTYPE 00
            output += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            output += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        output += bigEndian(adler32(data))
        return output
    }

    /// Adler-32 (RFC 1950 §8.2).
    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for chunkStart in stride(from: 0, to: data.count, by: 5552) {
            for byte in data[chunkStart..<min(chunkStart + 5552, data.count)] {
                a += UInt32(byte)
                b += a
            }
            a %= 65_521
            b %= 65_521
        }
        return b << 16 | a
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}

/// CRC-32 as PNG (and zip, Ethernet) computes it: polynomial 0xEDB88320 reflected, initial and
/// final value 0xFFFFFFFF.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
