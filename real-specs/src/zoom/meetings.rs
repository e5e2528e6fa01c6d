//! Meetings: create (its `settings` with breakout rooms and interpreters), get and delete.

use catalog::tool;

/// Create a meeting
#[tool(
    spec = "zoom.us",
    operation = "meetingCreate",
    name = "create_meeting",
    // output: 201 application/json
)]
pub struct MeetingCreate {
    // path.userId: string, required — "The user ID or email address of the user. For user-level apps, pass `me` as the value for userId."
    pub user_id: String,
    // body.agenda: string, optional — "Meeting description."
    pub agenda: Option<String>,
    // body.duration: integer, optional — "Meeting duration (minutes). Used for scheduled meetings only."
    pub duration: Option<i64>,
    // body.password: string, optional — "Passcode to join the meeting. By default, passcode may only contain the following characters: [a-z A..."
    pub password: Option<String>,
    // body.recurrence: object (8 fields), optional — "Recurrence object. Use this object only for a meeting with type `8` i.e., a recurring meeting with f..."
    pub recurrence: Option<MeetingCreateRecurrence>,
    // body.schedule_for: string, optional — "If you would like to schedule this meeting for someone else in your account, provide the Zoom user i..."
    pub schedule_for: Option<String>,
    // body.settings: object (31 fields), optional — "Meeting settings."
    pub settings: Option<MeetingCreateSettings>,
    // body.start_time: string (date-time), optional — "Meeting start time. We support two formats for `start_time` - local time and GMT."
    pub start_time: Option<String>,
    // body.template_id: string, optional — "Unique identifier of the **admin meeting template**. To create admin meeting templates, contact the..."
    pub template_id: Option<String>,
    // body.timezone: string, optional — "Time zone to format start_time. For example, "America/Los_Angeles". For scheduled meetings only. Ple..."
    pub timezone: Option<String>,
    // body.topic: string, optional — "Meeting topic."
    pub topic: Option<String>,
    // body.tracking_fields: array of object (2 fields), optional — "Tracking fields"
    pub tracking_fields: Option<Vec<MeetingCreateTrackingFields>>,
    // body.type: integer, optional — "Meeting Type:"
    pub r#type: Option<i64>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingCreateRecurrence {
    // end_date_time: string (date-time), optional — "Select the final date on which the meeting will recur before it is canceled. Should be in UTC time,..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_date_time: Option<String>,
    // end_times: integer, optional — "Select how many times the meeting should recur before it is canceled. (Cannot be used with "end_date..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_times: Option<i64>,
    // monthly_day: integer, optional — "Use this field **only if you're scheduling a recurring meeting of type** `3` to state which day in a..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub monthly_day: Option<i64>,
    // monthly_week: integer, optional — "Use this field **only if you're scheduling a recurring meeting of type** `3` to state the week of th..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub monthly_week: Option<i64>,
    // monthly_week_day: integer, optional — "Use this field **only if you're scheduling a recurring meeting of type** `3` to state a specific day..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub monthly_week_day: Option<i64>,
    // repeat_interval: integer, optional — "Define the interval at which the meeting should recur. For instance, if you would like to schedule a..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repeat_interval: Option<i64>,
    // type: integer, required — "Recurrence meeting types:"
    pub r#type: i64,
    // weekly_days: string enum [1, 2, 3, 4, 5, 6, 7], optional — "This field is required **if you're scheduling a recurring meeting of type** `2` to state which day(s..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weekly_days: Option<MeetingCreateWeeklyDays>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum MeetingCreateWeeklyDays {
    #[serde(rename = "1")]
    V1,
    #[serde(rename = "2")]
    V2,
    #[serde(rename = "3")]
    V3,
    #[serde(rename = "4")]
    V4,
    #[serde(rename = "5")]
    V5,
    #[serde(rename = "6")]
    V6,
    #[serde(rename = "7")]
    V7,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingCreateSettings {
    // additional_data_center_regions: array of string, optional — "Enable additional [data center regions](https://support.zoom.us/hc/en-us/articles/360042411451-Selec..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub additional_data_center_regions: Option<Vec<String>>,
    // allow_multiple_devices: boolean, optional — "If set to `true`, attendees will be allowed to join a meeting from multiple devices."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_multiple_devices: Option<bool>,
    // alternative_hosts: string, optional — "Alternative host's emails or IDs: multiple values separated by a comma."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternative_hosts: Option<String>,
    // alternative_hosts_email_notification: boolean, optional — "Flag to determine whether to send email notifications to alternative hosts, default value is true."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternative_hosts_email_notification: Option<bool>,
    // approval_type: integer, optional — "The default value is `2`. To enable registration required, set the approval type to `0` or `1`. Valu..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approval_type: Option<i64>,
    // approved_or_denied_countries_or_regions: object (4 fields), optional — "Approve or block users from specific regions/countries from joining this meeting."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approved_or_denied_countries_or_regions:
        Option<MeetingCreateApprovedOrDeniedCountriesOrRegions>,
    // audio: string enum [both, telephony, voip], optional — "Determine how participants can join the audio portion of the meeting."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audio: Option<MeetingCreateAudio>,
    // authentication_domains: string, optional — "Meeting authentication domains. This option, allows you to specify the rule so that Zoom users, whos..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authentication_domains: Option<String>,
    // authentication_option: string, optional — "Specify the authentication type for users to join a meeting with`meeting_authentication` setting set..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authentication_option: Option<String>,
    // auto_recording: string enum [local, cloud, none], optional — "Automatic recording:"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_recording: Option<MeetingCreateAutoRecording>,
    // breakout_room: object (2 fields), optional — "Setting to [pre-assign breakout rooms](https://support.zoom.us/hc/en-us/articles/360032752671-Pre-as..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub breakout_room: Option<MeetingCreateBreakoutRoom>,
    // close_registration: boolean, optional — "Close registration after event date"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub close_registration: Option<bool>,
    // cn_meeting: boolean, optional — "Host meeting in China."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cn_meeting: Option<bool>,
    // contact_email: string, optional — "Contact email for registration"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contact_email: Option<String>,
    // contact_name: string, optional — "Contact name for registration"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contact_name: Option<String>,
    // encryption_type: string enum [enhanced_encryption, e2ee], optional — "Choose between enhanced encryption and [end-to-end encryption](https://support.zoom.us/hc/en-us/arti..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encryption_type: Option<MeetingCreateEncryptionType>,
    // global_dial_in_countries: array of string, optional — "List of global dial-in countries"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub global_dial_in_countries: Option<Vec<String>>,
    // host_video: boolean, optional — "Start video when the host joins the meeting."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host_video: Option<bool>,
    // in_meeting: boolean, optional — "Host meeting in India."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_meeting: Option<bool>,
    // jbh_time: integer, optional — "If the value of "join_before_host" field is set to true, this field can be used to indicate time lim..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jbh_time: Option<i64>,
    // join_before_host: boolean, optional — "Allow participants to join the meeting before the host starts the meeting. This field can only used..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub join_before_host: Option<bool>,
    // language_interpretation: object (2 fields), optional — "Language interpretation [settings](https://support.zoom.us/hc/en-us/articles/360034919791-Language-i..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language_interpretation: Option<MeetingCreateLanguageInterpretation>,
    // meeting_authentication: boolean, optional — "Only [authenticated](https://support.zoom.us/hc/en-us/articles/360037117472-Authentication-Profiles-..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub meeting_authentication: Option<bool>,
    // mute_upon_entry: boolean, optional — "Mute participants upon entry."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mute_upon_entry: Option<bool>,
    // participant_video: boolean, optional — "Start video when participants join the meeting."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub participant_video: Option<bool>,
    // registrants_email_notification: boolean, optional — "Send email notifications to registrants about approval, cancellation, denial of the registration. Th..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registrants_email_notification: Option<bool>,
    // registration_type: integer, optional — "Registration type. Used for recurring meeting with fixed time only."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registration_type: Option<i64>,
    // show_share_button: boolean, optional — "If set to `true`, the registration page for the meeting will include social share buttons."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub show_share_button: Option<bool>,
    // use_pmi: boolean, optional — "Use Personal Meeting ID instead of an automatically generated meeting ID. It can only be used for sc..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub use_pmi: Option<bool>,
    // waiting_room: boolean, optional — "Enable waiting room. Note that if the value of this field is set to `true`, it will override and dis..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub waiting_room: Option<bool>,
    // watermark: boolean, optional — "Add watermark when viewing a shared screen."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub watermark: Option<bool>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingCreateApprovedOrDeniedCountriesOrRegions {
    // approved_list: array of string, optional — "List of countries/regions from where participants can join this meeting."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approved_list: Option<Vec<String>>,
    // denied_list: array of string, optional — "List of countries/regions from where participants can not join this meeting."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub denied_list: Option<Vec<String>>,
    // enable: boolean, optional — "`true`: Setting enabled to either allow users or block users from specific regions to join your meet..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enable: Option<bool>,
    // method: string enum [approve, deny], optional — "Specify whether to allow users from specific regions to join this meeting; or block users from speci..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<MeetingCreateMethod>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum MeetingCreateMethod {
    Approve,
    Deny,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum MeetingCreateAudio {
    Both,
    Telephony,
    Voip,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum MeetingCreateAutoRecording {
    Local,
    Cloud,
    None,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingCreateBreakoutRoom {
    // enable: boolean, optional — "Set the value of this field to `true` if you would like to enable the [breakout room pre-assign](htt..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enable: Option<bool>,
    // rooms: array of object (2 fields), optional — "Create room(s)."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rooms: Option<Vec<MeetingCreateRooms>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingCreateRooms {
    // name: string, optional — "Name of the breakout room."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    // participants: array of string, optional — "Email addresses of the participants who are to be assigned to the breakout room."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub participants: Option<Vec<String>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum MeetingCreateEncryptionType {
    #[serde(rename = "enhanced_encryption")]
    EnhancedEncryption,
    #[serde(rename = "e2ee")]
    E2ee,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingCreateLanguageInterpretation {
    // enable: boolean, optional — "Indicate whether or not you would like to enable [language interpretation](https://support.zoom.us/h..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enable: Option<bool>,
    // interpreters: array of object (2 fields), optional — "Information associated with the interpreter."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interpreters: Option<Vec<MeetingCreateInterpreters>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingCreateInterpreters {
    // email: string (email), optional — "Email address of the interpreter."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    // languages: string, optional — "Languages for interpretation. The string must contain two [country Ids](https://marketplace.zoom.us/..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub languages: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingCreateTrackingFields {
    // field: string, required — "Label of the tracking field."
    pub field: String,
    // value: string, optional — "Tracking fields value"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

/// Get a meeting
#[tool(
    spec = "zoom.us",
    operation = "meeting",
    name = "get_meeting",
    // output: 200 application/json
)]
pub struct Meeting {
    // path.meetingId: integer (int64), required — "The meeting ID in **long** format. The data type of this field is "long"(represented as int64 in JSO..."
    pub meeting_id: i64,
    // query.occurrence_id: string, optional — "Meeting Occurrence ID. Provide this field to view meeting details of a particular occurrence of the..."
    pub occurrence_id: Option<String>,
    // query.show_previous_occurrences: boolean, optional — "Set the value of this field to `true` if you would like to view meeting details of all previous occu..."
    pub show_previous_occurrences: Option<bool>,
}

/// Delete a meeting
#[tool(
    spec = "zoom.us",
    operation = "meetingDelete",
    name = "delete_meeting",
    // output: 204, no content
)]
pub struct MeetingDelete {
    // path.meetingId: integer (int64), required — "The meeting ID in **long** format. The data type of this field is "long"(represented as int64 in JSO..."
    pub meeting_id: i64,
    // query.occurrence_id: string, optional — "The meeting occurrence ID."
    pub occurrence_id: Option<String>,
    // query.schedule_for_reminder: boolean, optional — "`true`: Notify host and alternative host about the meeting cancellation via email."
    pub schedule_for_reminder: Option<bool>,
    // query.cancel_meeting_reminder: string, optional — "`true`: Notify registrants about the meeting cancellation via email."
    pub cancel_meeting_reminder: Option<String>,
}
