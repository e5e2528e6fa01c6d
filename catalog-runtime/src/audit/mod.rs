//! Keeping tools honest over time: the request recorder (and the response check it runs),
//! coverage pins and version checks.

pub mod coverage;
pub mod recorder;
#[cfg(feature = "runtime")]
pub mod response_check;
