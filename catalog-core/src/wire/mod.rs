//! Run time, on the wire: decode an agent's arguments and encode the one HTTP request.

pub mod decode;
pub mod encode;
pub mod file;
pub mod nullable;
pub mod or_empty;
pub mod uploads;
