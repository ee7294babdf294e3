import Foundation
import Testing

@testable import CatalogueModel

/// Work handed to another thread: `valueIfDone` never waits, and gives the value once it is made.
@Suite struct BackgroundTests {
    @Test func theValueOnlyOnceItIsDone() {
        let release = DispatchSemaphore(value: 0)
        let work = Background { () -> Int in
            release.wait()
            return 42
        }
        #expect(work.valueIfDone == nil, "the work waits for the test: it cannot be done")
        release.signal()
        #expect(work.wait() == 42)
        #expect(work.valueIfDone == 42)
    }
}
