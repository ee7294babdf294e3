/// The words a skill is about, for `RelatedSkills`: its description and examples, lowercased, cut
/// at anything that is neither a letter nor a digit. Short words, numbers and stop words (English
/// and German, and the pieces of links Markdown leaves in a description) say nothing about a topic
/// and are left out.
enum SkillTerms {
    /// Each distinct word once, in the order it first appears.
    static func of(_ skill: Skill) -> [String] { terms(of: skill).map(\.word) }

    /// `of`, each word as `RelatedTermIndex` numbers it: no string is made for a short word.
    static func terms(of skill: Skill) -> [SkillTerm] {
        var collector = TermCollector()
        return collector.terms(of: skill)
    }

    /// Words of three letters or more, lowercased, without stop words and numbers.
    static func words(in text: String) -> [String] {
        asciiWords(in: text) ?? unicodeWords(in: text)
    }

    /// `words(in:)` of an ASCII text; nil for any other text.
    static func asciiWords(in text: String) -> [String]? {
        guard text.isASCII else { return nil }
        let bytes = text.utf8.span
        var words: [String] = []
        scanASCII(bytes) { start, end, key in
            if key.map(isStopWord) != true { words.append(asciiLowercased(text, start, end)) }
        }
        return words
    }

    /// Calls `word` with each word of three bytes or more that holds a letter (its range, and its
    /// bytes lowercased and packed into one integer when there are at most 8): the words of an
    /// ASCII text, read as bytes (most descriptions: this was most of scoring related skills).
    @inline(__always)
    static func scanASCII(_ bytes: Span<UInt8>, _ word: (Int, Int, UInt64?) -> Void) {
        var start = 0
        var letters = 0
        var key: UInt64 = 0
        // Wrapping arithmetic: no index or count here comes near overflowing, and the checks
        // were a third of the loop.
        for index in 0...bytes.count {
            let byte = index < bytes.count ? bytes[index] : 0x20
            // Only the letters land in a…z with the case bit set (ASCII only: the caller checked).
            let lowered = byte | 0x20
            if lowered &- 0x61 < 26 {
                letters &+= 1
                key = key << 8 | UInt64(lowered)
            } else if byte &- 0x30 < 10 {
                key = key << 8 | UInt64(byte)
            } else {
                let length = index &- start
                if length >= 3, letters > 0 { word(start, index, length <= 8 ? key : nil) }
                start = index &+ 1
                letters = 0
                key = 0
            }
        }
    }

    /// The ASCII word at UTF-8 offsets `start..<end` of `text`, lowercased.
    static func asciiLowercased(_ text: String, _ start: Int, _ end: Int) -> String {
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: start)
        let word = utf8[from..<utf8.index(from, offsetBy: end - start)]
        let exact = String(decoding: word, as: UTF8.self)
        return word.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) ? exact.lowercased() : exact
    }

    /// Whether a packed word (`scanASCII`) is a stop word: a binary search, no hashing.
    static func isStopWord(_ key: UInt64) -> Bool {
        let keys = stopWordKeys
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key
    }

    /// A packed ASCII word of at most 8 bytes, as `scanASCII` packs it. No byte is zero, so
    /// no two words pack alike.
    static func packed(_ word: String) -> UInt64? {
        guard !word.isEmpty, word.utf8.count <= 8, word.utf8.allSatisfy({ $0 != 0 && $0 < 0x80 }) else { return nil }
        return word.utf8.reduce(0) { $0 << 8 | UInt64($1) }
    }

    static func unicodeWords(in text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        var letters = 0
        func finish() {
            defer {
                word = String.UnicodeScalarView()
                letters = 0
            }
            guard word.count >= 3, letters > 0 else { return }
            let text = String(word)
            // ASCII was lowercased on the way in; anything else is lowercased here, in one go.
            let lowered = text.utf8.allSatisfy { $0 < 0x80 } ? text : text.lowercased()
            if !stopWords.contains(lowered) { words.append(lowered) }
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                switch value {
                case 0x41...0x5A:
                    word.append(Unicode.Scalar(UInt8(value + 0x20)))
                    letters += 1
                case 0x61...0x7A:
                    word.append(scalar)
                    letters += 1
                case 0x30...0x39: word.append(scalar)
                default: finish()
                }
            } else if scalar.properties.isAlphabetic {
                word.append(scalar)
                letters += 1
            } else if scalar.properties.numericType != nil {
                word.append(scalar)
            } else {
                finish()
            }
        }
        finish()
        return words
    }

    /// The ASCII stop words packed (`packed`), sorted.
    static let stopWordKeys = stopWords.compactMap(packed).sorted()

    /// The ASCII stop words packed, as a set: looked up once per skill for each short word new
    /// to it (a binary search for each word was half of reading a skill's words).
    static let stopWordSet = {
        var set = PackedWordSet()
        for key in stopWordKeys { _ = set.insert(key) }
        return set
    }()

    static let stopWords: Set<String> = [
        // English
        "the", "and", "for", "you", "your", "are", "was", "were", "with", "this", "that", "these", "those", "from",
        "have", "has", "had", "not", "but", "all", "any", "can", "will", "would", "could", "should", "what", "when",
        "where", "which", "who", "whom", "why", "how", "its", "it's", "our", "out", "about", "into", "over", "than",
        "then", "them", "they", "their", "there", "here", "also", "just", "more", "most", "some", "such", "only",
        "own", "same", "very", "too", "does", "did", "doing", "being", "been", "each", "other", "ask", "tell",
        "say", "get", "gets", "use", "uses", "using", "skill", "skills", "susi", "please", "want", "like", "let",
        "lets", "one", "two", "via", "may", "much", "many", "him", "her", "his", "she", "now", "new",
        // German
        "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines", "und", "oder",
        "aber", "mit", "für", "von", "vom", "zum", "zur", "auf", "aus", "bei", "nach", "wie", "wer", "ist",
        "sind", "war", "wird", "werden", "kann", "können", "dir", "dich", "ich", "mir", "mich", "sie", "ihr", "wir",
        "uns", "euch", "nicht", "auch", "noch", "nur", "sehr", "hier", "dort", "dass", "sich", "man", "einfach",
        // What links and markup leave behind
        "http", "https", "www", "com", "org", "net", "html", "amp", "nbsp",
    ]
}

