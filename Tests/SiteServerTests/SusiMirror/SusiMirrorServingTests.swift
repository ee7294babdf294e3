import ContentLoading
import Foundation
import SiteAssembly
import Testing
import VoteStore

@testable import SiteServer

/// The mirror as a deployed site serves it: the static files answer byte for byte what the
/// service answers, votes reach the answers, and only the read API allows other origins.
@Suite struct SusiMirrorServingTests {
    /// Requests whose answer a static host gives as the service does (docs/susi.md, "On a static
    /// host"): not another order than the default; not usage, which it answers without the skill;
    /// not a list without `applyFilter`, which it answers with `filteredData` too.
    static let staticRequests = SusiClientRequest.all.filter {
        !$0.path.contains("filter_type=lexicographical") && !$0.path.contains("Usage.json") && $0.status == 200
            && !($0.path.contains("getSkillList") && !$0.path.contains("applyFilter=true"))
    }

    @Test(.enabled("needs nginx (see the note printed above)") { NginxServer.available() })
    func nginxAnswersWhatServeAnswers() async throws {
        var served: [String: String] = [:]
        try await SusiClientContractTests.withBackend(.serve) { port in
            for request in Self.staticRequests {
                served[request.wirePath] = try await RawHTTP.get(request.wirePath, port: port).body
            }
        }
        try await SusiClientContractTests.withBackend(.nginx) { port in
            for request in Self.staticRequests {
                let body = try await RawHTTP.get(request.wirePath, port: port).body
                #expect(body == served[request.wirePath], "\(request) GET \(request.wirePath)")
            }
        }
        #expect(served.count == Self.staticRequests.count && served.count > 10)
    }

