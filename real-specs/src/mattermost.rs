//! Mattermost v4: posts, channels, users, teams, files and reactions, each tool one operation,
//! and four composite tools that call several (docs/composite-tools.md).
//!
//! Served by `cargo run -p catalog-real-specs --bin mattermost-mcp -- serve` (see
//! `docs/tool-sets.md`).

use catalog::{Api, CompositeOutput, File, ToolError, property_schema, tool};
use serde_json::{Value, json};

/// The spec the tools are built from, under `CATALOG_SPECS_DIR`.
pub const SPEC_FILE: &str = "mattermost-v4.json";

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
    effects(
        read_only = true,
        reason = "the lookup is a POST only to carry the ids in a body; it changes nothing, so it is served while writes are off"
    ),
    omitted(
        "query.since",
        reason = "the incremental-sync cursor is for clients that keep a user cache; an agent asks fresh"
    )
)]
pub struct GetUsersByIds {
    #[arg(param = "body", rename = "user_ids")]
    pub user_ids: Vec<String>,
}

/// Read one post.
#[tool(
    spec = "mattermost-v4",
    operation = "GetPost",
    omitted(
        "query.include_deleted",
        reason = "deleted posts are shown only to admins; an agent must not resurface them"
    )
)]
pub struct GetPost {
    pub post_id: String,
}

/// Read a thread: the root post and its replies.
#[tool(
    spec = "mattermost-v4",
    operation = "GetPostThread",
    omitted(
        "query.skipFetchThreads",
        reason = "thread-follow state is the web client's; an agent reads the posts, not who follows them"
    ),
    omitted(
        "query.collapsedThreads",
        reason = "collapsed-thread flags shape the web client's view; an agent reads the posts themselves"
    ),
    omitted(
        "query.collapsedThreadsExtended",
        reason = "collapsed-thread flags shape the web client's view; an agent reads the posts themselves"
    )
)]
pub struct GetPostThread {
    pub post_id: String,
    /// Replies per page; with `fromPost` the next page starts after that post.
    #[arg(rename = "perPage")]
    pub per_page: Option<i64>,
    #[arg(rename = "fromPost")]
    pub from_post: Option<String>,
    #[arg(rename = "fromCreateAt")]
    pub from_create_at: Option<i64>,
    /// `up` or `down` from `fromPost`.
    pub direction: Option<String>,
}

/// Edit a post's message or pin it; fields left out keep their values.
#[tool(
    spec = "mattermost-v4",
    operation = "PatchPost",
    semantics = "merge",
    omitted(
        "body.file_ids",
        reason = "attachments are added when a post is made; re-pointing them on edit would orphan files"
    ),
    omitted(
        "body.has_reactions",
        reason = "the server keeps this flag from the reactions themselves; an agent must not forge it"
    ),
    omitted(
        "body.props",
        reason = "props carry integration payloads an agent should not forge"
    )
)]
pub struct PatchPost {
    pub post_id: String,
    pub message: Option<String>,
    pub is_pinned: Option<bool>,
}

/// Delete a post (it is soft-deleted: admins can still see it).
#[tool(spec = "mattermost-v4", operation = "DeletePost")]
pub struct DeletePost {
    pub post_id: String,
}

/// Search a team's posts.
#[tool(
    spec = "mattermost-v4",
    operation = "SearchPosts",
    effects(
        read_only = true,
        reason = "a search is a POST only to carry its terms in a body; it changes nothing, so it is served while writes are off"
    ),
    omitted(
        "body.include_deleted_channels",
        reason = "archived channels are out of an agent's view, as they are out of the default search"
    )
)]
pub struct SearchPosts {
    pub team_id: String,
    /// Mattermost search syntax: words, `from:user`, `in:channel`, `"a phrase"`.
    pub terms: String,
    /// `true`: any term matches; `false`: every term must.
    pub is_or_search: bool,
    /// The searcher's offset from UTC, in seconds, for `on:`/`before:`/`after:` dates.
    pub time_zone_offset: Option<i64>,
    pub page: Option<i64>,
    pub per_page: Option<i64>,
}

/// Read a channel by id.
#[tool(spec = "mattermost-v4", operation = "GetChannel")]
pub struct GetChannel {
    pub channel_id: String,
}

