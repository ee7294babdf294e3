import Foundation
import SiteGenTesting

/// A catalogue as odd as SUSI's own repository, mirrored with `susi_api: true`: a SUSI `.txt`
/// skill with a space in its file name, CRLF lines and an author's e-mail address; a group with a
/// comma; a skill name with markup and an emoji, and an emoji in a file name; a German skill; a
/// skill of another model (`persona`); an unreviewed skill; a featured one (a staff pick); dated
/// votes over two months; written reviews whose voters are e-mail addresses. Written into `content`.
enum SusiFixture {
    static let siteYAML = """
        base_url: https://example.org/
        rating_form:
          endpoint: /api/ratings
        search:
          endpoint: /search
        susi_api: true
        featured:
          - food-and-drink/tea-timer

        """

    /// The e-mail addresses the content holds; no answer may show one.
    static let addresses = ["secret-author@example.org", "ana@example.org", "reviewer@example.org"]

    static let files: [String: String] = [
        "skills/food-and-drink/tea-timer.md": """
        ---
        name: Tea Timer
        group: Food and Drink
        author: Ana Costa
        author_email: ana@example.org
        image: images/tea.png
        examples: [start a tea timer, green tea timer]
        ---
        Steeps **tea** right.

        """,
        "skills/games/quiz-🎲.md": """
        ---
        name: Quiz <script>alert(1)</script> 🎲
        group: Games, Trivia and Accessories
        author: Bo "Quiz" Berg
        examples: [start a quiz]
        ---
        Questions & answers.

        """,
        "skills/knowledge/draft.md": """
        ---
        name: Draft Skill
        group: Knowledge
        reviewed: false
        ---
        Not reviewed yet.

        """,
        "skills/news/nachrichten.md": """
        ---
        name: Nachrichten
        group: News
        language: de
        author: Ana Costa
        ---
        Die Nachrichten.

        """,
        "skills/persona/small-talk.md": """
        ---
        name: Small Talk
        group: Small Talk
        model: persona
        ---
        Chats.

        """,
        "skills/susi_skill_data/models/general/Knowledge/en/World Capitals.txt":
            "::name World Capitals\r\n::author SUSI Team\r\n::author_email secret-author@example.org\r\n"
            + "::description The capital of any country.\r\n::image images/capitals.png\r\n\r\n"
            + "capital of *\r\n!example:capital of Peru\r\nThe capital is $1$.\r\n",
        "ratings/counts.json": """
        {"susi_skill_data/models/general/Knowledge/en/World Capitals": {"one_star": 1, "two_star": 0, "three_star": 2, "four_star": 4, "five_star": 5}}

        """,
        "ratings/votes.jsonl": """
        {"skill":"food-and-drink/tea-timer","stars":5,"user":"reviewer@example.org","timestamp":"2024-01-16T10:00:00Z","name":"Mara","comment":"Perfect <b>green</b> tea."}
        {"skill":"food-and-drink/tea-timer","stars":3,"user":"u2","timestamp":"2024-01-20T10:00:00Z"}
        {"skill":"food-and-drink/tea-timer","stars":4,"user":"u3","timestamp":"2024-02-05T08:30:00Z","comment":"Good, no name given."}
        {"skill":"games/quiz-🎲","stars":2,"user":"u4","timestamp":"2024-03-01T12:00:00Z"}

        """,
    ]

    /// The images' bytes: a real PNG, since a build refuses what is not an image.
    static let png = SmallImage.png
    static let images = [
        "images/tea.png", "skills/susi_skill_data/models/general/Knowledge/en/images/capitals.png",
    ]

    static func write(to content: URL, siteYAML: String = siteYAML) throws {
        for (path, text) in files {
            try write(Data(text.utf8), to: content.appendingPathComponent(path))
        }
        for path in images { try write(png, to: content.appendingPathComponent(path)) }
        try write(Data(siteYAML.utf8), to: content.appendingPathComponent("site.yml"))
    }

    private static func write(_ data: Data, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }
}
