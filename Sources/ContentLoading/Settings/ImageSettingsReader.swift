import CatalogueModel

/// `images` in site.yml: the boxes the theme shows skill images in, the pixel limit, and
/// whether to size them at all.
enum ImageSettingsReader {
    static let knownKeys = ["card", "page", "max_pixels", "resize"]

    static func read(_ map: YAMLMapping, _ log: inout DiagnosticLog) -> ImageSettings {
        var settings = ImageSettings()
        let largest = ImageSettings.largestBox
        for (key, path) in [("card", \ImageSettings.card), ("page", \ImageSettings.page)] {
            guard let number = map.number(key, &log) else { continue }
            if number >= 1, number <= Double(largest), number == number.rounded() {
                settings[keyPath: path] = Int(number)
            } else {
                map.error(
                    &log, at: map.value(key),
                    "`images.\(key)` is the box the theme shows an image in: whole CSS pixels from 1 to \(largest), like 56"
                )
            }
        }
        if let number = map.number("max_pixels", &log) {
            // A box of 2 × 1024 must fit; above a gigapixel no icon is meant.
            if number >= 4_194_304, number <= 1_000_000_000, number == number.rounded() {
                settings.maxPixels = Int(number)
            } else {
                map.error(
                    &log, at: map.value("max_pixels"),
                    "`images.max_pixels` is width × height, a whole number from 4194304 to 1000000000, like 40000000")
            }
        }
        if let resize = map.bool("resize", &log) { settings.resize = resize }
        map.warnUnknownKeys(known: knownKeys, &log, what: "images")
        return settings
    }
}
