//! The call spans (one per `tools/call`) exported over OTLP/HTTP with protobuf bodies (feature
//! `otel`), configured by the standard OpenTelemetry environment:
//!
//! | variable | what |
//! |---|---|
//! | `OTEL_EXPORTER_OTLP_ENDPOINT` | the receiver's base URL (`http://collector:4318`); spans go to `/v1/traces` under it. Unset: nothing is exported |
//! | `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` | the whole traces URL, instead of the above |
//! | `OTEL_EXPORTER_OTLP_PROTOCOL`, `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL` | `http/protobuf` (the only one served; anything else is refused) |
//! | `OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_EXPORTER_OTLP_TRACES_HEADERS` | headers for the receiver (`api_key=...`) |
//! | `OTEL_SERVICE_NAME` | `service.name`; default: the server's name (`initialize`'s) |
//! | `OTEL_RESOURCE_ATTRIBUTES` | further resource attributes |
//! | `OTEL_SDK_DISABLED` | `true`: nothing is exported |
//!
//! A wrong setting is refused when the server starts. Spans are sent in batches (up to 512
//! spans, at least every 5 s) by a task of the server's runtime, through the executor's own HTTP
//! client (proxies from the environment, rustls); at most 2,048 wait, further spans are dropped
//! rather than slowing calls. A graceful stop sends what is queued before the server returns
//! (within 5 s). A failed export is said once on stderr, then again only after one succeeded.

#[cfg(feature = "otel")]
pub(crate) use on::{export, exporting, flush, start};

#[cfg(not(feature = "otel"))]
use crate::config::config_error::ConfigError;
#[cfg(not(feature = "otel"))]
use endpoint::endpoint_from;
pub use endpoint::{
    ENV_ENDPOINT, ENV_HEADERS, ENV_LOGS_ENDPOINT, ENV_LOGS_HEADERS, ENV_LOGS_PROTOCOL,
    ENV_PROTOCOL, ENV_RESOURCE_ATTRIBUTES, ENV_SDK_DISABLED, ENV_SERVICE_NAME, ENV_TRACES_ENDPOINT,
    ENV_TRACES_HEADERS, ENV_TRACES_PROTOCOL, SETTINGS,
};

mod endpoint;

/// Without the `otel` feature: says on stderr that an endpoint set is not used; the endpoint
/// is still checked, so that a wrong one is not taken silently either way.
#[cfg(not(feature = "otel"))]
pub(crate) fn start(_server_name: &str) -> Result<(), ConfigError> {
    if let Some((name, _)) = endpoint_from(crate::wire::environment::var)? {
        eprintln!(
            "catalog: warning: {name} is set, but this server was built without the `otel` \
             feature: no spans are exported"
        );
    }
    Ok(())
}

/// Without the `otel` feature nothing is exported.
#[cfg(not(feature = "otel"))]
pub(crate) fn exporting() -> bool {
    false
}

/// Without the `otel` feature nothing is exported.
#[cfg(not(feature = "otel"))]
pub(crate) fn export(_span: crate::observe::call_span::CallSpan) {}

/// Without the `otel` feature there is nothing to send.
#[cfg(not(feature = "otel"))]
pub(crate) async fn flush() {}

#[cfg(feature = "otel")]
pub(crate) mod logs;
#[cfg(feature = "otel")]
mod on;

#[cfg(test)]
mod tests {
    use super::endpoint::endpoint_from;
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn export_is_off_unless_an_endpoint_is_set() {
        assert_eq!(endpoint_from(env(&[])), Ok(None));
        assert_eq!(endpoint_from(env(&[(ENV_ENDPOINT, " ")])), Ok(None));
        assert_eq!(
            endpoint_from(env(&[
                (ENV_ENDPOINT, "http://c:4318"),
                (ENV_SDK_DISABLED, "TRUE")
            ])),
            Ok(None)
        );
        assert_eq!(
            endpoint_from(env(&[(ENV_ENDPOINT, "http://c:4318")])),
            Ok(Some((ENV_ENDPOINT, "http://c:4318".to_string())))
        );
        assert_eq!(
            endpoint_from(env(&[
                (ENV_ENDPOINT, "http://c:4318"),
                (ENV_TRACES_ENDPOINT, "https://t/v1/traces")
            ])),
            Ok(Some((
                ENV_TRACES_ENDPOINT,
                "https://t/v1/traces".to_string()
            )))
        );
    }

    #[test]
    fn a_wrong_endpoint_or_protocol_is_refused_saying_what_works() {
        for bad in ["collector:4318", "grpc://c:4317", "http://", "not a url"] {
            assert_eq!(
                endpoint_from(env(&[(ENV_ENDPOINT, bad)]))
                    .unwrap_err()
                    .to_string(),
                format!(
                    "OTEL_EXPORTER_OTLP_ENDPOINT={bad:?}: expected the http:// or https:// URL \
                     of an OTLP/HTTP receiver, such as http://otel-collector:4318"
                )
            );
        }
        assert_eq!(
            endpoint_from(env(&[
                (ENV_ENDPOINT, "http://c:4317"),
                (ENV_PROTOCOL, "grpc")
            ]))
            .unwrap_err()
            .to_string(),
            "OTEL_EXPORTER_OTLP_PROTOCOL=\"grpc\": spans are exported over OTLP/HTTP with \
             protobuf only; set it to http/protobuf or unset it (a collector's OTLP/HTTP \
             receiver listens on port 4318)"
        );
        assert_eq!(
            endpoint_from(env(&[
                (ENV_ENDPOINT, "http://c:4318"),
                (ENV_TRACES_PROTOCOL, "http/json")
            ]))
            .unwrap_err()
            .to_string(),
            "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=\"http/json\": spans are exported over OTLP/HTTP \
             with protobuf only; set it to http/protobuf or unset it (a collector's OTLP/HTTP \
             receiver listens on port 4318)"
        );
        assert!(
            endpoint_from(env(&[
                (ENV_ENDPOINT, "http://c:4318"),
                (ENV_PROTOCOL, "http/protobuf")
            ]))
            .is_ok_and(|e| e.is_some())
        );
    }
}
