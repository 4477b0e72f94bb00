"""The station's own device protocol (docs/protocol.md): frame codec, message catalogue,
fault codes and device states, USB ids, and the reliable channel.

Pure Python with no serial or USB library, so drivers and simulators import the same
module from both ends of the wire, and the engine's device policy names the same fault
codes the wire carries.
"""
