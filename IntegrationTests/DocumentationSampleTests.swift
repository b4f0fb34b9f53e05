import Foundation
import Testing

/// Every Swift sample in the documentation is a whole file that the build compiles. A DocC
/// article shows a file of `Snippets/` (each a SwiftPM snippet, an executable of its own) with
/// `@Snippet(path:)`, never as a pasted copy; a ```` ```swift ```` block is left only where DocC
/// cannot include a file (README.md, MockServers/README.md, docs/*.md) or for an `Examples/`
/// file a test uses as a library, and must be, byte for byte, one file of `Snippets/`,
/// `Examples/` (the `Examples` target, or the sample app manifest) or the integration tests. So
/// a sample can never show an import it does not need, or miss one.
@Suite("Documentation samples")
struct DocumentationSampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// The documents whose samples are checked: the READMEs, docs/, and every DocC article.
    static var documents: [URL] {
        let docs = (try? FileManager.default.contentsOfDirectory(at: root.appendingPathComponent("docs"), includingPropertiesForKeys: nil)) ?? []
        let articles = ["Modules", "MockServers", "Adapters"].flatMap { folder -> [URL] in
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "md" && $0.deletingLastPathComponent().pathExtension == "docc" }
        }
        return [root.appendingPathComponent("README.md"), root.appendingPathComponent("MockServers/README.md")]
            + docs.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
            + articles.sorted { $0.path < $1.path }
    }

    /// Where sample files live, and every Swift file in them.
    static var sampleFiles: [URL] {
        ["Snippets", "Examples", "IntegrationTests"].flatMap { folder -> [URL] in
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
        }
    }

    /// The ```` ```swift ```` blocks of `markdown`, each with the line it starts on.
    static func swiftBlocks(in markdown: String) -> [(line: Int, code: String)] {
        var blocks: [(Int, String)] = []
        var current: [Substring]?
        var start = 0
        for (number, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
                start = number + 1
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append((start, current!.joined(separator: "\n") + "\n"))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    /// Whether `document` is a DocC article (it can include a snippet, so it must).
    static func isArticle(_ document: URL) -> Bool {
        document.deletingLastPathComponent().pathExtension == "docc"
    }

    /// The `@Snippet(path:)` directives of `markdown` (a directive starts its line; one named in
    /// running text is not one): each path, with the line it is on.
    static func snippetPaths(in markdown: String) -> [(line: Int, path: String)] {
        markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            line.trimmingPrefix(while: \.isWhitespace).prefixMatch(of: /@Snippet\(\s*path:\s*"([^"]*)"/).map { (number + 1, String($0.output.1)) }
        }
    }

    /// The package's name, the first component of every snippet path.
    static var packageName: String {
        get throws {
            let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
            return try #require(manifest.firstMatch(of: /Package\(\s*name:\s*"([^"]+)"/)).output.1.description
        }
    }

    @Test("every Swift sample in the docs is a compiled file, shown whole or as a snippet")
    func samplesAreCompiledFiles() throws {
        let files = try Dictionary(Self.sampleFiles.map { (try String(contentsOf: $0, encoding: .utf8), $0) }, uniquingKeysWith: { first, _ in first })
        let snippets = Self.root.appendingPathComponent("Snippets").standardizedFileURL.path + "/"
        let packageName = try Self.packageName
        var shown: Set<URL> = []
        var sampleCount = 0
        for document in Self.documents {
            let markdown = try String(contentsOf: document, encoding: .utf8)
            let name = document.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            for block in Self.swiftBlocks(in: markdown) {
                sampleCount += 1
                guard let file = files[block.code] else {
                    Issue.record("\(name):\(block.line): this ```swift block is not the whole text of any file in Snippets/, Examples/ or IntegrationTests/; keep the sample as a file there and paste it whole")
                    continue
                }
                let path = file.standardizedFileURL.path
                if Self.isArticle(document), path.hasPrefix(snippets) {
                    let snippet = path.dropFirst(snippets.count).dropLast(".swift".count)
                    Issue.record("\(name):\(block.line): a DocC article shows a snippet by reference: write @Snippet(path: \"\(packageName)/Snippets/\(snippet)\") instead of this ```swift block")
                }
                shown.insert(file.standardizedFileURL)
            }
            for snippet in Self.snippetPaths(in: markdown) {
                sampleCount += 1
                guard Self.isArticle(document) else {
                    Issue.record("\(name):\(snippet.line): only a DocC article can show @Snippet(path: \"\(snippet.path)\"); paste the file whole in a ```swift block")
                    continue
                }
                let prefix = "\(packageName)/Snippets/"
                let file = Self.root.appendingPathComponent("Snippets").appendingPathComponent(String(snippet.path.dropFirst(prefix.count)) + ".swift").standardizedFileURL
                guard snippet.path.hasPrefix(prefix), FileManager.default.fileExists(atPath: file.path) else {
                    Issue.record("\(name):\(snippet.line): @Snippet(path: \"\(snippet.path)\") names no file: a path is \"\(prefix)<file in Snippets/, without .swift>\"")
                    continue
                }
                shown.insert(file)
            }
        }
        #expect(sampleCount > 0)
        let ours = Self.sampleFiles.filter { $0.path.contains("/Examples/") || $0.path.contains("/Snippets/") }.map(\.standardizedFileURL)
        for file in ours where !shown.contains(file) {
            Issue.record("\(file.path.replacingOccurrences(of: Self.root.standardizedFileURL.path + "/", with: "")) is a sample but no document shows it; show it or delete it")
        }
    }

    @Test("the sample app manifests name products this package has", arguments: ["App", "AppWithMockTests"])
    func manifestNamesRealProducts(name: String) throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Examples/Manifests/\(name)/Package.swift"), encoding: .utf8)
        let ours = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let named = manifest.matches(of: /\.product\(name: "([^"]+)", package: "([^"]+)"\)/).map { (String($0.output.1), String($0.output.2)) }
        #expect(!named.isEmpty)
        for (product, package) in named {
            #expect(package == "signed-api-sdk" && ours.contains("name: \"signed-api-sdk\""), "the manifest names package \(package)")
            // `sdkProduct("X", …)`, `mockProduct(` with the name on the next line, or `.library(name: "X"`.
            let declared = ours.split(separator: "Product(").dropFirst().contains { $0.drop(while: \.isWhitespace).hasPrefix("\"\(product)\"") }
            #expect(declared || ours.contains(".library(name: \"\(product)\""), "Package.swift has no product \(product)")
        }
    }
}
