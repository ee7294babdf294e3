import CatalogueModel

/// A review as a dump holds it, before the voter's stars are looked up: the voter (a user name,
/// an e-mail address or SUSI's uuid) is kept only until then and never reaches a page.
struct ReviewDraft {
    var voter: String?
    var review: Review

    /// - Parameters:
    ///   - skill: the skill as the dump names it (an id, or SUSI's key), for the review's id.
    ///   - occurrence: for a review without a voter, how many equal ones came before it in the
    ///     same dump, so that two identical anonymous reviews still get two ids.
    ///   - place: `path:line` or `path`, for the warnings.
    init(
        skill: String, voter: String?, name: String?, comment: String, stars: Int?, time: VoteTime?,
        timeText: String?, occurrence: Int = 0, place: () -> (path: String, line: Int?, column: Int?),
        _ log: inout DiagnosticLog
    ) {
        self.voter = voter
        var parts = [skill]
        if let voter {
            parts.append(voter)
        } else {
            parts += [timeText ?? "", comment, String(stars ?? 0), String(occurrence)]
        }
        let text = Self.text(comment)
        if text.cut {
            let place = place()
            log.warning(
                place.path, line: place.line, column: place.column,
                "review of \(comment.count.grouped) characters cut to \(Review.maximumLength.grouped)")
        }
        review = Review(
            id: Self.id(parts), name: Self.displayName(name), text: text.text, stars: stars,
            seconds: time?.seconds, nanoseconds: time?.nanoseconds ?? 0)
    }

    /// Line breaks as `\n`, no invisible or direction-changing characters (`VisibleText`), at
    /// most `Review.maximumLength` characters.
    static func text(_ raw: String) -> (text: String, cut: Bool) {
        var text = raw
        if text.utf8.contains(0x0D) {
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        text = VisibleText.clean(text)
        guard text.count > Review.maximumLength else { return (text, false) }
        return (String(text.prefix(Review.maximumLength)).trimmingWhitespace() + "…", true)
    }

    /// The name to show, or nil (anonymous) when none is given or it looks like an e-mail
    /// address: SUSI's dumps name voters by address, and a page must never show one.
    static func displayName(_ name: String?) -> String? {
        guard let name else { return nil }
        let cleaned = VisibleText.clean(name.replacingOccurrences(of: "\n", with: " "))
        guard !cleaned.isEmpty, !looksLikeEmail(cleaned) else { return nil }
        return cleaned.count > 60 ? String(cleaned.prefix(60)) + "…" : cleaned
    }

    static func looksLikeEmail(_ text: String) -> Bool {
        guard let at = text.firstIndex(of: "@") else { return false }
        return text[text.index(after: at)...].contains(".")
    }

    /// 48 bits of FNV-1a over the parts, each preceded by its length, in hex: short enough to
    /// copy into a `moderation` file, and not the voter's address.
    static func id(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        for part in parts {
            for byte in String(part.utf8.count).utf8 { add(byte) }
            add(0x3A)
            for byte in part.utf8 { add(byte) }
        }
        // FNV's last bytes reach only its low bits: mixed (MurmurHash3's finaliser) so that ids
        // of similar inputs do not look alike.
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        let digits = String(hash >> 16, radix: 16)
        return String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }
}
