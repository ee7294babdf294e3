import CatalogueModel

/// A plan's jobs as they are made, each with its place in the whole plan's order. A plan made for
/// a kept build's changed skills leaves the other skills' jobs out (`skip`), and the kept build
/// finds what each made job replaces by its place.
package struct PlacedJobs<Job: Sendable>: Sendable {
    package private(set) var jobs: [Job] = []
    package private(set) var places: [Int] = []
    /// Places so far, made or skipped.
    package private(set) var count = 0

    mutating func append(_ job: Job) {
        jobs.append(job)
        places.append(count)
        count += 1
    }

    mutating func append(contentsOf more: [Job]) {
        for job in more { append(job) }
    }

    /// Jobs at the following places, made after all: those after `self`'s.
    mutating func append(_ more: PlacedJobs<Job>) {
        jobs += more.jobs
        places += more.places.map { $0 + count }
        count += more.count
    }

    /// A job left out: its place is kept by the one the last plan had there.
    mutating func skip() { count += 1 }

    /// The job `make` makes for `entry`, or its place skipped when `only` leaves the entry out.
    mutating func append(for entry: Catalogue.Entry, only: Set<ObjectIdentifier>?, _ make: () -> Job) {
        if let only, !only.contains(ObjectIdentifier(entry)) {
            skip()
        } else {
            append(make())
        }
    }
}
