@testable import DisplayTestSupport
/// What sway says about its outputs and workspaces (swaymsg's JSON), in the forms tests compare.
extension HeadlessSway {
    /// The top (y) of the workspace on each output, by output name: the height a bar reserves.
    func workspaceTops() throws -> [String: Int] {
        guard let workspaces = try query("get_workspaces") as? [[String: Any]] else { throw HarnessError("get_workspaces is not a list") }
        var tops: [String: Int] = [:]
        for workspace in workspaces {
            guard let output = workspace["output"] as? String, let rect = workspace["rect"] as? [String: Any],
                  let y = rect["y"] as? Int else { continue }
            tops[output] = y
        }
        return tops
    }

    /// The names of the outputs sway has now.
    func outputNames() throws -> [String] {
        guard let outputs = try query("get_outputs") as? [[String: Any]] else { throw HarnessError("get_outputs is not a list") }
        return outputs.compactMap { $0["name"] as? String }
    }
}
