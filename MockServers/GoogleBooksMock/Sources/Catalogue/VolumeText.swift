/// The text of a volume that its rendering derives, prepared once per catalogue rather than
/// per answer: the slug of its title, its plain description and its top-level categories.
struct VolumeText: Sendable {
    /// ``VolumeRendering/slug(_:)`` of the title.
    let slug: String
    /// ``MockVolume/plainDescription``.
    let plainDescription: String?
    /// ``MockVolume/topCategories``.
    let topCategories: [String]

    init(_ volume: MockVolume) {
        slug = VolumeRendering.slug(volume.title)
        plainDescription = volume.plainDescription
        topCategories = volume.topCategories
    }
}
