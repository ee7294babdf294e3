import Foundation
import Testing

@testable import Parallel

/// Work handed to another thread: `valueIfDone` never waits, and gives the value once it is made.
@Suite struct BackgroundTests {
    /// More Backgrounds than Dispatch has workers: it sizes its pool by the CPUs online, which a
    /// container's quota (`Cores.active`) may make far more than the cores it runs on.
    static let moreThanWorkers = 4 * max(Cores.active, sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1)

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

    /// Work that no worker has started (every one is busy) is run by the thread that waits for
    /// it, instead of that thread waiting for a worker to be free.
    @Test func theWaiterRunsWorkNoWorkerStarted() {
        let gate = SharedWorkTests.Latch()
        // More than Dispatch's workers, each held until the gate opens (or gives up after 5 s).
        let holders = (0..<BackgroundTests.moreThanWorkers).map { _ in
            Background { () -> Int in
                gate.wait()
                return 1
            }
        }
        let work = Background { 42 }
        #expect(work.wait() == 42)
        #expect(!gate.timedOut, "the wait lasted until the busy workers gave up")
        gate.open()
        #expect(holders.map { $0.wait() }.reduce(0, +) == holders.count)
    }

    /// Work a waiter ran is let go of with its `Background`, though Dispatch's block for it is
    /// still queued (every worker busy): a build's catalogue was kept alive so.
    @Test func workAWaiterRanIsNotKeptByItsQueuedBlock() {
        final class Token: Sendable {}
        let gate = SharedWorkTests.Latch()
        let holders = (0..<BackgroundTests.moreThanWorkers).map { _ in
            Background { () -> Int in
                gate.wait()
                return 1
            }
        }
        weak var held: Token?
        do {
            let token = Token()
            held = token
            let work = Background { [token] in ObjectIdentifier(token) }
            #expect(work.wait() == ObjectIdentifier(token))
        }
        #expect(held == nil, "the queued block kept the work")
        gate.open()
        #expect(holders.map { $0.wait() }.reduce(0, +) == holders.count)
    }
}

/// A `Background(sharing: true)`'s parallel steps are shared with the thread that waits for it.
@Suite struct SharedWorkTests {
    /// Opens once; waits give up after a while (then every later wait passes), so that a waiter
    /// that does not help fails the test instead of hanging it.
    final class Latch: @unchecked Sendable {
        private let condition = NSCondition()
        private var isOpen = false
        private var gaveUp = false

        /// Whether a wait gave up.
        var timedOut: Bool {
            condition.lock()
            defer { condition.unlock() }
            return gaveUp
        }

        func open() {
            condition.lock()
            isOpen = true
            condition.broadcast()
            condition.unlock()
        }

        func wait() {
            condition.lock()
            let deadline = Date(timeIntervalSinceNow: 5)
            while !isOpen && !gaveUp {
                if !condition.wait(until: deadline) { gaveUp = true }
            }
            condition.unlock()
        }
    }

    /// Every piece run on another thread waits until the waiting thread has run one: the step
    /// ends only because the waiter takes pieces instead of blocking.
    @Test func theWaitingThreadRunsPiecesOfTheWork() {
        let latch = Latch()
        let waiter = Thread.current
        nonisolated(unsafe) let waiterThread = waiter
        let started = DispatchSemaphore(value: 0)
        let work = Background(sharing: true) { () -> [Int] in
            started.signal()
            return (0..<64).parallelMap { i in
                if Thread.current == waiterThread { latch.open() } else { latch.wait() }
                return i * i
            }
        }
        // Started by a worker, so that the waiter helps rather than runs the work itself.
        started.wait()
        #expect(work.wait() == (0..<64).map { $0 * $0 })
        #expect(!latch.timedOut, "the waiting thread ran no piece")
    }

    /// Whoever runs the pieces, each runs once and the results stand in order: work of several
    /// steps (one with a single piece, one nested in a piece), waited for from several threads.
    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func sharedStepsGiveWhatPlainStepsGive(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let sizes = (0..<3).map { _ in Int(random.below(3_000)) + 1 }
        let expected = sizes.map { size in (0..<size).map { $0 &* 31 &+ size } }
        let work = Background(sharing: true) { () -> [[Int]] in
            sizes.map { size in
                (0..<size).parallelMap { i in
                    // A nested step, inside a piece: shared or plain, as the thread running it is.
                    i % 997 == 0 ? (0..<8).parallelMap { $0 }.reduce(i &* 31 &+ size) { a, _ in a } : i &* 31 &+ size
                }
            }
        }
        let others = (0..<3).map { _ in Background { work.wait() } }
        #expect(work.wait() == expected)
        #expect(others.allSatisfy { $0.wait() == expected })
    }

    /// Work with no parallel step, and work done before anyone waits: the wait returns its value.
    @Test func workWithoutStepsIsWaitedForAsBefore() {
        let quick = Background(sharing: true) { 7 }
        Thread.sleep(forTimeInterval: 0.01)
        #expect(quick.wait() == 7)
        let release = DispatchSemaphore(value: 0)
        let slow = Background(sharing: true) { () -> Int in
            release.wait()
            return 8
        }
        release.signal()
        #expect(slow.wait() == 8)
    }
}