/// Find a channel by its name (the URL name, `town-square`) in a team named by its name.
#[tool(
    spec = "mattermost-v4",
    operation = "GetChannelByNameForTeamName",
    name = "get_channel_by_name",
    omitted(
        "query.include_deleted",
        reason = "archived channels are out of an agent's view; it posts to and reads live ones"
    )
)]
pub struct GetChannelByName {
    pub team_name: String,
    pub channel_name: String,
}

/// Change a channel's header, purpose or names; fields left out keep their values.
#[tool(
    spec = "mattermost-v4",
    operation = "PatchChannel",
    semantics = "merge"
)]
pub struct PatchChannel {
    pub channel_id: String,
    pub name: Option<String>,
    pub display_name: Option<String>,
    pub purpose: Option<String>,
    pub header: Option<String>,
}

/// List a team's public channels, a page at a time.
#[tool(
    spec = "mattermost-v4",
    operation = "GetPublicChannelsForTeam",
    name = "list_public_channels"
)]
pub struct ListPublicChannels {
    pub team_id: String,
    pub page: Option<i64>,
    pub per_page: Option<i64>,
}

/// Search a team's public channels by name.
#[tool(
    spec = "mattermost-v4",
    operation = "SearchChannels",
    effects(
        read_only = true,
        reason = "a search is a POST only to carry its term in a body; it changes nothing, so it is served while writes are off"
    )
)]
pub struct SearchChannels {
    pub team_id: String,
    pub term: String,
}

/// Read a user by id.
#[tool(spec = "mattermost-v4", operation = "GetUser")]
pub struct GetUser {
    /// A user id, or `me` for the user the server acts as.
    pub user_id: String,
}

/// Find a user by username.
#[tool(spec = "mattermost-v4", operation = "GetUserByUsername")]
pub struct GetUserByUsername {
    pub username: String,
}

/// Suggest users whose username or name starts with `name`.
#[tool(spec = "mattermost-v4", operation = "AutocompleteUsers")]
pub struct AutocompleteUsers {
    pub name: String,
    pub team_id: Option<String>,
    pub channel_id: Option<String>,
    pub limit: Option<i64>,
}

/// Find a team by its name (the URL name).
#[tool(spec = "mattermost-v4", operation = "GetTeamByName")]
pub struct GetTeamByName {
    pub name: String,
}

/// List the teams the server's user can see, a page at a time.
#[tool(
    spec = "mattermost-v4",
    operation = "GetAllTeams",
    name = "list_teams",
    omitted(
        "query.include_total_count",
        reason = "the count changes the response from a list to an envelope; an agent pages until a short page"
    ),
    omitted(
        "query.exclude_policy_constrained",
        reason = "data-retention policy constraints are an admin's concern, not an agent's"
    )
)]
pub struct ListTeams {
    pub page: Option<i64>,
    pub per_page: Option<i64>,
}

/// Upload a file to a channel; post it by passing the returned file id to `create_post`.
#[tool(
    spec = "mattermost-v4",
    operation = "UploadFile",
    omitted(
        "query.channel_id",
        reason = "the query form is for raw-body uploads; this tool sends the multipart form, which carries channel_id"
    ),
    omitted(
        "query.filename",
        reason = "the query form is for raw-body uploads; the multipart part carries the file's name"
    ),
    omitted(
        "body.client_ids",
        reason = "client ids match uploads to a client's pending previews; an agent has none"
    )
)]
pub struct UploadFile {
    /// The file: its name, media type and base64 content. The server needs it, though the
    /// spec marks it optional (so does the schema: no required-field override exists).
    pub files: Option<File>,
    /// The channel the file is for; needed by the server, optional in the spec.
    #[arg(param = "body.channel_id")]
    pub channel_id: Option<String>,
}

/// Read a file's metadata (name, size, type, the post it is in).
#[tool(spec = "mattermost-v4", operation = "GetFileInfo")]
pub struct GetFileInfo {
    pub file_id: String,
}

/// Get a public link to a file (when the server allows public links).
#[tool(spec = "mattermost-v4", operation = "GetFileLink")]
pub struct GetFileLink {
    pub file_id: String,
}

/// React to a post with an emoji.
#[tool(
    spec = "mattermost-v4",
    operation = "SaveReaction",
    omitted(
        "body.create_at",
        reason = "the server stamps the time a reaction is made; an agent must not backdate it"
    )
)]
pub struct SaveReaction {
    /// The reacting user: the server's own user (`get_user` with `me`). The server needs
    /// all three fields; the spec marks them optional, so the schema does too.
    pub user_id: Option<String>,
    pub post_id: Option<String>,
    /// The emoji's name without colons (`thumbsup`).
    pub emoji_name: Option<String>,
}

