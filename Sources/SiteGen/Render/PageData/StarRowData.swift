import MustacheCompiler

/// A star row as `_stars.mustache` draws it: every length already formatted for SVG.
struct StarRowData: TemplateData {
    /// One symbol's place in the row.
    struct Symbol: TemplateData {
        let x: String
        let y: String

        func value(named key: String) -> TemplateValue? {
            switch key {
            case "x": .text(x)
            case "y": .text(y)
            default: nil
            }
        }
    }

    let cssClass: String
    let width: String
    let height: String
    let strokeWidth: String
    let scale: String
    /// The symbol's SVG path data (checked when the config was read: commands and numbers only).
    let path: String
    let fillWidth: String
    /// Every symbol, drawn as an outline.
    let symbols: [Symbol]
    /// The symbols the fill reaches; the rest would be clipped anyway.
    let filled: [Symbol]

    func value(named key: String) -> TemplateValue? {
        switch key {
        case "cssClass": .text(cssClass)
        case "width": .text(width)
        case "height": .text(height)
        case "strokeWidth": .text(strokeWidth)
        case "scale": .text(scale)
        case "path": .text(path)
        case "fillWidth": .text(fillWidth)
        case "symbols": .list(symbols.map(TemplateValue.data))
        case "filled": .list(filled.map(TemplateValue.data))
        default: nil
        }
    }
}
