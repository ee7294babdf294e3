import FuzzInput
import MustacheCompiler
import SiteGenTesting

/// libFuzzer feeds template text to the engine: up to four templates (cut at NUL bytes) that may
/// include one another, compiled and rendered. A compile error must name its place; a rendering
/// must end (the engine's expansion limit) and give the same bytes twice.
@main
enum FuzzTemplate {
    static func main() {
        FuzzInput.drive { data, size in
            let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
            if let problem = TemplateFuzzing.problems(bytes).first { preconditionFailure(problem) }
            return 0
        }
    }
}