/// List a post's reactions.
#[tool(spec = "mattermost-v4", operation = "GetReactions")]
pub struct GetReactions {
    pub post_id: String,
}

/// Remove a reaction.
#[tool(spec = "mattermost-v4", operation = "DeleteReaction")]
pub struct DeleteReaction {
    pub user_id: String,
    pub post_id: String,
    pub emoji_name: String,
}

/// Post a message with files already uploaded: the binding `upload_and_post` posts with. Not
/// listed to agents (`create_post` is the listed one, which Omits `file_ids`).
#[tool(
    spec = "mattermost-v4",
    operation = "CreatePost",
    name = "create_post_with_files",
    fixed(
        "query.set_online",
        value = false,
        reason = "an agent is not a person at the keyboard; posting must not mark the user online"
    ),
    omitted(
        "body.root_id",
        reason = "a post with an upload starts a thread of its own in this composite"
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
pub struct CreatePostWithFiles {
    pub channel_id: String,
    pub message: String,
    /// The ids `upload_file` returned.
    pub file_ids: Option<Vec<String>>,
}

/// Post a message to a channel named by its team's name and its own (`town-square`): finds the
/// channel, then posts. Answers the post made.
#[catalog::composite(
    uses(
        GetChannelByName,
        CreatePost(omitted(
            "reply_to",
            reason = "a post made here starts a thread of its own; to reply in a thread, call `create_post` with the channel's id"
        ))
    ),
    output = CreatePost
)]
pub struct PostToChannelByName {
    /// The team's URL name.
    pub team_name: String,
    /// The channel's URL name.
    pub channel_name: String,
    pub message: String,
}

#[catalog::composite]
impl PostToChannelByName {
    async fn run(self, api: Api<'_, Self>) -> Result<Value, ToolError> {
        let channel = api
            .call(GetChannelByName {
                team_name: self.team_name,
                channel_name: self.channel_name,
            })
            .await?;
        let channel_id = ToolError::field(&channel, "id")?;
        api.call(CreatePost {
            channel_id,
            message: self.message,
            reply_to: None,
        })
        .await
    }
}

/// Read a channel named by its team's name and its own: the channel, one page of its posts
/// (newest first) and the users who wrote them.
#[catalog::composite(
    uses(
        GetChannelByName,
        GetPostsForChannel(
            passed("page", "per_page"),
            omitted(
                "since",
                reason = "the page is the channel's newest posts; to read posts changed since a time, call `get_posts_for_channel` with the channel's id"
            ),
            omitted(
                "before",
                reason = "pages count back from the newest post; to read around a post, call `get_posts_for_channel` with the channel's id"
            ),
            omitted(
                "after",
                reason = "pages count back from the newest post; to read around a post, call `get_posts_for_channel` with the channel's id"
            )
        ),
        GetUsersByIds
    ),
    output = ChannelRead
)]
pub struct ReadChannel {
    /// The team's URL name.
    pub team_name: String,
    /// The channel's URL name.
    pub channel_name: String,
    /// The page, from 0.
    pub page: Option<i64>,
    /// Posts per page (the server's default is 60).
    pub per_page: Option<i64>,
}

#[catalog::composite]
impl ReadChannel {
    async fn run(self, api: Api<'_, Self>) -> Result<Value, ToolError> {
        let channel = api
            .call(GetChannelByName {
                team_name: self.team_name,
                channel_name: self.channel_name,
            })
            .await?;
        let channel_id = ToolError::field(&channel, "id")?;
        let list = api
            .call(GetPostsForChannel {
                channel_id,
                page: self.page,
                per_page: self.per_page,
                since: None,
                before: None,
                after: None,
            })
            .await?;
        let posts = posts_in_order(&list);
        let mut user_ids: Vec<String> = Vec::new();
        for post in &posts {
            if let Some(id) = post.get("user_id").and_then(Value::as_str)
                && !user_ids.iter().any(|u| u == id)
            {
                user_ids.push(id.to_string());
            }
        }
        let authors = if user_ids.is_empty() {
            json!([])
        } else {
            api.call(GetUsersByIds { user_ids }).await?
        };
        Ok(json!({"channel": channel, "posts": posts, "authors": authors}))
    }
}

/// What `read_channel` answers: the channel as `get_channel_by_name` gives it, the page's posts
/// each as `get_post` gives one, and their authors as `get_users_by_ids` gives them.
pub struct ChannelRead;

