/// A reason that only says the property is not needed tells a reviewer nothing.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted("secret", reason = "not needed"))]
pub struct Slack {
    pub channel: String,
    pub mention: Option<String>,
}

/// A property cannot be a field and omitted at once; `omitted` takes a name and a reason.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted("channel", reason = "channels are chosen by a person when the monitor is reviewed"))]
#[object(omitted("secret"))]
pub struct Twice {
    pub channel: String,
}

fn main() {}
