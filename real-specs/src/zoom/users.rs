//! Users: list, get, and create (with its `user_info` envelope).

use catalog::tool;

/// List users
#[tool(
    spec = "zoom.us",
    operation = "users",
    name = "list_users",
    // output: 200 application/json
)]
pub struct Users {
    // query.status: string enum [active, inactive, pending], optional — "User statuses:"
    pub status: Option<UsersStatus>,
    // query.page_size: integer, optional — "The number of records returned within a single API call."
    pub page_size: Option<i64>,
    // query.role_id: string, optional — "Unique identifier of the role. Provide this parameter if you would like to filter the response by a..."
    pub role_id: Option<String>,
    // query.page_number: string, optional — "The page number of the current page in the returned records."
    pub page_number: Option<String>,
    // query.include_fields: string, optional — "Provide a value for this field if you would like to see the following attribute in the response of t..."
    pub include_fields: Option<String>,
    // query.next_page_token: string, optional — "The next page token is used to paginate through large result sets. A next page token will be returne..."
    pub next_page_token: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum UsersStatus {
    Active,
    Inactive,
    Pending,
}

/// Get a user
#[tool(
    spec = "zoom.us",
    operation = "user",
    name = "get_user",
    // output: 200 application/json
)]
pub struct User {
    // path.userId: string, required — "The user ID or email address of the user. For user-level apps, pass `me` as the value for userId."
    pub user_id: String,
    // query.login_type: string enum [0, 1, 99, 100, 101], optional — "`0` - Facebook."
    pub login_type: Option<UserLoginType>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum UserLoginType {
    #[serde(rename = "0")]
    V0,
    #[serde(rename = "1")]
    V1,
    #[serde(rename = "99")]
    V99,
    #[serde(rename = "100")]
    V100,
    #[serde(rename = "101")]
    V101,
}

/// Create users
#[tool(
    spec = "zoom.us",
    operation = "userCreate",
    name = "create_user",
    // output: 201 application/json
)]
pub struct UserCreate {
    // body.action: string enum [create, autoCreate, custCreate, ssoCreate], required — "Specify how to create the new user:"
    pub action: UserCreateAction,
    // body.user_info: object (5 fields), optional
    pub user_info: Option<UserCreateUserInfo>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum UserCreateAction {
    #[serde(rename = "create")]
    Create,
    #[serde(rename = "autoCreate")]
    AutoCreate,
    #[serde(rename = "custCreate")]
    CustCreate,
    #[serde(rename = "ssoCreate")]
    SsoCreate,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted(
    "password",
    reason = "a password an agent wrote would pass through the model's context and its \
              transcript; with the `create` action Zoom emails the person a link to set their own"
))]
pub struct UserCreateUserInfo {
    // email: string, required — "User email address."
    pub email: String,
    // first_name: string, optional — "User's first name: cannot contain more than 5 Chinese words."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    // last_name: string, optional — "User's last name: cannot contain more than 5 Chinese words."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    // type: integer, required — "User type:"
    pub r#type: i64,
}