impl CompositeOutput for ChannelRead {
    fn schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "channel": <GetChannelByName as CompositeOutput>::schema(),
                "posts": {
                    "type": "array",
                    "description": "The page's posts, newest first.",
                    "items": <GetPost as CompositeOutput>::schema()
                },
                "authors": property_schema(&<GetUsersByIds as CompositeOutput>::schema(), "items")
            },
            "required": ["channel", "posts", "authors"],
            "additionalProperties": false
        })
    }
}

// A post list's posts in its `order`, then any the order leaves out.
fn posts_in_order(list: &Value) -> Vec<Value> {
    let empty = serde_json::Map::new();
    let posts = list
        .get("posts")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let mut out: Vec<Value> = Vec::new();
    let mut taken: Vec<&str> = Vec::new();
    for id in list
        .get("order")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        if let Some(p) = posts.get(id) {
            out.push(p.clone());
            taken.push(id);
        }
    }
    for (id, p) in posts {
        if !taken.contains(&id.as_str()) {
            out.push(p.clone());
        }
    }
    out
}

/// Upload a file to a channel and post it there with a message. Answers the post made.
#[catalog::composite(uses(UploadFile, CreatePostWithFiles), output = CreatePostWithFiles)]
pub struct UploadAndPost {
    /// The channel's id.
    pub channel_id: String,
    /// The file: its name, media type and base64 content.
    pub file: File,
    pub message: String,
}

#[catalog::composite]
impl UploadAndPost {
    async fn run(self, api: Api<'_, Self>) -> Result<Value, ToolError> {
        let uploaded = api
            .call(UploadFile {
                files: Some(self.file),
                channel_id: Some(self.channel_id.clone()),
            })
            .await?;
        let file_ids: Vec<String> = uploaded
            .get("file_infos")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|f| f.get("id").and_then(Value::as_str).map(str::to_string))
            .collect();
        if file_ids.is_empty() {
            return Err(ToolError::message(format!(
                "`upload_file` answered without a file id; nothing was posted: {uploaded}"
            )));
        }
        api.call(CreatePostWithFiles {
            channel_id: self.channel_id,
            message: self.message,
            file_ids: Some(file_ids),
        })
        .await
    }
}

/// Set a channel's header, keeping every other field: reads the channel, then writes it back
/// whole (`PUT`) with the new header, with `If-Match` when the server gave an ETag. When the
/// channel changed in between, nothing is written and the tool says to call again.
#[catalog::composite(uses(GetChannel, UpdateChannel), output = UpdateChannel)]
pub struct UpdateChannelHeader {
    pub channel_id: String,
    /// The new header (markdown; empty clears it).
    pub header: String,
}

#[catalog::composite]
impl UpdateChannelHeader {
    async fn run(self, api: Api<'_, Self>) -> Result<Value, ToolError> {
        api.read_modify_write::<_, UpdateChannel>(
            GetChannel {
                channel_id: self.channel_id.clone(),
            },
            json!({"channel_id": self.channel_id, "id": self.channel_id}),
            json!({"header": self.header}),
        )
        .await
    }
}

/// Every Mattermost tool, in the order `tools/list` gives them.
pub fn catalog() -> catalog::Catalog {
    catalog::Catalog::new()
        .tool::<CreatePost>()
        .tool::<GetPost>()
        .tool::<GetPostsForChannel>()
        .tool::<GetPostThread>()
        .tool::<PatchPost>()
        .tool::<DeletePost>()
        .tool::<SearchPosts>()
        .tool::<GetChannel>()
        .tool::<GetChannelByName>()
        .tool::<ListPublicChannels>()
        .tool::<SearchChannels>()
        .tool::<PatchChannel>()
        .tool::<UpdateChannel>()
        .tool::<GetUser>()
        .tool::<GetUserByUsername>()
        .tool::<GetUsersByIds>()
        .tool::<AutocompleteUsers>()
        .tool::<GetTeamByName>()
        .tool::<ListTeams>()
        .tool::<UploadFile>()
        .tool::<GetFileInfo>()
        .tool::<GetFileLink>()
        .tool::<SaveReaction>()
        .tool::<GetReactions>()
        .tool::<DeleteReaction>()
        .composite::<PostToChannelByName>()
        .composite::<ReadChannel>()
        .composite::<UploadAndPost>()
        .composite::<UpdateChannelHeader>()
}
