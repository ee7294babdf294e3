import MustacheCompiler

/// A star row as `_stars.mustache` draws it: every length already formatted for SVG.
package struct StarRowData: PageData {
    /// One symbol's place in the row.
    package struct Symbol: PageData {
        package let x: String
        package let y: String

        package func value(_ key: PageName) -> TemplateValue? {
            switch key {
            case .x: .text(x)
            case .y: .text(y)
            default: nil
            }
        }
    }

    let cssClass: String
    package let width: String
    package let height: String
    let strokeWidth: String
    let scale: String
    /// The symbol's SVG path data (checked when the config was read: commands and numbers only).
    package let path: String
    let fillWidth: String
    /// Every symbol, drawn as an outline.
    let symbols: [Symbol]
    /// The symbols the fill reaches; the rest would be clipped anyway.
    package let filled: [Symbol]

    package func value(_ key: PageName) -> TemplateValue? {
        switch key {
        case .cssClass: .text(cssClass)
        case .width: .text(width)
        case .height: .text(height)
        case .strokeWidth: .text(strokeWidth)
        case .scale: .text(scale)
        case .path: .text(path)
        case .fillWidth: .text(fillWidth)
        case .symbols: .list(symbols.map(TemplateValue.data))
        case .filled: .list(filled.map(TemplateValue.data))
        default: nil
        }
    }
}
