//! The `OTEL_*` variables and the receiver's URL they name.

use crate::config::config_error::ConfigError;

/// `OTEL_EXPORTER_OTLP_ENDPOINT`.
pub const ENV_ENDPOINT: &str = "OTEL_EXPORTER_OTLP_ENDPOINT";
/// `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`.
pub const ENV_TRACES_ENDPOINT: &str = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT";
/// `OTEL_EXPORTER_OTLP_PROTOCOL`.
pub const ENV_PROTOCOL: &str = "OTEL_EXPORTER_OTLP_PROTOCOL";
/// `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL`.
pub const ENV_TRACES_PROTOCOL: &str = "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL";
/// `OTEL_SDK_DISABLED`.
pub const ENV_SDK_DISABLED: &str = "OTEL_SDK_DISABLED";
/// `OTEL_EXPORTER_OTLP_HEADERS` (read by the OTLP exporter).
pub const ENV_HEADERS: &str = "OTEL_EXPORTER_OTLP_HEADERS";
/// `OTEL_EXPORTER_OTLP_TRACES_HEADERS` (read by the OTLP exporter).
pub const ENV_TRACES_HEADERS: &str = "OTEL_EXPORTER_OTLP_TRACES_HEADERS";
/// `OTEL_EXPORTER_OTLP_LOGS_ENDPOINT`: the whole logs URL (the audit trail, `CATALOG_AUDIT=otlp`).
pub const ENV_LOGS_ENDPOINT: &str = "OTEL_EXPORTER_OTLP_LOGS_ENDPOINT";
/// `OTEL_EXPORTER_OTLP_LOGS_PROTOCOL`.
pub const ENV_LOGS_PROTOCOL: &str = "OTEL_EXPORTER_OTLP_LOGS_PROTOCOL";
/// `OTEL_EXPORTER_OTLP_LOGS_HEADERS`.
pub const ENV_LOGS_HEADERS: &str = "OTEL_EXPORTER_OTLP_LOGS_HEADERS";
/// `OTEL_SERVICE_NAME`.
pub const ENV_SERVICE_NAME: &str = "OTEL_SERVICE_NAME";
/// `OTEL_RESOURCE_ATTRIBUTES`.
pub const ENV_RESOURCE_ATTRIBUTES: &str = "OTEL_RESOURCE_ATTRIBUTES";

/// Every `OTEL_*` variable a server built with the `otel` feature reads (the table above), for
/// deployment files to be checked against.
pub const SETTINGS: &[&str] = &[
    ENV_ENDPOINT,
    ENV_TRACES_ENDPOINT,
    ENV_PROTOCOL,
    ENV_TRACES_PROTOCOL,
    ENV_HEADERS,
    ENV_TRACES_HEADERS,
    ENV_LOGS_ENDPOINT,
    ENV_LOGS_PROTOCOL,
    ENV_LOGS_HEADERS,
    ENV_SERVICE_NAME,
    ENV_RESOURCE_ATTRIBUTES,
    ENV_SDK_DISABLED,
];

/// The receiver's URL the environment names (`None`: export off), checked: an `http` or
/// `https` URL with a host, the protocol `http/protobuf` if one is named, `OTEL_SDK_DISABLED`
/// not `true`. `var` reads a variable.
pub(crate) fn endpoint_from(
    var: impl Fn(&str) -> Option<String>,
) -> Result<Option<(&'static str, String)>, ConfigError> {
    let set = |name: &'static str| {
        var(name)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
            .map(|v| (name, v))
    };
    if set(ENV_SDK_DISABLED).is_some_and(|(_, v)| v.eq_ignore_ascii_case("true")) {
        return Ok(None);
    }
    let Some((name, endpoint)) = set(ENV_TRACES_ENDPOINT).or_else(|| set(ENV_ENDPOINT)) else {
        return Ok(None);
    };
    for protocol in [ENV_TRACES_PROTOCOL, ENV_PROTOCOL] {
        if let Some((p, value)) = set(protocol)
            && value != "http/protobuf"
        {
            return Err(ConfigError::new(format!(
                "{p}={value:?}: spans are exported over OTLP/HTTP with protobuf only; set it \
                 to http/protobuf or unset it (a collector's OTLP/HTTP receiver listens on port \
                 4318)"
            )));
        }
    }
    let valid = url::Url::parse(&endpoint)
        .ok()
        .filter(|u| matches!(u.scheme(), "http" | "https") && u.host_str().is_some());
    if valid.is_none() {
        return Err(ConfigError::new(format!(
            "{name}={endpoint:?}: expected the http:// or https:// URL of an OTLP/HTTP receiver, \
             such as http://otel-collector:4318"
        )));
    }
    Ok(Some((name, endpoint)))
}
