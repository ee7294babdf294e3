import CatalogueModel
import Foundation

/// The mirror's answers written as files below `cms/`, for a static host whose rule maps SUSI's
/// query strings onto them (`deploy/nginx-susi-api.conf`; docs/susi.md says which parameters a
/// static host honours). Each file is `SusiMirror`'s answer to the request its path names, so a
/// static host and `sitegen collect` answer those requests byte for byte alike:
///
/// | file | the request |
/// |---|---|
/// | `cms/getModel.json` | `getModel.json` |
/// | `cms/getGroups/<model>.json` | `getGroups.json?model=<model>` |
/// | `cms/getAllLanguages/<model>/<group>.json` | `getAllLanguages.json?model&group` (`All` too) |
/// | `cms/getSkillMetricsData/<model>/<language>.json` | `getSkillMetricsData.json?model&language` |
/// | `cms/getSkillList/<model>/<group>/<language>/<filter>.json` | `getSkillList.json?model&group&language&applyFilter=true&filter_type=rating&filter_name=descending` with `<filter>` `all`, `reviewed`, `all-staff-picks` or `reviewed-staff-picks` |
/// | `cms/<endpoint>/<model>/<group>/<language>/<skill tag>.json` | `getSkillMetadata`, `getRatingsOverTime`, `getSkillFeedback` |
/// | `cms/getSkillsByAuthor/<author>.json` | `getSkillsByAuthor.json?author=<author>`, the skills of that author by whole name |
/// | `cms/getImage/<model>/<group>/<language>/<image>` | `getImage.png?model&language&group&image` |
/// | `cms/not-found.json` | any request no file answers |
/// | `cms/bad-request.json` | a request whose values climb out of their folder (`..`) |
///
/// Values are spelt as clients percent-encode them (`SusiFileName`).
package enum SusiMirrorFiles {
    package static let folder = SusiEndpoint.folder

    /// A static host's answer to a request no file answers: the skill, group, language, author or
    /// image it names is not in the catalogue, or the request is one only a service answers.
    static let notFound =
        "Skill does not exist, or this static mirror has no answer to the request (docs/susi.md, \"On a static host\")."

    /// `<filter>` of a skill list's file, by `reviewed` and `staff_picks`.
    package static let listFilters: [(name: String, reviewed: Bool, staffPicks: Bool)] = [
        ("all", false, false), ("reviewed", true, false), ("all-staff-picks", false, true),
        ("reviewed-staff-picks", true, true),
    ]

    /// Every file, each made from `mirror`'s answer; images are copies from `contentRoot`.
    package static func files(_ catalogue: Catalogue, contentRoot: URL) -> [OutputFile] {
        let mirror = SusiMirror(catalogue)
        var files: [OutputFile] = []
        func add(_ path: [String], _ answer: SusiAnswer, suffix: String = ".json") {
            guard let json = answer.json else { return }
            let data = Data(json)
            for spelling in spellings(path) {
                files.append(OutputFile(path: folder + spelling.joined(separator: "/") + suffix, data: data))
            }
        }
        func ask(_ endpoint: SusiEndpoint, _ values: [String: String]) -> SusiAnswer {
            mirror.answer(endpoint, SusiQuery(values: values))
        }
        files.append(OutputFile(path: folder + "getModel.json", data: Data(mirror.models().json ?? [])))
        files.append(
            OutputFile(
                path: folder + "not-found.json",
                data: Data(SusiAnswer.refusal(404, SusiMirrorFiles.notFound).json ?? [])
            ))
        files.append(
            OutputFile(
                path: folder + "bad-request.json",
                data: Data(SusiAnswer.refusal(400, "A value must not be a path with `..`.").json ?? [])))
        let entries = catalogue.entries
        let models = Set(entries.map(\.skill.model)).sorted()
        for model in models {
            add(["getGroups", model], ask(.getGroups, ["model": model]))
            let groups = ["All"] + mirror.groupNames(model: model)
            let languages = mirror.languageCodes(mirror.entries(model: model, group: "All", languages: nil))
            for language in languages {
                add(
                    ["getSkillMetricsData", model, language],
                    ask(.getSkillMetricsData, ["model": model, "language": language]))
            }
            for group in groups {
                add(["getAllLanguages", model, group], ask(.getAllLanguages, ["model": model, "group": group]))
                // Every language of the model, the group's or not: SUSI's web client asks a
                // group's list in the visitor's language, and a group without it lists nothing.
                for language in languages {
                    for filter in listFilters {
                        let query = [
                            "model": model, "group": group, "language": language, "applyFilter": "true",
                            "filter_type": "rating", "filter_name": "descending",
                            "reviewed": String(filter.reviewed), "staff_picks": String(filter.staffPicks),
                        ]
                        add(["getSkillList", model, group, language, filter.name], ask(.getSkillList, query))
                    }
                }
            }
        }
        // Each author's skills, by whole name: asking the mirror once per author would look at
        // every skill for each (`author` as part of a name is the service's).
        var byAuthor: [String: [Int]] = [:]
        for (place, entry) in entries.enumerated() {
            let skill = entry.skill
            let key = ["model": skill.model, "group": skill.group, "language": skill.language, "skill": skill.tag]
            for endpoint in [SusiEndpoint.getSkillMetadata, .getRatingsOverTime, .getSkillFeedback] {
                let name = String(endpoint.rawValue.dropLast(".json".count))
                add([name, skill.model, skill.group, skill.language, skill.tag], ask(endpoint, key))
            }
            if let author = skill.author { byAuthor[author, default: []].append(place) }
            if case .local(let path)? = skill.image, let published = JSONAPI.relativeImage(skill),
                !SusiMirror.leavesFolder(published)
            {
                for folderSpelling in spellings(["getImage", skill.model, skill.group, skill.language]) {
                    for imageSpelling in SusiFileName.pathVariants(published) {
                        files.append(
                            OutputFile(
                                path: folder + folderSpelling.joined(separator: "/") + "/" + imageSpelling,
                                copyOf: contentRoot.appendingPathComponent(path)))
                    }
                }
            }
        }
        for (author, places) in byAuthor.sorted(by: { $0.key < $1.key }) {
            add(["getSkillsByAuthor", author], mirror.authorsSkills(places))
        }
        // One file per path, as a host that ignores case compares paths (the writer refuses two):
        // two skills can be spelt alike (tags that differ in case only); the first, in the
        // catalogue's order, keeps it.
        var seen = Set<String>()
        return files.filter { seen.insert($0.path.lowercased()).inserted }
    }

    /// Each spelling of a path: the first part (the endpoint's folder) as it is, every other by
    /// `SusiFileName.variants`.
    static func spellings(_ parts: [String]) -> [[String]] {
        guard let first = parts.first else { return [] }
        var results: [[String]] = [[first]]
        for part in parts.dropFirst() {
            let variants = SusiFileName.variants(part)
            results = results.flatMap { prefix in variants.map { prefix + [$0] } }
        }
        return results
    }
}
