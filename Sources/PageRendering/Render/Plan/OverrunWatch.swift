import Foundation
import MustacheCompiler

/// The theme's engine, watched for renderings cut short as never ending (a partial that
/// includes itself). Fragments (star rows, the chart, the form, the header and footer, cards)
/// are rendered deep inside the renderer, where a failure has nowhere to go; the watch keeps
/// their names so the build can fail with them instead of publishing cut-short markup.
struct OverrunWatch: TemplateEngine {
    /// Template names gathered from renderings on many threads.
    final class Names: @unchecked Sendable {
        private let lock = NSLock()
        private var names: Set<String> = []
        func insert(_ name: String) { lock.withLock { _ = names.insert(name) } }
        var sorted: [String] { lock.withLock { names.sorted() } }
    }

    let engine: any TemplateEngine
    let overrun = Names()

    func render(templateNamed name: String, data: any TemplateData, into output: inout [UInt8]) -> Bool {
        let rendered = engine.render(templateNamed: name, data: data, into: &output)
        if !rendered && engine.hasTemplate(named: name) { overrun.insert(name) }
        return rendered
    }

    func render(
        templateNamed name: String, data: any TemplateData, into output: inout [UInt8], marks: inout [TemplateMark]
    ) -> Bool {
        let rendered = engine.render(templateNamed: name, data: data, into: &output, marks: &marks)
        if !rendered && engine.hasTemplate(named: name) { overrun.insert(name) }
        return rendered
    }

    func hasTemplate(named name: String) -> Bool { engine.hasTemplate(named: name) }

    func cut(templateNamed name: String, data: any TemplateData) -> TemplateCut? {
        engine.cut(templateNamed: name, data: data)
    }

    func namesReached(fromTemplateNamed name: String) -> Set<String>? { engine.namesReached(fromTemplateNamed: name) }

    func contextsPrinted(fromTemplateNamed name: String) -> Set<String>? {
        engine.contextsPrinted(fromTemplateNamed: name)
    }

    func namesPrinted(fromTemplateNamed name: String) -> Set<String>? { engine.namesPrinted(fromTemplateNamed: name) }
}
