/// Every size limit sitegen holds its input to, in one place (docs/errors.md lists them). Skill
/// files are written by the public: the limits keep a hostile or broken catalogue from
/// exhausting memory, overflowing the parsers' stacks or bloating every page, and each one is
/// reported as a problem when it is hit.
public enum InputLimits {
    /// A skill file (Markdown, JSON or SUSI `.txt`) and a template. The largest file in SUSI's
    /// public repository is 2.6 MB; this leaves room and still bounds memory. Over it, a SUSI file
    /// is skipped with a warning and any other file is an error.
    public static let skillFileBytes = 16 * 1024 * 1024
    /// All skill files of a catalogue together, so many large files cannot exhaust memory either.
    public static let catalogueBytes = 2 * 1024 * 1024 * 1024
    /// A rating file: SUSI dumps of a whole server are large.
    public static let ratingFileBytes = 256 * 1024 * 1024
    /// A line of a vote log: one vote with its review (a few KiB at most). A longer line is no
    /// vote, and a file of one endless line (a sparse file reads as NUL bytes) is refused before
    /// it is decoded.
    public static let voteLineBytes = 1024 * 1024
    /// Broken lines reported from one vote log before the rest of it is left unread.
    public static let brokenVoteLines = 20
    /// A file copied as it is (`static/`, images, theme assets): large media belong on a media
    /// host, and the limit keeps a build's memory bounded.
    public static let staticFileBytes = 256 * 1024 * 1024
    /// Nesting of YAML and JSON (lists in lists, objects in objects). Real files use fewer than
    /// ten levels; the YAML and JSON readers recurse per level and would overflow the stack.
    public static let nestingDepth = 64
    /// Values a YAML document may hold once its aliases (`*name`) are expanded: a YAML file
    /// that expands to more is an alias bomb ("billion laughs"), not a skill.
    public static let yamlValues = 100_000
    /// Name, group, author, language and model: shown on many pages, so kept short.
    public static let fieldCharacters = 200
    /// One example phrase.
    public static let exampleCharacters = 500
    /// Examples published per skill; the rest are dropped with a warning.
    public static let examplesPerSkill = 100
    /// One star count or thumbs count in a rating file.
    public static let ratingCount = 1_000_000_000_000
}
