//! The deployment files in `deploy/` agree with the server they deploy: every `CATALOG_*`
//! variable the manifests set is one the server reads, the probes ask the paths it serves, the
//! grace periods nest (preStop sleep + the server's own grace < Kubernetes' grace), the container
//! runs as a non-root user on the port the manifests route to, and the Service and the autoscaler
//! point at the Deployment.

use catalog::credentials::exchange::{
    ENV_TOKEN_EXCHANGE_AUDIENCE, ENV_TOKEN_EXCHANGE_CLIENT_ID, ENV_TOKEN_EXCHANGE_CLIENT_SECRET,
    ENV_TOKEN_EXCHANGE_RESOURCE, ENV_TOKEN_EXCHANGE_SCOPE, ENV_TOKEN_EXCHANGE_SKEW_SECS,
    ENV_TOKEN_EXCHANGE_URL,
};
use catalog::executor::{
    ENV_ALLOW_WRITES, ENV_MAX_RESPONSE_BYTES, ENV_NO_RETRY, ENV_RETRIES, ENV_TIMEOUT_SECS,
};
use catalog::mcp::auth::ENV_HTTP_TOKEN;
use catalog::mcp::http::{
    ENV_HTTP_ALLOWED_HOSTS, ENV_HTTP_ALLOWED_ORIGINS, ENV_HTTP_AUTHORIZATION_SERVERS,
    ENV_HTTP_MAX_REQUESTS, ENV_HTTP_METRICS, ENV_HTTP_PUBLIC_URL, ENV_HTTP_SESSIONS, HEALTHZ_PATH,
    READYZ_PATH,
};
use catalog::mcp::otel;
use catalog::mcp::{
    DEFAULT_SHUTDOWN_GRACE, ENV_MAX_IN_FLIGHT, ENV_MAX_LINE_BYTES, ENV_MAX_PENDING,
    ENV_SHUTDOWN_GRACE,
};
use catalog::recorder::ENV_RECORD;
use serde_json::Value;
use std::path::Path;

/// Every `CATALOG_*` variable the server reads.
const SETTINGS: &[&str] = &[
    ENV_ALLOW_WRITES,
    ENV_MAX_RESPONSE_BYTES,
    ENV_TIMEOUT_SECS,
    ENV_RETRIES,
    ENV_NO_RETRY,
    ENV_HTTP_TOKEN,
    ENV_HTTP_ALLOWED_HOSTS,
    ENV_HTTP_ALLOWED_ORIGINS,
    ENV_HTTP_AUTHORIZATION_SERVERS,
    ENV_HTTP_MAX_REQUESTS,
    ENV_HTTP_PUBLIC_URL,
    ENV_HTTP_SESSIONS,
    ENV_HTTP_METRICS,
    ENV_MAX_IN_FLIGHT,
    ENV_MAX_LINE_BYTES,
    ENV_MAX_PENDING,
    ENV_SHUTDOWN_GRACE,
    ENV_RECORD,
    ENV_TOKEN_EXCHANGE_URL,
    ENV_TOKEN_EXCHANGE_CLIENT_ID,
    ENV_TOKEN_EXCHANGE_CLIENT_SECRET,
    ENV_TOKEN_EXCHANGE_AUDIENCE,
    ENV_TOKEN_EXCHANGE_RESOURCE,
    ENV_TOKEN_EXCHANGE_SCOPE,
    ENV_TOKEN_EXCHANGE_SKEW_SECS,
];

fn manifest_text(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("deploy/kubernetes")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{} cannot be read: {e}", path.display()))
}

fn parse(name: &str, text: &str) -> Value {
    serde_norway::from_str(text).unwrap_or_else(|e| panic!("{name} is not YAML: {e}"))
}

fn manifest(name: &str) -> Value {
    parse(name, &manifest_text(name))
}

