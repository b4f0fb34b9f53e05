import Foundation

extension VolumeRendering {
    /// The longest snippet, in characters, before it is cut with `...`.
    static let snippetLength = 160

    /// `searchInfo.textSnippet` as Google writes it: HTML — the description's first sentence
    /// holding a searched word (else its first sentence), escaped (`&#39;`, `&quot;`), searched
    /// words and ideograph runs in `<b>`, cut at a word with `...`. `nil` without a description.
    static func snippet(_ volume: MockVolume, highlighting highlights: (words: Set<String>, ideographs: [String])) -> String? {
        guard let text = volume.plainDescription else { return nil }
        let sentences = sentences(of: text)
        let chosen = sentences.first { sentence in
            !Set(TextFolding.words(sentence)).isDisjoint(with: highlights.words)
                || highlights.ideographs.contains { TextFolding.folded(sentence).contains($0) }
        } ?? sentences.first ?? text
        var output: [String] = []
        var length = 0
        var cut = false
        for piece in chosen.split(separator: " ", omittingEmptySubsequences: true) {
            if length + piece.count > snippetLength, length > 0 {
                cut = true
                break
            }
            length += piece.count + 1
            output.append(highlight(String(piece), highlights))
        }
        return output.joined(separator: " ") + (cut ? " ..." : "")
    }

    /// `piece` escaped, in `<b>` when it is a searched word, or with the searched ideograph runs
    /// in it in `<b>`.
    private static func highlight(_ piece: String, _ highlights: (words: Set<String>, ideographs: [String])) -> String {
        let escaped = MockVolume.escapingMarkup(piece)
        if TextFolding.words(piece).contains(where: highlights.words.contains) { return "<b>\(escaped)</b>" }
        guard piece.unicodeScalars.contains(where: TextFolding.isIdeographic), TextFolding.folded(piece) == piece else { return escaped }
        return highlights.ideographs.reduce(escaped) { text, run in
            run.isEmpty ? text : text.replacingOccurrences(of: run, with: "<b>\(run)</b>")
        }
    }

    /// `text` split after `.`, `!`, `?` and `。`.
    private static func sentences(of text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if ".!?。".contains(character) {
                let sentence = current.trimmingCharacters(in: .whitespaces)
                if !sentence.isEmpty { sentences.append(sentence) }
                current = ""
            }
        }
        let rest = current.trimmingCharacters(in: .whitespaces)
        if !rest.isEmpty { sentences.append(rest) }
        return sentences
    }
}
