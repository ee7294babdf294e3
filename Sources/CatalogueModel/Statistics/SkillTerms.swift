/// The words a skill is about, for `RelatedSkills`: its description and examples, lowercased, cut
/// at anything that is neither a letter nor a digit. Short words, numbers and stop words (English
/// and German, and the pieces of links Markdown leaves in a description) say nothing about a topic
/// and are left out.
enum SkillTerms {
    /// Each distinct word once, in the order it first appears.
    static func of(_ skill: Skill) -> [String] {
        var seen = Set<String>()
        var terms: [String] = []
        func add(_ text: String) {
            for word in words(in: text) where seen.insert(word).inserted { terms.append(word) }
        }
        add(skill.description)
        for example in skill.examples { add(example) }
        return terms
    }

    /// Words of three letters or more, lowercased, without stop words and numbers.
    static func words(in text: String) -> [String] {
        if let words = asciiWords(in: text) { return words }
        return unicodeWords(in: text)
    }

    /// `words(in:)` of an ASCII text, read as bytes (most descriptions: this is the build's
    /// cost at 100,000 skills); nil for any other text.
    private static func asciiWords(in text: String) -> [String]? {
        var words: [String] = []
        var word: [UInt8] = []
        var letters = 0
        func finish() {
            if word.count >= 3, letters > 0 {
                let text = String(decoding: word, as: UTF8.self)
                if !stopWords.contains(text) { words.append(text) }
            }
            word.removeAll(keepingCapacity: true)
            letters = 0
        }
        for byte in text.utf8 {
            switch byte {
            case 0x41...0x5A:
                word.append(byte + 0x20)
                letters += 1
            case 0x61...0x7A:
                word.append(byte)
                letters += 1
            case 0x30...0x39: word.append(byte)
            case 0x80...: return nil
            default: finish()
            }
        }
        finish()
        return words
    }

    private static func unicodeWords(in text: String) -> [String] {
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