/// The manifest with its optional lines switched on: every commented-out list item written on
/// one line (`# - { name: OTEL_..., value: ... }`) uncommented in place.
fn with_optional_lines(text: &str) -> String {
    text.lines()
        .map(|line| {
            let indent = line.len() - line.trim_start().len();
            match line.trim_start().strip_prefix("# - {") {
                Some(item) => format!("{}- {{{item}", &line[..indent]),
                None => line.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn env_names(deployment: &Value) -> Vec<&str> {
    container(deployment)["env"]
        .as_array()
        .expect("the container has an env list")
        .iter()
        .filter_map(|e| e["name"].as_str())
        .collect()
}

/// The names of `env` entries that are neither a `CATALOG_*` setting nor an `OTEL_*` one the
/// server reads (the API's own base URL variable is the example's, so not checked here).
fn unknown_settings<'a>(names: &[&'a str]) -> Vec<&'a str> {
    names
        .iter()
        .filter(|n| {
            (n.starts_with("CATALOG_") && !SETTINGS.contains(n))
                || (n.starts_with("OTEL_") && !otel::SETTINGS.contains(n))
        })
        .copied()
        .collect()
}

fn containerfile() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/Containerfile");
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{} cannot be read: {e}", path.display()))
}

fn container(deployment: &Value) -> &Value {
    &deployment["spec"]["template"]["spec"]["containers"][0]
}

fn env_value<'a>(container: &'a Value, name: &str) -> Option<&'a str> {
    container["env"]
        .as_array()?
        .iter()
        .find(|e| e["name"] == name)
        .and_then(|e| e["value"].as_str())
}

#[test]
fn every_catalog_variable_the_deployment_sets_is_one_the_server_reads() {
    let deployment = manifest("deployment.yaml");
    let names = env_names(&deployment);
    assert_eq!(
        unknown_settings(&names),
        Vec::<&str>::new(),
        "settings the server does not read"
    );
    // The settings an operator must decide on behind a load balancer are spelled out.
    for needed in [
        ENV_HTTP_ALLOWED_HOSTS,
        ENV_HTTP_TOKEN,
        ENV_SHUTDOWN_GRACE,
        ENV_ALLOW_WRITES,
    ] {
        assert!(
            names.contains(&needed),
            "{needed} is not set in deployment.yaml"
        );
    }
}

#[test]
fn the_probes_ask_the_paths_the_server_serves() {
    let deployment = manifest("deployment.yaml");
    let c = container(&deployment);
    assert_eq!(c["livenessProbe"]["httpGet"]["path"], HEALTHZ_PATH);
    assert_eq!(c["readinessProbe"]["httpGet"]["path"], READYZ_PATH);
    // The readiness timeout outlasts the server's own probe of the API.
    let timeout = c["readinessProbe"]["timeoutSeconds"]
        .as_u64()
        .expect("a readiness timeout");
    assert!(
        timeout > catalog::mcp::http::PROBE_TIMEOUT.as_secs(),
        "{timeout}"
    );
}

#[test]
fn the_grace_periods_nest() {
    let deployment = manifest("deployment.yaml");
    let c = container(&deployment);
    let kubernetes = deployment["spec"]["template"]["spec"]["terminationGracePeriodSeconds"]
        .as_f64()
        .expect("terminationGracePeriodSeconds");
    let pre_stop = c["lifecycle"]["preStop"]["sleep"]["seconds"]
        .as_f64()
        .expect("a preStop sleep");
    let grace = env_value(c, ENV_SHUTDOWN_GRACE)
        .map(|v| {
            v.parse::<f64>()
                .expect("CATALOG_SHUTDOWN_GRACE is a number")
        })
        .unwrap_or(DEFAULT_SHUTDOWN_GRACE.as_secs_f64());
    assert!(
        pre_stop + grace < kubernetes,
        "preStop {pre_stop} s + {ENV_SHUTDOWN_GRACE} {grace} s must end before Kubernetes kills at {kubernetes} s"
    );
}

