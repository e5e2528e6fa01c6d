//! Settings checked by name: each misspelled setting and credential name refused with the name
//! expected, the credential names accepted in both forms, and both forms at once refused.

use super::*;
use crate::outbound::credentials::{Credential, from_env};
use crate::tools::tool::Tool;
use crate::wire::decode::ArgumentError;
use crate::wire::encode::RequestError;
use catalog_core::model::Operation;
use catalog_core::spec::security::SchemeUse;
use serde_json::{Value, json};

/// A tool `GET /things` whose operation accepts the scheme `OAuth2` (client credentials) or
/// `basicAuth`.
struct GetThings;

fn security() -> Value {
    json!([
        [{"scheme": "OAuth2", "kind": {"type": "client_credentials", "token_url": "https://t"}}],
        [{"scheme": "basicAuth", "kind": {"type": "basic"}}],
        [{"scheme": "api_key", "kind": {"type": "api_key", "in": "header", "name": "X-Key"}}]
    ])
}

impl crate::tools::tool::__private::Accounted for GetThings {}

impl Tool for GetThings {
    const NAME: &'static str = "get_things";
    const DESCRIPTION: &'static str = "Get things";
    const INPUT_SCHEMA: &'static str = r#"{"type":"object"}"#;

    fn operation() -> &'static Operation {
        static OP: std::sync::LazyLock<Operation> = std::sync::LazyLock::new(|| {
            serde_json::from_value(json!({
                "method": "GET", "path": "/things", "pointer": "#/paths/~1things/get",
                "security": security()
            }))
            .unwrap()
        });
        &OP
    }

    fn input_schema() -> &'static Value {
        static S: std::sync::LazyLock<Value> = std::sync::LazyLock::new(|| json!({}));
        &S
    }

    fn from_arguments(_args: Value) -> Result<Self, ArgumentError> {
        Ok(GetThings)
    }

    fn to_request(&self) -> Result<http::Request<Vec<u8>>, RequestError> {
        Ok(http::Request::get("/things").body(Vec::new()).unwrap())
    }
}

fn secured() -> Catalog {
    Catalog::new().tool::<GetThings>()
}

fn refused(catalog: &Catalog, names: &[&str]) -> String {
    check(catalog, names).unwrap_err().to_string()
}

#[test]
fn every_setting_read_and_every_build_one_is_accepted() {
    let mut names: Vec<&str> = SERVER.to_vec();
    names.extend(BUILD_AND_TEST.iter().map(|(n, _)| *n));
    names.extend(["PATH", "HOME", "NETBOX_BASE_URL", "OTEL_SDK_DISABLED"]);
    assert_eq!(check(&Catalog::new(), &names), Ok(()));
}

#[test]
fn a_misspelled_setting_is_refused_with_the_name_expected() {
    let none = Catalog::new();
    for (wrong, expected) in [
        ("CATALOG_ALLOW_WRITE", "CATALOG_ALLOW_WRITES"),
        ("CATALOG_TIMEOUT", "CATALOG_TIMEOUT_SECS"),
        ("CATALOG_TIMEOUT_SEC", "CATALOG_TIMEOUT_SECS"),
        ("CATALOG_READONLY", "CATALOG_READ_ONLY"),
        ("CATALOG_TOOL_SETS", "CATALOG_TOOLSETS"),
        ("CATALOG_MAX_INFLIGHT", "CATALOG_MAX_IN_FLIGHT"),
        ("CATALOG_HTTP_ALLOWED_HOST", "CATALOG_HTTP_ALLOWED_HOSTS"),
        ("CATALOG_CONFIRM_FALLBAK", "CATALOG_CONFIRM_FALLBACK"),
        ("CATALOG_EXCLUDE_TOOL", "CATALOG_EXCLUDE_TOOLS"),
    ] {
        let err = check(&none, [wrong]).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("{wrong} is not a setting this server reads; did you mean `{expected}`?")
        );
        assert!(
            matches!(err.setting(), Some(VariableError::Unknown { variable, .. }) if variable == wrong)
        );
        assert_eq!(err.setting().map(VariableError::kind), Some("unknown"));
    }
    assert_eq!(
        refused(&none, &["CATALOG_VERBOSE"]),
        "CATALOG_VERBOSE is not a setting this server reads; none of its settings is close \
         (docs/settings.md lists them)"
    );
}

#[test]
fn several_unknown_names_are_refused_together_one_a_line() {
    assert_eq!(
        refused(
            &Catalog::new(),
            &[
                "CATALOG_TIMEOUT_SEC",
                "CATALOG_ALLOW_WRITE",
                "CATALOG_TOOLS"
            ]
        ),
        "CATALOG_ALLOW_WRITE is not a setting this server reads; did you mean \
         `CATALOG_ALLOW_WRITES`?\n\
         CATALOG_TIMEOUT_SEC is not a setting this server reads; did you mean \
         `CATALOG_TIMEOUT_SECS`?"
    );
}

