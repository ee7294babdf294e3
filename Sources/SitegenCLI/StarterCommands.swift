import ArgumentParser
import CatalogueModel
import Foundation
import SiteAssembly

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start a catalogue of your own in DIR: settings, two skills, a ratings file.",
        discussion: "DIR must be empty or new. It then builds at once: cd into it and run `sitegen build`."
    )

    @Argument(help: ArgumentHelp("Folder for the new catalogue (made when missing).", valueName: "dir"))
    var folder = "."

    func run() throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let url = URL(fileURLWithPath: folder, relativeTo: cwd).standardizedFileURL
        do {
            try StarterCatalogue.write(into: url, display: folder)
        } catch {
            throw Report.fail(error, verb: "init")
        }
        let files = StarterCatalogue.files.count
        print("Wrote a new catalogue to \(folder)/: site.yml, 2 skills in 2 groups, a ratings file (\(files) files)")
        print("Next:")
        if folder != "." { print("  cd \(folder)") }
        print("  sitegen serve                    # build it and preview at http://127.0.0.1:8000/")
        print("  sitegen new skill tools/my-skill # add a skill")
    }
}

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add content to a catalogue.",
        subcommands: [NewSkillCommand.self]
    )
}

struct NewSkillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skill",
        abstract: "Write CONTENT/skills/GROUP/NAME.md with the front matter a skill takes.",
        discussion: "Never overwrites a file."
    )

    @Argument(
        help: ArgumentHelp(
            "The skill's id: its group's folder and its name, in lowercase letters, digits and hyphens.",
            valueName: "group/name"))
    var id: String

    @Option(name: .long, help: ArgumentHelp("Folder holding skills/ and site.yml.", valueName: "dir"))
    var content = "Content"

    func run() throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let url = URL(fileURLWithPath: content, relativeTo: cwd).standardizedFileURL
        do {
            let path = try NewSkill.create(id, content: url, contentDisplay: content)
            print("Wrote \(path): edit its name, description and examples; `sitegen serve` shows it at once")
        } catch {
            throw Report.fail(error, verb: "new skill")
        }
    }
}
