/// What the timeline needs to know about a content to swap it in at a safe place.
public protocol StripContent: AnyObject {
    var layout: CycleLayout { get }
}
