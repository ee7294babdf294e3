import Foundation
import Testing

/// While `serve` rebuilds, the pages it serves are always there and whole: the new output takes
/// the old one's place in one atomic exchange (hardening issue, part 3).
@Suite struct ServeDuringRebuildsTests {
    @Test func everyAnswerDuringFiftyRebuildsIsCompleteAnd200() async throws {
        try await TestServer.run { server in
            let reader = Task { () -> (answers: Int, problems: [String]) in
                var answers = 0
                var problems: [String] = []
                while !Task.isCancelled {
                    for path in ["/", "/skills/news/headline-finder/"] {
                        do {
                            let page = try await server.get(path)
                            answers += 1
                            let length = page.header("Content-Length").flatMap(Int.init)
                            if page.status != 200 || length != page.body.utf8.count
                                || !page.body.trimmingCharacters(in: .newlines).hasSuffix("</html>")
                            {
                                problems.append(
                                    "\(path): \(page.status), \(page.body.utf8.count) of \(length ?? -1) bytes, ending \(page.body.suffix(40).debugDescription)"
                                )
                            }
                        } catch is CancellationError {
                            break
                        } catch {
                            problems.append("\(path): \(error)")
                        }
                    }
                }
                return (answers, problems)
            }
            // Each vote is appended, then the site is rebuilt before the 303 comes back.
            for _ in 0..<50 {
                let answer = try await server.vote("skill=games%2Fdice-roller&stars=4")
                #expect(answer.status == 303)
            }
            reader.cancel()
            let (answers, problems) = await reader.value
            #expect(answers > 50)
            #expect(problems.prefix(10) == [])
            let count = try await server.ratingCount("/skills/games/dice-roller/")
            #expect(count == "50 ratings")
        }
    }
}