#[test]
fn credential_variables_are_named_from_the_schemes_in_both_forms() {
    assert_eq!(
        credential_variables(&secured()),
        [
            "CATALOG_CREDENTIAL_O_AUTH2_CLIENT_ID",
            "CATALOG_CREDENTIAL_O_AUTH2_CLIENT_SECRET",
            "CATALOG_CREDENTIAL_OAUTH2_CLIENT_ID",
            "CATALOG_CREDENTIAL_OAUTH2_CLIENT_SECRET",
            "CATALOG_CREDENTIAL_BASIC_AUTH_USER",
            "CATALOG_CREDENTIAL_BASIC_AUTH_PASSWORD",
            "CATALOG_CREDENTIAL_BASICAUTH_USER",
            "CATALOG_CREDENTIAL_BASICAUTH_PASSWORD",
            "CATALOG_CREDENTIAL_API_KEY",
        ]
    );
    assert_eq!(check(&secured(), credential_variables(&secured())), Ok(()));
}

#[test]
fn a_misspelled_credential_is_refused_with_the_name_expected() {
    for (wrong, expected) in [
        (
            "CATALOG_CREDENTIAL_OAUTH_CLIENT_ID",
            "CATALOG_CREDENTIAL_OAUTH2_CLIENT_ID",
        ),
        (
            "CATALOG_CREDENTIAL_OAUTH2_CLIENT_SECRETS",
            "CATALOG_CREDENTIAL_OAUTH2_CLIENT_SECRET",
        ),
        (
            "CATALOG_CREDENTIAL_BASIC_AUTH_USERNAME",
            "CATALOG_CREDENTIAL_BASIC_AUTH_USER",
        ),
        ("CATALOG_CREDENTIAL_APIKEY", "CATALOG_CREDENTIAL_API_KEY"),
        ("CATALOG_CREDENTIALS_API_KEY", "CATALOG_CREDENTIAL_API_KEY"),
    ] {
        assert_eq!(
            refused(&secured(), &[wrong]),
            format!("{wrong} is not a setting this server reads; did you mean `{expected}`?")
        );
    }
    // Nothing close: the credential variables the server reads, each once.
    assert_eq!(
        refused(&secured(), &["CATALOG_CREDENTIAL_TOKEN"]),
        "CATALOG_CREDENTIAL_TOKEN is not a setting this server reads; the credential variables \
         it reads are CATALOG_CREDENTIAL_O_AUTH2_CLIENT_ID, \
         CATALOG_CREDENTIAL_O_AUTH2_CLIENT_SECRET, CATALOG_CREDENTIAL_OAUTH2_CLIENT_ID, \
         CATALOG_CREDENTIAL_OAUTH2_CLIENT_SECRET, CATALOG_CREDENTIAL_BASIC_AUTH_USER, \
         CATALOG_CREDENTIAL_BASIC_AUTH_PASSWORD, CATALOG_CREDENTIAL_BASICAUTH_USER, \
         CATALOG_CREDENTIAL_BASICAUTH_PASSWORD, CATALOG_CREDENTIAL_API_KEY"
    );
    // A credential where no tool sends one.
    assert_eq!(
        refused(&Catalog::new(), &["CATALOG_CREDENTIAL_TOKEN_AUTH"]),
        "CATALOG_CREDENTIAL_TOKEN_AUTH is not a setting this server reads; no tool of this \
         server sends a credential of a security scheme"
    );
}

fn scheme(name: &str, kind: Value) -> SchemeUse {
    serde_json::from_value(json!({"scheme": name, "kind": kind})).unwrap()
}

#[test]
fn a_credential_is_read_under_either_form_of_the_scheme_name() {
    let oauth = scheme(
        "OAuth2",
        json!({"type": "client_credentials", "token_url": "https://t"}),
    );
    let client = Some(Credential::Client {
        id: "c".into(),
        secret: "s".into(),
    });
    for (id, secret) in [
        (
            "CATALOG_CREDENTIAL_O_AUTH2_CLIENT_ID",
            "CATALOG_CREDENTIAL_O_AUTH2_CLIENT_SECRET",
        ),
        (
            "CATALOG_CREDENTIAL_OAUTH2_CLIENT_ID",
            "CATALOG_CREDENTIAL_OAUTH2_CLIENT_SECRET",
        ),
    ] {
        let env = |n: &str| match n {
            n if n == id => Some("c".to_string()),
            n if n == secret => Some("s".to_string()),
            _ => None,
        };
        assert_eq!(from_env(&oauth, &env), Ok(client.clone()), "{id}");
    }
    // One of a pair alone: its partner named in the same form.
    let env = |n: &str| (n == "CATALOG_CREDENTIAL_OAUTH2_CLIENT_SECRET").then(|| "s".to_string());
    assert_eq!(
        from_env(&oauth, &env).unwrap_err().to_string(),
        "CATALOG_CREDENTIAL_OAUTH2_CLIENT_ID and CATALOG_CREDENTIAL_OAUTH2_CLIENT_SECRET go \
         together; set both for scheme `OAuth2`"
    );
    let bearer = scheme("bearerAuth", json!({"type": "bearer"}));
    let env = |n: &str| (n == "CATALOG_CREDENTIAL_BEARERAUTH").then(|| "t".to_string());
    assert_eq!(
        from_env(&bearer, &env),
        Ok(Some(Credential::Secret("t".into())))
    );
}