    @Test func aVoteToCollectReachesTheAnswers() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-susi-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try SusiFixture.write(to: root.appendingPathComponent("Content"))
        let database = VoteDatabase.sqlite(
            path: root.appendingPathComponent("votes.sqlite").path, display: "votes.sqlite")
        let service = try await CollectTestService.start(root: root, database: database) {
            $0.rebuildsPages = true
            $0.rateLimit = nil
        }
        try await service.running { service in
            let path =
                "/cms/getSkillMetadata.json?model=general&group=Games,%20Trivia%20and%20Accessories&language=en&skill=quiz-%F0%9F%8E%B2"
            func total() async throws -> Int? {
                let body = try await RawHTTP.get(path, port: service.port).body
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                return try decoder.decode(Metadata.self, from: Data(body.utf8)).skillMetadata.skillRating.stars
                    .totalStar
            }
            #expect(try await total() == 1)
            let vote = try await service.vote("skill=games%2Fquiz-%F0%9F%8E%B2&stars=5")
            #expect(vote.status == 303, "\(vote.body)")
            var counted = false
            for _ in 0..<100 where !counted {
                try await Task.sleep(for: .milliseconds(100))
                counted = try await total() == 2
            }
            #expect(counted, "\(service.lines.all.joined(separator: "\n"))")
        }
    }

    /// The read API allows any origin; the vote endpoint never does, nor answers a preflight.
    @Test(arguments: [SusiClientContractTests.Backend.serve, .collect])
    func corsIsForTheReadAPIOnly(_ backend: SusiClientContractTests.Backend) async throws {
        try await SusiClientContractTests.withBackend(backend) { port in
            let preflight =
                "OPTIONS /cms/getSkillList.json HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://susi.ai\r\n"
                + "Access-Control-Request-Method: GET\r\nConnection: close\r\n\r\n"
            let answer = try await RawHTTP.send(preflight, port: port)
            #expect(answer.status == 204 && answer.header("Access-Control-Allow-Origin") == "*")
            #expect(answer.header("Access-Control-Allow-Methods") == "GET, HEAD, OPTIONS")
            let post = try await RawHTTP.post("/cms/getSkillList.json", body: "group=All", port: port)
            #expect(post.status == 405)
            let votePreflight = preflight.replacingOccurrences(of: "/cms/getSkillList.json", with: "/api/ratings")
            let refused = try await RawHTTP.send(votePreflight, port: port)
            #expect(refused.header("Access-Control-Allow-Origin") == nil, "\(refused.status)")
            let vote = try await RawHTTP.post(
                "/api/ratings", body: "skill=food-and-drink%2Ftea-timer&stars=5", port: port,
                headers: ["Origin: https://evil.example"])
            #expect(vote.header("Access-Control-Allow-Origin") == nil && vote.status != 303, "\(vote.status)")
        }
    }

    /// What the build writes: the warning for an author's address, no address anywhere in the
    /// site, each list in every language of the model (a group without it lists nothing), both
    /// spellings of a group with a comma, and SUSI's note only beside ratings that are SUSI's.
    @Test func theBuildWritesTheMirrorAndNoAddress() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-susi-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let content = root.appendingPathComponent("Content")
        try SusiFixture.write(
            to: content,
            siteYAML: SusiFixture.siteYAML.replacingOccurrences(
                of: "rating_form:\n  endpoint: /api/ratings\n", with: "rating_form:\n  preset: susi\n"))
        try Data("---\nname: Mailer\ngroup: News\nauthor: someone@example.org\n---\nMail.\n".utf8).write(
            to: content.appendingPathComponent("skills/news/mailer.md"))
        // SUSI's own store counts Nachrichten; the catalogue's files count Tea Timer.
        try FileManager.default.createDirectory(
            at: content.appendingPathComponent("ratings/susi"), withIntermediateDirectories: true)
        try Data(
            #"{"general": {"News": {"de": {"nachrichten": {"negative": "0", "positive": "1", "stars": {"one_star": 0, "two_star": 0, "three_star": 0, "four_star": 2, "five_star": 1}}}}}}"#
                .utf8
        ).write(to: content.appendingPathComponent("ratings/susi/skillRating.json"))
        let output = root.appendingPathComponent("Public")
        let report = try SiteBuilder.build(
            BuildOptions(
                content: ContentLocation(root: content, display: "Content"), templates: nil, output: output,
                outputDisplay: "Public"))
        #expect(
            report.warnings.map(\.description).contains(
                "Content/skills/news/mailer.md:1: warning: `author` looks like an e-mail address, which is never published; the skill shows no author"
            ), "\(report.warnings.map(\.description))")
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: output.path)
        while let path = enumerator?.nextObject() as? String { files.append(path) }
        for path in files where !path.hasSuffix(".png") {
            let text = (try? String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)) ?? ""
            for address in SusiFixture.addresses + ["someone@example.org"] {
                #expect(!text.contains(address), "\(path) shows \(address)")
            }
        }
        for path in [
            "cms/getSkillList/general/News/en/reviewed.json", "cms/getSkillList/general/News/de/all.json",
            "cms/getSkillList/general/Games,%20Trivia%20and%20Accessories/en/all.json",
            "cms/getSkillList/general/Games%2C%20Trivia%20and%20Accessories/en/all.json",
            "cms/getImage/general/Knowledge/en/images/capitals.png", "cms/not-found.json",
        ] {
            #expect(files.contains(path), "\(path)")
        }
        let counted = try String(
            contentsOf: output.appendingPathComponent("skills/news/nachrichten/index.html"), encoding: .utf8)
        #expect(counted.contains("SUSI.AI counts the ratings") || counted.contains("SUSI.AI zählt die Bewertungen"))
        let page = try String(
            contentsOf: output.appendingPathComponent("skills/food-and-drink/tea-timer/index.html"), encoding: .utf8)
        #expect(page.contains("Rate Tea Timer on SUSI.AI") && !page.contains("SUSI.AI counts the ratings"))
        let persona = try String(
            contentsOf: output.appendingPathComponent("skills/persona/small-talk/index.html"), encoding: .utf8)
        #expect(!persona.contains("on SUSI.AI</a>") && !persona.contains("class=\"rating-form\""))
    }

    /// Without `susi_api`, nothing of SUSI's API is written or answered.
    @Test func withoutSusiAPINothingIsMirrored() async throws {
        let yaml = SusiFixture.siteYAML.replacingOccurrences(of: "susi_api: true\n", with: "")
        try await SusiClientContractTests.withBackend(.serve, siteYAML: yaml) { port in
            let answer = try await RawHTTP.get("/cms/getGroups.json?", port: port)
            #expect(answer.status == 404 && answer.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(answer.header("Access-Control-Allow-Origin") == nil)
        }
    }

    /// Values that try to leave `cms/` (or name what no answer holds) get SUSI's JSON refusal,
    /// never another file of the site, from every backend.
    static let hostile = [
        "/cms/getImage.png?model=general&language=en&group=Knowledge&image=images/../../../../404.html",
        "/cms/getImage.png?model=general&language=en&group=Knowledge&image=../../../../../../etc/passwd",
        "/cms/getImage.png?model=general&language=en&group=Knowledge&image=/etc/passwd",
        "/cms/getImage.png?model=general&language=en&group=Knowledge&image=%2E%2E/%2E%2E/404.html",
        "/cms/getImage.png?model=general&language=en&group=Knowledge&image=images/capitals.png%3Fx",
        "/cms/getSkillMetadata.json?model=general&group=Knowledge&language=en&skill=..",
        "/cms/getSkillMetadata.json?model=..&group=..&language=..&skill=index",
        "/cms/getSkillMetadata.json?model=a/../..&group=Knowledge&language=en&skill=World%20Capitals",
        "/cms/getSkillList.json?model=../../..&group=All&language=en",
        "/cms/getSkillsByAuthor.json?author=../../404",
        "/cms/getGroups.json?model=%00",
    ]

    @Test(arguments: [SusiClientContractTests.Backend.serve, .collect])
    func hostileValuesGetARefusal(_ backend: SusiClientContractTests.Backend) async throws {
        try await checkHostile(backend)
    }

    @Test(.enabled("needs nginx (see the note printed above)") { NginxServer.available() })
    func hostileValuesGetARefusalFromNginx() async throws {
        try await checkHostile(.nginx)
    }

    private func checkHostile(_ backend: SusiClientContractTests.Backend) async throws {
        try await SusiClientContractTests.withBackend(backend) { port in
            for path in Self.hostile {
                let answer = try await RawHTTP.get(path, port: port)
                let context =
                    "\(backend) \(path): \(answer.status) \(answer.header("Content-Type") ?? "") \(answer.body.prefix(200))"
                // A service looks nothing up by path: an unknown model or author is an empty list, as
                // SUSI answers it. A static host has no file for these, and must not find another.
                let statuses = backend == .nginx ? [400, 404] : [200, 400, 404]
                #expect(statuses.contains(answer.status), "\(context)")
                #expect(answer.header("Content-Type")?.hasPrefix("application/json") == true, "\(context)")
                #expect(answer.body.hasPrefix("{\"accepted\":") || answer.body.hasPrefix("{\"skill"), "\(context)")
                #expect(!answer.body.contains("<html") && !answer.body.contains("root:"), "\(context)")
            }
        }
    }

    private struct Metadata: Decodable {
        struct Skill: Decodable {
            struct Rating: Decodable {
                struct Stars: Decodable { let totalStar: Int }
                let stars: Stars
            }
            let skillRating: Rating
        }
        let skillMetadata: Skill
    }
}
