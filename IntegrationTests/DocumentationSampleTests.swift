import Foundation
import Testing

/// Every Swift sample in the documentation is a whole file that the build compiles: a fenced
/// ```` ```swift ```` block in README.md, MockServers/README.md or docs/*.md must be, byte for
/// byte, one file of `Examples/` (the `Examples` target, or the sample app manifest) or of the
/// integration tests. So a sample can never show an import it does not need, or miss one.
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
        ["Examples", "IntegrationTests"].flatMap { folder -> [URL] in
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

    @Test("every Swift sample in the docs is a compiled file, shown whole")
    func samplesAreCompiledFiles() throws {
        let files = try Dictionary(Self.sampleFiles.map { (try String(contentsOf: $0, encoding: .utf8), $0) }, uniquingKeysWith: { first, _ in first })
        var shown: Set<URL> = []
        var blockCount = 0
        for document in Self.documents {
            let markdown = try String(contentsOf: document, encoding: .utf8)
            for block in Self.swiftBlocks(in: markdown) {
                blockCount += 1
                let name = document.path.replacingOccurrences(of: Self.root.path + "/", with: "")
                guard let file = files[block.code] else {
                    Issue.record("\(name):\(block.line): this ```swift block is not the whole text of any file in Examples/ or IntegrationTests/; keep the sample as a file there and paste it whole")
                    continue
                }
                shown.insert(file.standardizedFileURL)
            }
        }
        #expect(blockCount > 0)
        let examples = Self.sampleFiles.filter { $0.path.contains("/Examples/") }.map(\.standardizedFileURL)
        for example in examples where !shown.contains(example) {
            Issue.record("\(example.lastPathComponent) is in Examples/ but no document shows it; show it or delete it")
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
            #expect(ours.contains("Product(\"\(product)\"") || ours.contains(".library(name: \"\(product)\""), "Package.swift has no product \(product)")
        }
    }
}