#[test]
fn both_forms_at_once_are_refused_naming_both() {
    let bearer = scheme("OAuth2", json!({"type": "access_token", "what": "oauth2"}));
    let env = |n: &str| {
        matches!(
            n,
            "CATALOG_CREDENTIAL_O_AUTH2" | "CATALOG_CREDENTIAL_OAUTH2"
        )
        .then(|| "t".to_string())
    };
    let err = from_env(&bearer, &env).unwrap_err();
    assert_eq!(err.kind(), "ambiguous");
    assert_eq!(
        err.to_string(),
        "CATALOG_CREDENTIAL_O_AUTH2 and CATALOG_CREDENTIAL_OAUTH2 are both set, and both give \
         the credential of scheme `OAuth2`; unset one"
    );
}

/// Every setting a reader names by a constant is one the check accepts.
#[cfg(feature = "mcp")]
#[test]
fn every_named_setting_is_listed() {
    use crate::inbound::access::{confirm, selection};
    use crate::inbound::results::result_size;
    use crate::inbound::transport::http;
    use crate::observe::metrics;
    use crate::outbound::{exchange, executor};
    for name in [
        executor::ENV_ALLOW_WRITES,
        executor::ENV_TIMEOUT_SECS,
        executor::ENV_MAX_RESPONSE_BYTES,
        crate::wire::uploads::FILES_DIR_ENV,
        crate::wire::uploads::MAX_UPLOAD_BYTES_ENV,
        crate::config::settings::ENV_RETRIES,
        crate::config::settings::ENV_NO_RETRY,
        crate::config::settings::ENV_MAX_IN_FLIGHT,
        crate::config::settings::ENV_MAX_LINE_BYTES,
        crate::config::settings::ENV_MAX_PENDING,
        crate::config::settings::ENV_SHUTDOWN_GRACE,
        exchange::ENV_TOKEN_EXCHANGE_URL,
        exchange::ENV_TOKEN_EXCHANGE_CLIENT_ID,
        exchange::ENV_TOKEN_EXCHANGE_CLIENT_SECRET,
        exchange::ENV_TOKEN_EXCHANGE_AUDIENCE,
        exchange::ENV_TOKEN_EXCHANGE_RESOURCE,
        exchange::ENV_TOKEN_EXCHANGE_SCOPE,
        exchange::ENV_TOKEN_EXCHANGE_SKEW_SECS,
        result_size::ENV_RESULT_FORM,
        result_size::ENV_OUTPUT_SCHEMAS,
        result_size::ENV_MAX_RESULT_TOKENS,
        crate::inbound::results::untrusted::ENV_UNTRUSTED_DATA,
        selection::ENV_TOOLSETS,
        selection::ENV_TOOLS,
        selection::ENV_EXCLUDE_TOOLS,
        selection::ENV_READ_ONLY,
        confirm::ENV_CONFIRM,
        confirm::ENV_CONFIRM_FALLBACK,
        crate::audit::recorder::ENV_RECORD,
        http::ENV_HTTP_ALLOWED_HOSTS,
        http::ENV_HTTP_ALLOWED_ORIGINS,
        crate::inbound::access::auth::ENV_HTTP_TOKEN,
        http::ENV_HTTP_AUTHORIZATION_SERVERS,
        http::ENV_HTTP_PUBLIC_URL,
        http::ENV_HTTP_MAX_REQUESTS,
        http::ENV_HTTP_SHUTDOWN_DELAY,
        http::ENV_HTTP_SESSIONS,
        http::ENV_HTTP_CLIENT_SELECTION,
        metrics::ENV_HTTP_METRICS,
        http::ENV_READY_STATUS_PATH,
        http::ENV_READY_VERSION_FIELD,
        http::ENV_READY_SPEC_PATH,
        crate::inbound::access::rate_limit::ENV_RATE_LIMIT,
        crate::inbound::access::rate_limit::ENV_RATE_LIMIT_TOOLS,
        crate::inbound::access::rate_limit::shared::ENV_RATE_LIMIT_STORE,
        crate::observe::audit_log::ENV_AUDIT,
        crate::observe::audit_log::ENV_AUDIT_ARGUMENTS,
    ] {
        assert!(SERVER.contains(&name), "{name}");
    }
    assert_eq!(SERVER.len(), 47);
}
