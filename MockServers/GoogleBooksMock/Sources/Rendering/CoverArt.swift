/// A volume's cover as a PNG, drawn from its cover seed: a background colour, a darker title
/// band with light "lettering" bars, an author bar and a frame. Every volume has its own colours
/// and shape, every zoom its own size, and the same volume and zoom always give the same bytes.
enum CoverArt {
    /// The zoom levels served and their widths: Google's `thumbnail` is zoom 1 (128 px wide),
    /// `smallThumbnail` zoom 5 (80 px); lookups add `small` (2), `medium` (3) and `large` (4).
    static let widths: [Int: Int] = [1: 128, 2: 300, 3: 575, 4: 800, 5: 80]

    /// The PNG for `cover` at `zoom` (one of ``widths``' keys).
    static func png(_ cover: MockVolume.Cover, zoom: Int) -> [UInt8]? {
        guard let width = widths[zoom] else { return nil }
        let height = width * cover.aspect / 1000
        var draws = SeededDraws(seed: cover.seed)
        let hue = Double(draws.int(in: 0...359))
        let saturation = 0.35 + Double(draws.int(in: 0...40)) / 100
        let palette: [(UInt8, UInt8, UInt8)] = [
            rgb(hue: hue, saturation: saturation, lightness: 0.55),
            rgb(hue: hue, saturation: saturation, lightness: 0.25),
            rgb(hue: (hue + 180).truncatingRemainder(dividingBy: 360), saturation: 0.2, lightness: 0.92),
            (40, 40, 40),
        ]
        let bandTop = height * draws.int(in: 15...30) / 100
        let bandBottom = bandTop + height * draws.int(in: 18...28) / 100
        let lines = draws.int(in: 1...3)
        let authorRow = height * 80 / 100
        let margin = max(2, width / 10)
        let frame = max(1, width / 64)
        let letterLengths = (0..<lines).map { _ in draws.int(in: 45...95) }
        return PNGEncoder.indexed(width: width, height: height, palette: palette) { x, y in
            if x < frame || y < frame || x >= width - frame || y >= height - frame { return 3 }
            if y >= bandTop, y < bandBottom {
                let lineHeight = (bandBottom - bandTop) / (lines * 2 + 1)
                let slot = (y - bandTop) / max(1, lineHeight)
                if lineHeight > 0, slot % 2 == 1, slot / 2 < lines,
                   x >= margin, x < margin + (width - 2 * margin) * letterLengths[slot / 2] / 100 {
                    return 2
                }
                return 1
            }
            if y >= authorRow, y < authorRow + max(2, height / 30), x >= margin * 2, x < width - margin * 2 { return 1 }
            return 0
        }
    }

    /// An sRGB triple for a hue in degrees and saturation and lightness in 0…1.
    static func rgb(hue: Double, saturation: Double, lightness: Double) -> (UInt8, UInt8, UInt8) {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = hue / 60
        let second = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch Int(sector) % 6 {
        case 0: (chroma, second, 0)
        case 1: (second, chroma, 0)
        case 2: (0, chroma, second)
        case 3: (0, second, chroma)
        case 4: (second, 0, chroma)
        default: (chroma, 0, second)
        }
        let base = lightness - chroma / 2
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, ((value + base) * 255).rounded()))) }
        return (byte(r), byte(g), byte(b))
    }
}
