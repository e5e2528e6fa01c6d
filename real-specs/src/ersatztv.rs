//! A tool for every operation of ErsatzTV's v1 API (OpenAPI 3.1.1), including the full-replace
//! updates and the operations that have no operationId, which are named by `METHOD /path`.
//!
//! Tool names are what a reader expects, not the operationIds' snake case: a list is `list_*`
//! (`GetFFmpegProfiles` is `list_ffmpeg_profiles`, not `get_f_fmpeg_profiles`), and FFmpeg is
//! one word. Served by `cargo run -p catalog-real-specs --bin ersatztv-mcp -- serve`.

use catalog::tool;

/// List the channels.
#[tool(
    spec = "ersatztv-v1",
    operation = "GET /api/channels",
    name = "list_channels"
)]
pub struct ListChannels {}

/// Reset channel playout.
#[tool(
    spec = "ersatztv-v1",
    operation = "POST /api/channels/{channelNumber}/playout/reset",
    name = "reset_channel_playout"
)]
pub struct ResetChannelPlayout {
    pub channel_number: String,
}

/// List the FFmpeg profiles.
#[tool(
    spec = "ersatztv-v1",
    operation = "GetFFmpegProfiles",
    name = "list_ffmpeg_profiles"
)]
pub struct GetFFmpegProfiles {}

/// Create an FFmpeg profile.
#[tool(
    spec = "ersatztv-v1",
    operation = "CreateFFmpegProfile",
    name = "create_ffmpeg_profile"
)]
pub struct CreateFFmpegProfile {
    pub name: Option<String>,
    pub thread_count: i32,
    pub hardware_acceleration: String,
    pub vaapi_display: Option<String>,
    pub vaapi_driver: String,
    pub vaapi_device: Option<String>,
    pub qsv_extra_hardware_frames: Option<i32>,
    pub resolution_id: i32,
    pub scaling_behavior: String,
    pub video_format: String,
    pub video_profile: Option<String>,
    pub video_preset: Option<String>,
    pub allow_b_frames: bool,
    pub bit_depth: String,
    pub video_bitrate: i32,
    pub video_buffer_size: i32,
    pub tonemap_algorithm: String,
    pub audio_format: String,
    pub audio_bitrate: i32,
    pub audio_buffer_size: i32,
    pub normalize_loudness_mode: String,
    pub audio_channels: i32,
    pub audio_sample_rate: i32,
    pub normalize_framerate: bool,
    pub deinterlace_video: bool,
}

/// Update an FFmpeg profile. A full replace: every field is written, so every field is an
/// argument (the tool that could not express one of them is how fields get cleared silently).
#[tool(
    spec = "ersatztv-v1",
    operation = "UpdateFFmpegProfile",
    name = "update_ffmpeg_profile"
)]
pub struct UpdateFFmpegProfile {
    /// The profile to replace.
    #[arg(param = "body.fFmpegProfileId", rename = "ffmpegProfileId")]
    pub ffmpeg_profile_id: i32,
    pub name: Option<String>,
    pub thread_count: i32,
    pub hardware_acceleration: String,
    pub vaapi_display: Option<String>,
    pub vaapi_driver: String,
    pub vaapi_device: Option<String>,
    pub qsv_extra_hardware_frames: Option<i32>,
    pub resolution_id: i32,
    pub scaling_behavior: String,
    pub video_format: String,
    pub video_profile: Option<String>,
    pub video_preset: Option<String>,
    pub allow_b_frames: bool,
    pub bit_depth: String,
    pub video_bitrate: i32,
    pub video_buffer_size: i32,
    pub tonemap_algorithm: String,
    pub audio_format: String,
    pub audio_bitrate: i32,
    pub audio_buffer_size: i32,
    pub normalize_loudness_mode: String,
    pub audio_channels: i32,
    pub audio_sample_rate: i32,
    pub normalize_framerate: bool,
    pub deinterlace_video: bool,
}

