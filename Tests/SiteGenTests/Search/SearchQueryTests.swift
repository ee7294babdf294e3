import Testing

@testable import CatalogueSearch

/// What a visitor types, as the words a search looks for: never the backends' syntax.
@Suite struct SearchQueryTests {
    @Test func onlyLettersAndDigitsMakeWords() {
        #expect(SearchQuery("Weather in Berlin").words == ["weather", "in", "berlin"])
        #expect(SearchQuery("\"weather* -news NEAR(x y):").words == ["weather", "news", "near", "x", "y"])
        #expect(SearchQuery("O'Brien's mp3 café 谜语").words == ["o", "brien", "s", "mp3", "café", "谜语"])
        #expect(SearchQuery("weather WEATHER weather").words == ["weather"])
    }

    @Test func punctuationAloneIsNoQuery() {
        for text in ["", "   ", "\"", "*", "-", ":", "\"\"\"", "'", "()", "&|!<->", "\\"] {
            #expect(SearchQuery(text).isEmpty, "\(text)")
        }
    }

    @Test func theBackendsGetQuotedPrefixWordsOnly() {
        let query = SearchQuery("we\"ath*er ' NEAR")
        #expect(query.fts5 == #""we" * "ath" * "er" * "near" *"#)
        #expect(query.tsquery == "'we':* & 'ath':* & 'er':* & 'near':*")
    }

    @Test func wordsPastTheLimitAreDropped() {
        let text = (1...40).map { "w\($0)" }.joined(separator: " ")
        #expect(SearchQuery(text).words.count == SearchQuery.maxWords)
        #expect(SearchQuery(text).words.first == "w1")
    }
}
