//! Updating a meeting: the same nested settings as a create, every property optional.

use catalog::tool;

/// Update a meeting
#[tool(
    spec = "zoom.us",
    operation = "meetingUpdate",
    name = "update_meeting",
    // output: 204, no content
    // A PATCH merges (Zoom updates only the fields sent): what a call does not send keeps its
    // value on the server.
)]
pub struct MeetingUpdate {
    // path.meetingId: integer (int64), required — "The meeting ID in **long** format. The data type of this field is "long"(represented as int64 in JSO..."
    pub meeting_id: i64,
    // query.occurrence_id: string, optional — "Meeting occurrence id. Support change of agenda, start_time, duration, settings: {host_video, partic..."
    pub occurrence_id: Option<String>,
    // body.schedule_for: string, optional — "Email or userId if you want to schedule meeting for another user."
    pub schedule_for: Option<String>,
    // body.agenda: string, optional — "Meeting description."
    pub agenda: Option<String>,
    // body.duration: integer, optional — "Meeting duration (minutes). Used for scheduled meetings only."
    pub duration: Option<i64>,
    // body.password: string, optional — "Meeting passcode. Passcode may only contain the following characters: [a-z A-Z 0-9 @ - _ *] and can..."
    pub password: Option<String>,
    // body.recurrence: object (8 fields), optional — "Recurrence object. Use this object only for a meeting with type `8` i.e., a recurring meeting with f..."
    pub recurrence: Option<MeetingUpdateRecurrence>,
    // body.settings: object (37 fields), optional — "Meeting settings."
    pub settings: Option<MeetingUpdateSettings>,
    // body.start_time: string (date-time), optional — "Meeting start time. When using a format like "yyyy-MM-dd'T'HH:mm:ss'Z'", always use GMT time. When u..."
    pub start_time: Option<String>,
    // body.template_id: string, optional — "Unique identifier of the meeting template."
    pub template_id: Option<String>,
    // body.timezone: string, optional — "Time zone to format start_time. For example, "America/Los_Angeles". For scheduled meetings only. Ple..."
    pub timezone: Option<String>,
    // body.topic: string, optional — "Meeting topic."
    pub topic: Option<String>,
    // body.tracking_fields: array of object (2 fields), optional — "Tracking fields"
    pub tracking_fields: Option<Vec<MeetingUpdateTrackingFields>>,
    // body.type: integer, optional — "Meeting Types:"
    pub r#type: Option<i64>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingUpdateRecurrence {
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
    pub weekly_days: Option<MeetingUpdateWeeklyDays>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum MeetingUpdateWeeklyDays {
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
pub struct MeetingUpdateSettings {
    // allow_multiple_devices: boolean, optional — "Allow attendees to join the meeting from multiple devices. This setting only works for meetings that..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_multiple_devices: Option<bool>,
    // alternative_hosts: string, optional — "Alternative host's emails or IDs: multiple values are separated by a semicolon."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternative_hosts: Option<String>,
    // alternative_hosts_email_notification: boolean, optional — "Flag to determine whether to send email notifications to alternative hosts, default value is true."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternative_hosts_email_notification: Option<bool>,
    // approval_type: integer, optional — "Enable registration and set approval for the registration. Note that this feature requires the host..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approval_type: Option<i64>,
    // approved_or_denied_countries_or_regions: object (4 fields), optional — "Approve or block users from specific regions/countries from joining this meeting."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approved_or_denied_countries_or_regions:
        Option<MeetingUpdateApprovedOrDeniedCountriesOrRegions>,
    // audio: string enum [both, telephony, voip], optional — "Determine how participants can join the audio portion of the meeting."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audio: Option<MeetingUpdateAudio>,
    // authentication_domains: string, optional — "If user has configured ["Sign Into Zoom with Specified Domains"](https://support.zoom.us/hc/en-us/ar..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authentication_domains: Option<String>,
    // authentication_exception: array of object (2 fields), optional — "The participants added here will receive unique meeting invite links and bypass authentication."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authentication_exception: Option<Vec<MeetingUpdateAuthenticationException>>,
    // authentication_name: string, optional — "Authentication name set in the [authentication profile](https://support.zoom.us/hc/en-us/articles/36..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authentication_name: Option<String>,
    // authentication_option: string, optional — "Meeting authentication option id."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authentication_option: Option<String>,
    // auto_recording: string enum [local, cloud, none], optional — "Automatic recording:"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_recording: Option<MeetingUpdateAutoRecording>,
    // breakout_room: object (2 fields), optional — "Setting to [pre-assign breakout rooms](https://support.zoom.us/hc/en-us/articles/360032752671-Pre-as..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub breakout_room: Option<MeetingUpdateBreakoutRoom>,
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
    // custom_keys: array of object (2 fields), optional — "Custom keys and values assigned to the meeting."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_keys: Option<Vec<MeetingUpdateCustomKeys>>,
    // encryption_type: string enum [enhanced_encryption, e2ee], optional — "Choose between enhanced encryption and [end-to-end encryption](https://support.zoom.us/hc/en-us/arti..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encryption_type: Option<MeetingUpdateEncryptionType>,
    // enforce_login: boolean, optional — "Only signed in users can join this meeting."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enforce_login: Option<bool>,
    // enforce_login_domains: string, optional — "Only signed in users with specified domains can join meetings."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enforce_login_domains: Option<String>,
    // global_dial_in_countries: array of string, optional — "List of global dial-in countries"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub global_dial_in_countries: Option<Vec<String>>,
    // global_dial_in_numbers: array of object (5 fields), optional — "Global Dial-in Countries/Regions"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub global_dial_in_numbers: Option<Vec<MeetingUpdateGlobalDialInNumbers>>,
    // host_video: boolean, optional — "Start video when the host joins the meeting."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host_video: Option<bool>,
    // in_meeting: boolean, optional — "Host meeting in India."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_meeting: Option<bool>,
    // jbh_time: integer, optional — "If the value of "join_before_host" field is set to true, this field can be used to indicate time lim..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jbh_time: Option<i64>,
    // join_before_host: boolean, optional — "Allow participants to join the meeting before the host starts the meeting. Only used for scheduled o..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub join_before_host: Option<bool>,
    // language_interpretation: object (2 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language_interpretation: Option<MeetingUpdateLanguageInterpretation>,
    // meeting_authentication: boolean, optional — "`true`- Only authenticated users can join meetings."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub meeting_authentication: Option<bool>,
    // mute_upon_entry: boolean, optional — "Mute participants upon entry."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mute_upon_entry: Option<bool>,
    // participant_video: boolean, optional — "Start video when participants join the meeting."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub participant_video: Option<bool>,
    // registrants_confirmation_email: boolean, optional — "Send confirmation Email to Registrants"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registrants_confirmation_email: Option<bool>,
    // registrants_email_notification: boolean, optional — "Send email notifications to registrants about approval, cancellation, denial of the registration. Th..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registrants_email_notification: Option<bool>,
    // registration_type: integer, optional — "Registration type. Used for recurring meeting with fixed time only."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registration_type: Option<i64>,
    // show_share_button: boolean, optional — "Show social share buttons on the meeting registration page."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub show_share_button: Option<bool>,
    // use_pmi: boolean, optional — "Use a personal meeting ID. Only used for scheduled meetings and recurring meetings with no fixed tim..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub use_pmi: Option<bool>,
    // waiting_room: boolean, optional — "Enable waiting room"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub waiting_room: Option<bool>,
    // watermark: boolean, optional — "Add watermark when viewing a shared screen."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub watermark: Option<bool>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingUpdateApprovedOrDeniedCountriesOrRegions {
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
    pub method: Option<MeetingUpdateMethod>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum MeetingUpdateMethod {
    Approve,
    Deny,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum MeetingUpdateAudio {
    Both,
    Telephony,
    Voip,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingUpdateAuthenticationException {
    // email: string (email), optional — "Email address of the participant."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    // name: string, optional — "Name of the participant."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum MeetingUpdateAutoRecording {
    Local,
    Cloud,
    None,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingUpdateBreakoutRoom {
    // enable: boolean, optional — "Set the value of this field to `true` if you would like to enable the [breakout room pre-assign](htt..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enable: Option<bool>,
    // rooms: array of object (2 fields), optional — "Create room(s)."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rooms: Option<Vec<MeetingUpdateRooms>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingUpdateRooms {
    // name: string, optional — "Name of the breakout room."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    // participants: array of string, optional — "Email addresses of the participants who are to be assigned to the breakout room."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub participants: Option<Vec<String>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingUpdateCustomKeys {
    // key: string, optional — "Custom key associated with the user."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    // value: string, optional — "Value of the custom key associated with the user."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum MeetingUpdateEncryptionType {
    #[serde(rename = "enhanced_encryption")]
    EnhancedEncryption,
    #[serde(rename = "e2ee")]
    E2ee,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingUpdateGlobalDialInNumbers {
    // city: string, optional — "City of the number, if any. For example, Chicago."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    // country: string, optional — "Country code. For example, BR."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    // country_name: string, optional — "Full name of country. For example, Brazil."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country_name: Option<String>,
    // number: string, optional — "Phone number. For example, +1 2332357613."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
    // type: string enum [toll, tollfree], optional — "Type of number."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#type: Option<MeetingUpdateType>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum MeetingUpdateType {
    Toll,
    Tollfree,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingUpdateLanguageInterpretation {
    // enable: boolean, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enable: Option<bool>,
    // interpreters: array of object (2 fields), optional — "Information associated with the interpreter."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interpreters: Option<Vec<MeetingUpdateInterpreters>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingUpdateInterpreters {
    // email: string (email), optional — "Email address of the interpreter."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    // languages: string, optional — "Languages for interpretation. The string must contain two [country Ids](https://marketplace.zoom.us/..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub languages: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingUpdateTrackingFields {
    // field: string, optional — "Tracking fields type"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    // value: string, optional — "Tracking fields value"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}
