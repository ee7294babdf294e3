import CatalogueModel
import Foundation

/// What `sitegen init` writes: a small catalogue that builds at once, with every site.yml key
/// written out and explained, so a new user edits instead of guessing (as `hugo new site` and
/// `zola init` do).
public enum StarterCatalogue {
    /// Paths relative to the new catalogue's folder, and their text.
    public static let files: [(path: String, text: String)] = [
        (
            ".gitignore",
            "# sitegen build writes the site here; it is made again from Content/ on every build.\nPublic/\n"
        ),
        ("Content/site.yml", siteYAML),
        (
            "Content/skills/tools/unit-converter.md",
            """
            ---
            name: Unit Converter
            group: Tools
            language: en
            author: Your Name
            examples:
              - how many feet is 3 metres
              - convert 20 degrees celsius to fahrenheit
            created: 2026-01-15
            ---
            Converts lengths, weights and temperatures. This is the skill's **description**, written in
            Markdown: the first paragraph is the summary on cards and in search results.

            """
        ),
        (
            "Content/skills/fun/coin-flip.json",
            """
            {
              "skill_name": "Coin Flip",
              "group": "Fun",
              "language": "en",
              "author": "Your Name",
              "descriptions": "Flips a coin for you: heads or tails. A skill can also be JSON, in the shape the SUSI.AI skills CMS serves.",
              "examples": ["flip a coin", "heads or tails"],
              "creationTime": "2026-02-01T00:00:00Z"
            }

            """
        ),
        (
            "Content/ratings/votes.jsonl",
            """
            {"skill":"tools/unit-converter","stars":5,"user":"ana","timestamp":"2026-02-03T09:12:00Z"}
            {"skill":"tools/unit-converter","stars":4,"user":"ben","timestamp":"2026-02-04T17:40:00Z"}
            {"skill":"fun/coin-flip","stars":3,"user":"ana","timestamp":"2026-02-05T08:01:00Z"}

            """
        ),
    ]

    static let siteYAML = """
        # The catalogue's settings. Every key is optional; the values shown are examples or defaults.
        title: My Skill Catalogue
        description: Skills for my assistant, by group, with their ratings.
        # Where the site will live: feeds, the sitemap and canonical links need a host.
        base_url: https://skills.example.org/
        language: en                  # the pages' language (lang="en")

        # How averages are drawn: star rows.
        stars:
          count: 5                    # symbols per row
          granularity: 0.5            # steps a row is drawn in (0.5: half symbols)
          size: 16                    # pixels
          spacing: 2
          symbol: star                # star, circle, heart, or custom (with path and view_box)

        page_size: 24                 # skills per page of a listing
        home_cards: 6                 # skills per group on the home page
        group_order: rating           # a group page's order: rating, votes, name or newest
        ranking:
          prior_votes: 10             # how many votes a skill needs before its own average counts

        # The rating form on every skill page. `sitegen serve` takes its votes while you preview;
        # `sitegen collect` takes them on a deployed site. Remove the section for no form.
        rating_form:
          endpoint: /api/ratings
          method: post

        # Optional:
        # try_url: "https://chat.example.org/?q={example}"   # example phrases link here
        # search:
        #   endpoint: /search         # a search form in every header (answered by serve or collect)
        # ratings:
        #   database: votes.sqlite    # also count the votes sitegen collect stored
        # susi_api: true              # SUSI's own apps browse the catalogue (its API below cms/)
        # rich_results:               # what search engines are told: free by default
        #   operating_system: "Android, iOS"

        """

    /// Writes the starter into `folder` (made when missing).
    /// - Throws: when `folder` holds anything: a catalogue is never written over someone's files.
    public static func write(into folder: URL, display: String) throws(BuildFailure) {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: folder.path), !existing.isEmpty {
            let shown = existing.sorted().prefix(5).joined(separator: ", ") + (existing.count > 5 ? ", …" : "")
            throw BuildFailure([
                .error(
                    display,
                    "is not empty (it holds \(shown)); `sitegen init` writes only into an empty or new folder: "
                        + "name a new one (sitegen init my-catalogue)")
            ])
        }
        do {
            for file in files {
                let url = folder.appendingPathComponent(file.path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url, options: .withoutOverwriting)
            }
        } catch {
            throw BuildFailure([.error(display, "cannot write the new catalogue: \(error.localizedDescription)")])
        }
    }
}
