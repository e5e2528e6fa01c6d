//! A tool for every operation of `openapi/conformance.yaml`, named as the MCP conformance suite's
//! scenarios call them. Each is an ordinary catalog tool, checked against the spec at compile
//! time; what it answers is what the fixture API (`api.rs`) answers.

use catalog::tool;

/// Answer a simple text.
#[tool(spec = "conformance", operation = "TestSimpleText")]
pub struct TestSimpleText {}

/// Answer a PNG image.
#[tool(spec = "conformance", operation = "TestImageContent")]
pub struct TestImageContent {}

/// Answer a WAV sound.
#[tool(spec = "conformance", operation = "TestAudioContent")]
pub struct TestAudioContent {}

/// Answer a file, as an embedded resource.
#[tool(spec = "conformance", operation = "TestEmbeddedResource")]
pub struct TestEmbeddedResource {}

/// Fail: the API always answers 500.
#[tool(spec = "conformance", operation = "TestErrorHandling")]
pub struct TestErrorHandling {}

/// Ask the user to confirm, then answer.
#[tool(spec = "conformance", operation = "TestElicitation")]
pub struct TestElicitation {
    /// The message shown to the user.
    pub message: String,
}

/// Ask the user to confirm (by `input_required` on MCP 2026-07-28), then answer.
#[tool(spec = "conformance", operation = "TestInputRequiredResultElicitation")]
pub struct TestInputRequiredResultElicitation {}

/// Ask the user to confirm, then answer.
#[tool(spec = "conformance", operation = "TestStreamingElicitation")]
pub struct TestStreamingElicitation {}

/// Answer; logs nothing.
#[tool(spec = "conformance", operation = "TestLoggingTool")]
pub struct TestLoggingTool {}

/// Answer; a client that sends a progress token is told each step of the call (the request
/// sent, the API's answer, the result ready).
#[tool(spec = "conformance", operation = "TestToolWithProgress")]
pub struct TestToolWithProgress {}

/// Offer `test_toggled_tool` if it is withdrawn, else withdraw it.
#[tool(spec = "conformance", operation = "TestTriggerToolChange")]
pub struct TestTriggerToolChange {}

/// Offered or not by turns, each time `test_trigger_tool_change` is called.
#[tool(spec = "conformance", operation = "TestToggledTool")]
pub struct TestToggledTool {}

/// Every tool of the fixture spec.
pub fn catalog() -> catalog::Catalog {
    catalog::Catalog::new()
        .tool::<TestSimpleText>()
        .tool::<TestImageContent>()
        .tool::<TestAudioContent>()
        .tool::<TestEmbeddedResource>()
        .tool::<TestErrorHandling>()
        .tool::<TestElicitation>()
        .tool::<TestInputRequiredResultElicitation>()
        .tool::<TestStreamingElicitation>()
        .tool::<TestLoggingTool>()
        .tool::<TestToolWithProgress>()
        .tool::<TestTriggerToolChange>()
        .tool::<TestToggledTool>()
}

/// The tools that ask the user before their call is sent.
pub const CONFIRMED: [&str; 3] = [
    "test_elicitation",
    "test_input_required_result_elicitation",
    "test_streaming_elicitation",
];

/// The tool `test_trigger_tool_change` offers and withdraws.
pub const TOGGLED: &str = "test_toggled_tool";
