import Foundation

extension VolumeRendering {
    /// The longest snippet, in characters, before it is cut with `...`.
    static let snippetLength = 160

    /// `searchInfo.textSnippet` as Google writes it: HTML — the description's first sentence
    /// holding a searched word (else its first sentence), escaped (`&#39;`, `&quot;`), searched
    /// words and ideograph runs in `<b>`, cut at a word with `...`. `nil` without a description.
    static func snippet(_ text: SnippetText, highlighting highlights: (words: Set<String>, ideographs: [String])) -> String? {
        guard let first = text.sentences.first else { return nil }
        let chosen = text.sentences.first { sentence in
            !sentence.words.isDisjoint(with: highlights.words) || highlights.ideographs.contains { sentence.folded.contains($0) }
        } ?? first
        var output: [String] = []
        var length = 0
        var cut = false
        for piece in chosen.pieces {
            if length + piece.length > snippetLength, length > 0 {
                cut = true
                break
            }
            length += piece.length + 1
            output.append(highlight(piece, highlights))
        }
        return output.joined(separator: " ") + (cut ? " ..." : "")
    }

    /// `piece` escaped, in `<b>` when it is a searched word, or with the searched ideograph runs
    /// in it in `<b>`.
    private static func highlight(_ piece: SnippetText.Piece, _ highlights: (words: Set<String>, ideographs: [String])) -> String {
        if piece.words.contains(where: highlights.words.contains) { return "<b>\(piece.escaped)</b>" }
        guard piece.isIdeographic else { return piece.escaped }
        return highlights.ideographs.reduce(piece.escaped) { text, run in
            run.isEmpty ? text : text.replacingOccurrences(of: run, with: "<b>\(run)</b>")
        }
    }
}
