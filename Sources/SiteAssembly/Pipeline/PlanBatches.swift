/// The batches a build renders, checks and writes a plan in: each takes its share of the pages
/// and its share of the files made after them (the API's files and the badges), each share in
/// plan order. Nothing after depends on the order files are written in: the link check's
/// report is sorted, and the writers claim and place paths as sets.
///
/// Those files cost little to make and much to write (an open, a write and a close for a few
/// hundred bytes each). Taken last, as the plan lists them, they made the build's last batches
/// wait on their writing while the cores that render had nothing left to do; shared out, they
/// are written beside the pages' rendering.
struct PlanBatches: Equatable {
    let pages: Int
    let files: Int
    let count: Int

    /// - Parameter size: about how many items a batch takes (at least 1); a plan with nothing
    ///   in it still has one batch, which writes the files made apart from the plan.
    init(pages: Int, files: Int, size: Int) {
        self.pages = pages
        self.files = files
        let size = max(size, 1)
        count = max(1, (pages + files + size - 1) / size)
    }

    /// The plan items of batch `batch`: its pages, then its later files (counted after the pages).
    func items(_ batch: Int) -> (pages: Range<Int>, later: Range<Int>) {
        (
            (batch * pages / count)..<((batch + 1) * pages / count),
            (pages + batch * files / count)..<(pages + (batch + 1) * files / count)
        )
    }
}
