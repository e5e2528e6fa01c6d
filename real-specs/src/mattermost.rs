//! Mattermost tools: posting, reading a channel page by page, updating a channel (a PUT), and an
//! operation whose body is not an object (an array of user ids).

use catalog::tool;

/// Post a message to a channel.
#[tool(
    spec = "mattermost-v4",
    operation = "CreatePost",
    fixed(
        "query.set_online",
        value = false,
        reason = "an agent is not a person at the keyboard; posting must not mark the user online"
    ),
    omitted(
        "body.file_ids",
        reason = "uploads need the file tool first; a post made here has no attachments"
    ),
    omitted(
        "body.props",
        reason = "props carry integration payloads an agent should not forge"
    ),
    omitted(
        "body.metadata",
        reason = "metadata (embeds, emojis, priority) is computed by the server from the message"
    )
)]
pub struct CreatePost {
    /// The channel to post in.
    pub channel_id: String,
    pub message: String,
    /// The post to reply to, making this a threaded reply.
    #[arg(param = "body.root_id", rename = "reply_to")]
    pub reply_to: Option<String>,
}

/// Read a channel's posts, a page at a time.
#[tool(
    spec = "mattermost-v4",
    operation = "GetPostsForChannel",
    omitted(
        "query.include_deleted",
        reason = "deleted posts are shown only to admins; an agent must not resurface them"
    )
)]
pub struct GetPostsForChannel {
    pub channel_id: String,
    pub page: Option<i64>,
    pub per_page: Option<i64>,
    pub since: Option<i64>,
    pub before: Option<String>,
    pub after: Option<String>,
}

/// Update a channel. A PUT: every field below is written.
#[tool(spec = "mattermost-v4", operation = "UpdateChannel")]
pub struct UpdateChannel {
    #[arg(param = "path.channel_id")]
    pub channel_id: String,
    /// Must equal `channel_id`.
    #[arg(param = "body.id")]
    pub id: String,
    pub name: Option<String>,
    pub display_name: Option<String>,
    pub purpose: Option<String>,
    pub header: Option<String>,
}

/// Look users up by their ids (the request body is a JSON array of ids).
#[tool(
    spec = "mattermost-v4",
    operation = "GetUsersByIds",
    omitted(
        "query.since",
        reason = "the incremental-sync cursor is for clients that keep a user cache; an agent asks fresh"
    )
)]
pub struct GetUsersByIds {
    #[arg(param = "body", rename = "user_ids")]
    pub user_ids: Vec<String>,
}