/// Delete an FFmpeg profile.
#[tool(
    spec = "ersatztv-v1",
    operation = "DeleteFFmpegProfile",
    name = "delete_ffmpeg_profile"
)]
pub struct DeleteFFmpegProfile {
    pub id: i32,
}

/// Scan library.
#[tool(
    spec = "ersatztv-v1",
    operation = "POST /api/libraries/{id}/scan",
    name = "scan_library"
)]
pub struct ScanLibrary {
    pub id: i32,
}

/// Scan show.
#[tool(
    spec = "ersatztv-v1",
    operation = "POST /api/libraries/{id}/scan-show",
    name = "scan_show"
)]
pub struct ScanShow {
    pub id: i32,
    pub show_title: Option<String>,
    pub deep_scan: Option<bool>,
}

/// Garbage collect.
#[tool(
    spec = "ersatztv-v1",
    operation = "GET /api/maintenance/gc",
    name = "garbage_collect"
)]
pub struct GarbageCollect {
    pub force: Option<bool>,
}

/// Empty trash.
#[tool(
    spec = "ersatztv-v1",
    operation = "POST /api/maintenance/empty_trash",
    name = "empty_trash"
)]
pub struct EmptyTrash {}

/// Look a resolution up by its name.
#[tool(spec = "ersatztv-v1", operation = "GetResolutionByName")]
pub struct GetResolutionByName {
    pub name: String,
}

/// Get sessions.
#[tool(
    spec = "ersatztv-v1",
    operation = "GET /api/sessions",
    name = "list_sessions"
)]
pub struct GetSessions {}

/// Stop session.
#[tool(
    spec = "ersatztv-v1",
    operation = "DELETE /api/session/{channelNumber}",
    name = "stop_session"
)]
pub struct StopSession {
    pub channel_number: String,
}

/// List the smart collections.
#[tool(
    spec = "ersatztv-v1",
    operation = "GetSmartCollections",
    name = "list_smart_collections"
)]
pub struct GetSmartCollections {}

/// Create a smart collection.
#[tool(spec = "ersatztv-v1", operation = "CreateSmartCollection")]
pub struct CreateSmartCollection {
    pub query: Option<String>,
    pub name: Option<String>,
}

/// Update a smart collection. A full replace: name and query are both written.
#[tool(spec = "ersatztv-v1", operation = "UpdateSmartCollection")]
pub struct UpdateSmartCollection {
    pub id: i32,
    pub name: Option<String>,
    pub query: Option<String>,
}

/// Delete a smart collection.
#[tool(spec = "ersatztv-v1", operation = "DeleteSmartCollection")]
pub struct DeleteSmartCollection {
    pub id: i32,
}

/// Get version.
#[tool(spec = "ersatztv-v1", operation = "GetVersion")]
pub struct GetVersion {}

/// The spec the tools are built from, under `CATALOG_SPECS_DIR`.
pub const SPEC_FILE: &str = "ersatztv-v1.json";

/// Every ErsatzTV tool, in the order `tools/list` gives them.
pub fn catalog() -> catalog::Catalog {
    catalog::Catalog::new()
        .tool::<ListChannels>()
        .tool::<ResetChannelPlayout>()
        .tool::<GetFFmpegProfiles>()
        .tool::<CreateFFmpegProfile>()
        .tool::<UpdateFFmpegProfile>()
        .tool::<DeleteFFmpegProfile>()
        .tool::<ScanLibrary>()
        .tool::<ScanShow>()
        .tool::<GarbageCollect>()
        .tool::<EmptyTrash>()
        .tool::<GetResolutionByName>()
        .tool::<GetSessions>()
        .tool::<StopSession>()
        .tool::<GetSmartCollections>()
        .tool::<CreateSmartCollection>()
        .tool::<UpdateSmartCollection>()
        .tool::<DeleteSmartCollection>()
        .tool::<GetVersion>()
}
