extension DetailState {
    /// Drops the laid-out document, so the next frame lays it out again (comments shown or hidden).
    public mutating func invalidateLayout() {
        guard case .loaded(let detail, _, _) = phase else { return }
        phase = .loaded(detail, layout: nil, width: 0)
    }
}
