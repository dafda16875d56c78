import Testing
@testable import Store

struct StoreModuleTests {
    @Test func theModuleBuilds() {
        #expect(String(describing: StoreModule.self) == "StoreModule")
    }
}
