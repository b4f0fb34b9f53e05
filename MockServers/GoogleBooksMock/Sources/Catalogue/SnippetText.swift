import Foundation

/// A volume's description as snippets are cut from it, prepared once per catalogue: split into
/// sentences (after `.`, `!`, `?` and `。`), each with its folded words and its space-separated
/// pieces already escaped and folded, so a search result only compares sets and joins strings.
struct SnippetText: Sendable {
    /// One sentence of the description.
    struct Sentence: Sendable {
        /// The folded words of the sentence (what a searched word is compared with).
        let words: Set<String>
        /// The sentence folded (what a searched ideograph run is looked for in).
        let folded: String
        let pieces: [Piece]
    }

    /// A run of the sentence between spaces: where a snippet may be cut.
    struct Piece: Sendable {
        /// Its length in characters.
        let length: Int
        /// The piece with markup escaped (`&#39;`, `&quot;`).
        let escaped: String
        /// Its folded words.
        let words: [String]
        /// Whether it holds ideographs and folding leaves it as it is (then searched runs of
        /// ideographs inside it are put in `<b>`).
        let isIdeographic: Bool
    }

    /// The sentences; empty without a description.
    let sentences: [Sentence]

    init(_ volume: MockVolume) {
        guard let text = volume.plainDescription else {
            sentences = []
            return
        }
        let split = Self.sentences(of: text)
        sentences = (split.isEmpty ? [text] : split).map { sentence in
            Sentence(
                words: Set(TextFolding.words(sentence)),
                folded: TextFolding.folded(sentence),
                pieces: sentence.split(separator: " ", omittingEmptySubsequences: true).map { piece in
                    let piece = String(piece)
                    return Piece(
                        length: piece.count,
                        escaped: MockVolume.escapingMarkup(piece),
                        words: TextFolding.words(piece),
                        isIdeographic: piece.unicodeScalars.contains(where: TextFolding.isIdeographic) && TextFolding.folded(piece) == piece
                    )
                }
            )
        }
    }

    /// `text` split after `.`, `!`, `?` and `。`, each sentence trimmed of spaces.
    private static func sentences(of text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if ".!?。".contains(character) {
                let sentence = MockVolume.trimmingSpaces(current)
                if !sentence.isEmpty { sentences.append(sentence) }
                current = ""
            }
        }
        let rest = MockVolume.trimmingSpaces(current)
        if !rest.isEmpty { sentences.append(rest) }
        return sentences
    }
}