#[test]
fn the_container_runs_unprivileged_on_the_routed_port() {
    let file = containerfile();
    let last_stage = file.rsplit("\nFROM ").next().expect("a final stage");
    assert!(
        last_stage.starts_with("scratch"),
        "the final image is empty but for the binary"
    );
    let user = last_stage
        .lines()
        .find_map(|l| l.strip_prefix("USER "))
        .expect("the final stage names a USER");
    let uid: u32 = user
        .split(':')
        .next()
        .and_then(|u| u.parse().ok())
        .expect("a numeric user");
    assert_ne!(uid, 0, "the server does not run as root");
    assert!(
        last_stage.contains("\"--http\", \"0.0.0.0:8080\""),
        "{last_stage}"
    );

    let deployment = manifest("deployment.yaml");
    let pod = &deployment["spec"]["template"]["spec"];
    assert_eq!(pod["securityContext"]["runAsNonRoot"], true);
    assert_eq!(
        pod["securityContext"]["runAsUser"].as_u64(),
        Some(u64::from(uid))
    );
    assert_eq!(container(&deployment)["ports"][0]["containerPort"], 8080);
}

#[test]
fn the_service_and_the_autoscaler_point_at_the_deployment() {
    let deployment = manifest("deployment.yaml");
    let service = manifest("service.yaml");
    let hpa = manifest("hpa.yaml");
    let labels = &deployment["spec"]["template"]["metadata"]["labels"];
    assert_eq!(&service["spec"]["selector"], labels);
    assert_eq!(deployment["spec"]["selector"]["matchLabels"], *labels);
    assert_eq!(
        service["spec"]["ports"][0]["targetPort"],
        container(&deployment)["ports"][0]["name"]
    );
    assert_eq!(
        service["spec"]["sessionAffinity"],
        Value::Null,
        "stateless: no affinity"
    );
    assert_eq!(hpa["spec"]["scaleTargetRef"]["kind"], "Deployment");
    assert_eq!(
        hpa["spec"]["scaleTargetRef"]["name"],
        deployment["metadata"]["name"]
    );
    let min = hpa["spec"]["minReplicas"].as_u64().expect("minReplicas");
    assert!(
        min >= 2,
        "one replica cannot be restarted without an outage"
    );
}

#[test]
fn the_optional_trace_settings_are_ones_the_otel_feature_reads() {
    let text = manifest_text("deployment.yaml");
    let plain = env_names(&manifest("deployment.yaml"))
        .into_iter()
        .map(str::to_string)
        .collect::<Vec<_>>();
    // Commented out: a server without a collector to send to exports nothing.
    assert!(
        !plain.iter().any(|n| n.starts_with("OTEL_")),
        "trace export is off unless the operator turns it on: {plain:?}"
    );
    let optional = parse(
        "deployment.yaml with its optional lines",
        &with_optional_lines(&text),
    );
    let names = env_names(&optional);
    assert_eq!(
        unknown_settings(&names),
        Vec::<&str>::new(),
        "settings the server does not read"
    );
    let traces: Vec<&str> = names
        .iter()
        .filter(|n| n.starts_with("OTEL_"))
        .copied()
        .collect();
    assert_eq!(
        traces,
        [
            otel::ENV_ENDPOINT,
            otel::ENV_SERVICE_NAME,
            otel::ENV_RESOURCE_ATTRIBUTES,
            otel::ENV_HEADERS
        ]
    );
    // The endpoint is a collector's OTLP/HTTP receiver, as the server checks it at start-up.
    let endpoint = env_value(container(&optional), otel::ENV_ENDPOINT).expect("an endpoint");
    assert!(
        endpoint.starts_with("http://") && endpoint.ends_with(":4318"),
        "{endpoint}"
    );
    // Everything else is the manifest as it is, uncommented lines aside.
    assert_eq!(names.len(), plain.len() + traces.len());
}

#[test]
fn the_deploying_guide_lists_every_trace_setting() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/deploying.md");
    let guide = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{} cannot be read: {e}", path.display()));
    let missing: Vec<&&str> = otel::SETTINGS
        .iter()
        .filter(|name| !guide.contains(&format!("| `{name}`")))
        .collect();
    assert_eq!(
        missing,
        Vec::<&&str>::new(),
        "OTEL variables missing from the table in docs/deploying.md"
    );
}
