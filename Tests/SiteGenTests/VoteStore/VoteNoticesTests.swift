import Foundation
import Testing

@testable import VoteStore

/// The notice a vote sends to the other instances: who stored it, and for which skill.
@Suite struct VoteNoticesTests {
    let mine = UUID().uuidString
    let theirs = UUID().uuidString

    @Test func anotherStoresNoticeNamesTheSkill() {
        for skill in ["news/a", "food and drink/tea timer", "<script>/é 🍵", ""] {
            let payload = VoteNotices.payload(store: theirs, skill: skill)
            #expect(VoteNotices.skill(in: payload, from: mine) == skill)
        }
    }

    @Test func aStoreDoesNotHearItsOwnNorAStrangersNotices() {
        #expect(VoteNotices.skill(in: VoteNotices.payload(store: mine, skill: "news/a"), from: mine) == nil)
        #expect(VoteNotices.skill(in: "news/a", from: mine) == nil)
        #expect(VoteNotices.skill(in: "someone news/a", from: mine) == nil)
        #expect(VoteNotices.skill(in: "", from: mine) == nil)
    }
}
