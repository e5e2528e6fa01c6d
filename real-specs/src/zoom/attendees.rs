//! A meeting's registrants and polls, and a webinar's panelists.

use catalog::tool;

/// Add meeting registrant
#[tool(
    spec = "zoom.us",
    operation = "meetingRegistrantCreate",
    name = "add_meeting_registrant",
    // output: 201 application/json
)]
pub struct MeetingRegistrantCreate {
    // path.meetingId: integer (int64), required — "The meeting ID in **long** format. The data type of this field is "long"(represented as int64 in JSO..."
    pub meeting_id: i64,
    // query.occurrence_ids: string, optional — "Occurrence IDs. You can find these with the meeting get API. Multiple values separated by comma."
    pub occurrence_ids: Option<String>,
    // body.address: string, optional — "Registrant's address."
    pub address: Option<String>,
    // body.city: string, optional — "Registrant's city."
    pub city: Option<String>,
    // body.comments: string, optional — "A field that allows registrants to provide any questions or comments that they might have."
    pub comments: Option<String>,
    // body.country: string, optional — "Registrant's country. The value of this field must be in two-letter abbreviated form and must match..."
    pub country: Option<String>,
    // body.custom_questions: array of object (2 fields), optional — "Custom questions."
    pub custom_questions: Option<Vec<MeetingRegistrantCreateCustomQuestions>>,
    // body.email: string, required — "A valid email address of the registrant."
    pub email: String,
    // body.first_name: string, required — "Registrant's first name."
    pub first_name: String,
    // body.industry: string, optional — "Registrant's Industry."
    pub industry: Option<String>,
    // body.job_title: string, optional — "Registrant's job title."
    pub job_title: Option<String>,
    // body.last_name: string, optional — "Registrant's last name."
    pub last_name: Option<String>,
    // body.no_of_employees: string, optional — "Number of Employees:"
    pub no_of_employees: Option<String>,
    // body.org: string, optional — "Registrant's Organization."
    pub org: Option<String>,
    // body.phone: string, optional — "Registrant's Phone number."
    pub phone: Option<String>,
    // body.purchasing_time_frame: string, optional — "This field can be included to gauge interest of webinar attendees towards buying your product or ser..."
    pub purchasing_time_frame: Option<String>,
    // body.role_in_purchase_process: string, optional — "Role in Purchase Process:"
    pub role_in_purchase_process: Option<String>,
    // body.state: string, optional — "Registrant's State/Province."
    pub state: Option<String>,
    // body.zip: string, optional — "Registrant's Zip/Postal Code."
    pub zip: Option<String>,
    // body.language: string, optional — "Registrant's language preference for confirmation emails. The value can be one of the following:"
    pub language: Option<String>,
    // body.auto_approve: boolean, optional
    pub auto_approve: Option<bool>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingRegistrantCreateCustomQuestions {
    // title: string, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    // value: string, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

/// Create a meeting poll
#[tool(
    spec = "zoom.us",
    operation = "meetingPollCreate",
    name = "create_meeting_poll",
    // output: 201 application/json
)]
pub struct MeetingPollCreate {
    // path.meetingId: integer (int64), required — "The meeting ID in **long** format. The data type of this field is "long"(represented as int64 in JSO..."
    pub meeting_id: i64,
    // body.questions: array of object (3 fields), optional — "Array of Polls"
    pub questions: Option<Vec<MeetingPollCreateQuestions>>,
    // body.title: string, optional — "Title for the poll."
    pub title: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct MeetingPollCreateQuestions {
    // answers: array of string, optional — "Answers to the questions"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answers: Option<Vec<String>>,
    // name: string, optional — "Question to be asked to the attendees."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    // type: string enum [single, multiple], optional — "Poll Question & Answer type:"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#type: Option<MeetingPollCreateType>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum MeetingPollCreateType {
    Single,
    Multiple,
}

/// Add panelists
#[tool(
    spec = "zoom.us",
    operation = "webinarPanelistCreate",
    name = "add_webinar_panelists",
    // output: 201 application/json
)]
pub struct WebinarPanelistCreate {
    // path.webinarId: integer (int64), required — "The webinar ID in "**long**" format(represented as int64 data type in JSON)."
    pub webinar_id: i64,
    // body.panelists: array of object (2 fields), optional — "List of panelist objects."
    pub panelists: Option<Vec<WebinarPanelistCreatePanelists>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct WebinarPanelistCreatePanelists {
    // email: string (email), optional — "Panelist's email."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    // name: string, optional — "Panelist's full name."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}
