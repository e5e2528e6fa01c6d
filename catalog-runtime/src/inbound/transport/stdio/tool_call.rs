//! The hot path of a server: a plain `tools/call` line read straight into rmcp's message.
//!
//! rmcp reads a message through `#[serde(flatten)]` and untagged enums, which buffer the whole
//! message (arguments included) once per level before building it. A line that is a plain tool
//! call (`jsonrpc` "2.0", an integer or string `id`, `method` "tools/call", and `params` holding
//! only a string `name` and an object `arguments`) is read here in one pass instead. Anything
//! else, `_meta` and task parameters included, is left to the general path, so both give the
//! same message (`tests::the_fast_path_reads_what_rmcp_reads`). So is a line naming a key twice
//! (in the arguments, at any depth, or in the message) or holding an integer past 64 bits: the
//! general path refuses it ([`super::strict_json`]).

use super::strict_json::{StrictObject, wide_integer};
use rmcp::RoleServer;
use rmcp::model::{
    CallToolRequest, CallToolRequestParams, ClientRequest, JsonRpcMessage, JsonRpcRequest,
    RequestId,
};
use rmcp::service::RxJsonRpcMessage;
use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};
use std::fmt;

/// The message of `line` when it is a plain `tools/call`, else `None`.
pub(crate) fn read(line: &[u8]) -> Option<RxJsonRpcMessage<RoleServer>> {
    let call: PlainCall = serde_json::from_slice(line).ok()?;
    if call.jsonrpc != "2.0" || call.method != "tools/call" || wide_integer(line).is_some() {
        return None;
    }
    let mut params = CallToolRequestParams::new(call.params.name);
    if let Some(StrictObject(arguments)) = call.params.arguments {
        params = params.with_arguments(arguments);
    }
    Some(JsonRpcMessage::Request(JsonRpcRequest::new(
        call.id.0,
        ClientRequest::CallToolRequest(CallToolRequest::new(params)),
    )))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlainCall {
    jsonrpc: String,
    id: Id,
    method: String,
    params: PlainParams,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlainParams {
    name: String,
    #[serde(default)]
    arguments: Option<StrictObject>,
}

/// An id the general path would echo as it came: a string, or an integer that fits an `i64`.
struct Id(RequestId);

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Id, D::Error> {
        deserializer.deserialize_any(IdVisitor)
    }
}

struct IdVisitor;

impl Visitor<'_> for IdVisitor {
    type Value = Id;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string or an integer")
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Id, E> {
        Ok(Id(RequestId::Number(n)))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Id, E> {
        match i64::try_from(n) {
            Ok(n) => Ok(Id(RequestId::Number(n))),
            Err(_) => Err(E::custom("an id past i64")),
        }
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Id, E> {
        Ok(Id(RequestId::String(s.into())))
    }
}
