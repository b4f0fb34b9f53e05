/// The command line as ArgumentParser can read it, whatever value an option is given.
///
/// ArgumentParser splits every word into options and values before it reads any option, and
/// refuses a word shaped like a malformed option — `-=1`, `--=1`, `---x` — with "Invalid
/// option", even where an option reads the next word unconditionally (`--form -=1`: a form field
/// named `-`). No option is spelt so, so such a word right after a long option is that option's
/// value: it is joined to it, `--form -=1` becoming `--form=-=1`, which ArgumentParser gives the
/// option as its value. Every other word, and every word after `--`, is left as it is.
enum CommandLineWords {
    /// `words` with each word ArgumentParser would refuse joined to the long option before it.
    static func joiningOptionValues(_ words: [String]) -> [String] {
        var joined: [String] = []
        for (index, word) in words.enumerated() {
            if word == "--" { return joined + words[index...] }
            if isMalformedOption(word), let option = joined.last, isLongOptionWithoutValue(option) {
                joined[joined.count - 1] = option + "=" + word
            } else {
                joined.append(word)
            }
        }
        return joined
    }

    /// Whether ArgumentParser refuses `word` as a malformed option: dashes then `=` (`-=1`,
    /// `--=1`), or three dashes or more (`---`, `---x`).
    static func isMalformedOption(_ word: String) -> Bool {
        let dashes = word.prefix { $0 == "-" }.count
        return dashes >= 3 || (dashes >= 1 && word.dropFirst(dashes).first == "=")
    }

    /// Whether `word` is a long option without an attached value (`--form`, not `--form=a=1`).
    private static func isLongOptionWithoutValue(_ word: String) -> Bool {
        word.hasPrefix("--") && word.count > 2 && !isMalformedOption(word) && !word.contains("=")
    }
}