/// A word as `RelatedTermIndex` numbers it: a word of at most 8 ASCII bytes (most words) as its
/// bytes packed into an integer (`SkillTerms.packed`), so it is neither made into a string nor
/// hashed as one; any other word as its text.
enum SkillTerm: Hashable, Sendable {
    case packed(UInt64)
    case text(String)

    init(_ word: String) { self = SkillTerms.packed(word).map(SkillTerm.packed) ?? .text(word) }

    /// The word.
    var word: String {
        switch self {
        case .text(let text): return text
        case .packed(let key):
            let count = 8 - key.leadingZeroBitCount / 8
            let bytes = (0..<count).lazy.map { k in UInt8(truncatingIfNeeded: key >> (8 * UInt64(count - 1 - k))) }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// A skill's distinct words, in the order they first appear. Words of at most 8 bytes (most of
/// them) are told apart by their packed bytes in a table of integers, and kept so. One collector
/// reads skill after skill (`terms(of:)`): its tables are emptied between them, not copied from
/// the stop words' and grown again for each (with the scan below: `RelatedSkills` at 10,000
/// generated skills 92 → 80 ms).
struct TermCollector {
    private var terms: [SkillTerm] = []
    /// The skill's short words so far, stop words among them once met.
    private var short = PackedWordSet()
    private var long = Set<String>()
    /// Held, not read from the static in the loop (a `swift_once` check per word).
    private let stopWords = SkillTerms.stopWordSet

    /// The skill's distinct words: its description's, then its examples'.
    mutating func terms(of skill: Skill) -> [SkillTerm] {
        short.removeAll()
        long.removeAll(keepingCapacity: true)
        add(skill.description)
        for example in skill.examples { add(example) }
        var found: [SkillTerm] = []
        swap(&found, &terms)
        return found
    }

    private mutating func add(_ text: String) {
        if text.isASCII {
            SkillTerms.scanASCII(text.utf8.span) { start, end, key in
                if let key {
                    if short.insert(key), !stopWords.contains(key) { terms.append(.packed(key)) }
                } else {
                    let word = SkillTerms.asciiLowercased(text, start, end)
                    if long.insert(word).inserted { terms.append(.text(word)) }
                }
            }
            return
        }
        // `unicodeWords` leaves the stop words out itself.
        for word in SkillTerms.unicodeWords(in: text) {
            let term = SkillTerm(word)
            let isNew: Bool
            switch term {
            case .packed(let key): isNew = short.insert(key)
            case .text(let text): isNew = long.insert(text).inserted
            }
            if isNew { terms.append(term) }
        }
    }
}

/// A set of nonzero integers by open addressing: no hashing of strings, no `Hasher`. Emptied
/// by starting a new generation, not by clearing its table: one set serves skill after skill.
struct PackedWordSet {
    private struct Slot {
        var key: UInt64 = 0
        /// The generation the slot was filled in: it holds a key when that is the current one.
        /// 64 bits (a slot is 16 bytes either way): the count never wraps to reuse an old one.
        var generation: UInt64 = 0
    }
    private var slots = [Slot](repeating: Slot(), count: 256)
    private var generation: UInt64 = 1
    private var count = 0

    mutating func removeAll() {
        count = 0
        generation += 1
    }

    /// True when `key` was not in the set.
    @inline(__always)
    mutating func insert(_ key: UInt64) -> Bool {
        if (count &+ 1) &* 2 > slots.count { grow() }
        let generation = generation
        var slots = slots.mutableSpan
        let i = Self.place(of: key, in: slots.span, generation: generation)
        guard slots[i].generation != generation else { return false }
        slots[i] = Slot(key: key, generation: generation)
        count &+= 1
        return true
    }

    @inline(__always)
    func contains(_ key: UInt64) -> Bool {
        let slots = slots.span
        return slots[Self.place(of: key, in: slots, generation: generation)].generation == generation
    }

    /// The slot of this generation that holds `key`, or the free one where it would go.
    @inline(__always)
    private static func place(of key: UInt64, in slots: Span<Slot>, generation: UInt64) -> Int {
        let mask = slots.count &- 1
        var i = NumberTable.slot(key, mask)
        while slots[i].generation == generation && slots[i].key != key { i = (i &+ 1) & mask }
        return i
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        count = 0
        for slot in old where slot.generation == generation { _ = insert(slot.key) }
    }
}
