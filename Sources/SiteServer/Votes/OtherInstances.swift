import VoteStore

/// Votes that other `collect` instances store in the same PostgreSQL database, rebuilt into this
/// instance's pages on the schedule of its own: a vote heard during a rebuild waits for the next
/// one, and any number heard meanwhile share it. After the database was away, one rebuild reads
/// every vote, so none stored meanwhile is missing from the pages.
enum OtherInstances {
    static func follow(
        _ store: any VoteStore, rebuilding rebuilder: SiteRebuilder, say: @escaping @Sendable (String) -> Void
    )
        async
    {
        let (doorbell, ring) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(1))
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await reason in doorbell { await rebuilder.rebuild(because: reason) }
            }
            await store.followOtherWriters { heard in
                switch heard {
                case .voted(let skill):
                    // An instance deployed with other content (mid-deploy, or not this catalogue)
                    // may vote for a skill these pages do not show.
                    if let site = await rebuilder.site, site.page(ofSkill: skill) == nil { return }
                    ring.yield("vote for \(skill) at another instance")
                case .listening(afterLoss: true):
                    say("note: hearing other instances' votes again; the pages count every vote stored meanwhile")
                    ring.yield("listening again for other instances' votes")
                case .lost:
                    say(
                        "warning: not hearing other instances' votes: the database is away; listening again when it is back"
                    )
                case .listening(afterLoss: false):
                    ring.yield("listening for other instances' votes")
                }
            }
            ring.finish()
        }
    }
}
