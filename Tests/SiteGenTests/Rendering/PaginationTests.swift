import Testing

@testable import CatalogueModel

@Suite struct PaginationTests {
    @Test func noItemsIsOneEmptyPage() {
        let p = Pagination(itemCount: 0, pageSize: 10)
        #expect(p.pageCount == 1)
        #expect(p.items(onPage: 1) == 0..<0)
        #expect(p.links(current: 1) == [.page(1)])
    }

    @Test func oneItem() {
        let p = Pagination(itemCount: 1, pageSize: 10)
        #expect(p.pageCount == 1)
        #expect(p.items(onPage: 1) == 0..<1)
        #expect(p.items(onPage: 2) == 0..<0)
    }

    @Test func exactlyOnePage() {
        let p = Pagination(itemCount: 10, pageSize: 10)
        #expect(p.pageCount == 1)
        #expect(p.items(onPage: 1) == 0..<10)
    }

    @Test func oneMoreThanAPage() {
        let p = Pagination(itemCount: 11, pageSize: 10)
        #expect(p.pageCount == 2)
        #expect(p.items(onPage: 1) == 0..<10)
        #expect(p.items(onPage: 2) == 10..<11)
        #expect(p.links(current: 2) == [.page(1), .page(2)])
    }

    @Test func everyItemIsOnExactlyOnePage() {
        for count in 0...40 {
            for size in 1...12 {
                let p = Pagination(itemCount: count, pageSize: size)
                let all = (1...p.pageCount).flatMap { Array(p.items(onPage: $0)) }
                #expect(all == Array(0..<count), "count \(count), size \(size)")
            }
        }
    }

    @Test func firstPageLivesAtTheListingsOwnPath() {
        let urls = SiteURLs()
        #expect(urls.listingPage("top-rated/", page: 1) == "top-rated/")
        #expect(urls.listingPage("top-rated/", page: 2) == "top-rated/page/2/")
        #expect(urls.listingPage("", page: 3) == "page/3/")
    }

    @Test func longPagersShowGaps() {
        let p = Pagination(itemCount: 1000, pageSize: 10)
        #expect(
            p.links(current: 50) == [
                .page(1), .gap, .page(48), .page(49), .page(50), .page(51), .page(52), .gap, .page(100),
            ])
        #expect(p.links(current: 1) == [.page(1), .page(2), .page(3), .gap, .page(100)])
        // A gap of one page shows that page instead of "…".
        #expect(
            p.links(current: 5) == [
                .page(1), .page(2), .page(3), .page(4), .page(5), .page(6), .page(7), .gap, .page(100),
            ])
    }
}
