//! An App Platform app: the app's spec, its databases, domains, functions, alerts, git
//! sources, log destinations and ingress rules. The components it runs are in `app_components`.

use super::app_components::*;
use catalog::tool;

/// Create a New App
#[tool(
    spec = "digitalocean.com",
    operation = "apps_create",
    name = "create_app",
    // output: 200 application/json
)]
pub struct AppsCreate {
    // body.project_id: string, optional — "The ID of the project the app should be assigned to. If omitted, it will be assigned to your default..."
    pub project_id: Option<String>,
    // body.spec: object (10 fields), required — "The desired configuration of an application."
    pub spec: Spec,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Spec {
    // databases: array of object (7 fields), optional — "Database instances which can provide persistence to workloads within the"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub databases: Option<Vec<AppsCreateDatabases>>,
    // domains: array of object (5 fields), optional — "A set of hostnames where the application will be available."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub domains: Option<Vec<AppsCreateDomains>>,
    // functions: array of object (10 fields), optional — "Workloads which expose publicly-accessible HTTP services via Functions Components."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub functions: Option<Vec<AppsCreateFunctions>>,
    // ingress: object (1 field), optional — "Specification for app ingress configurations."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ingress: Option<AppsCreateIngress>,
    // jobs: array of object (15 fields), optional — "Pre and post deployment workloads which do not expose publicly-accessible HTTP routes."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jobs: Option<Vec<AppsCreateJobs>>,
    // name: string, required — "The name of the app. Must be unique across all apps in the same account."
    pub name: String,
    // region: string enum [ams, nyc, fra, sfo, sgp, blr, tor, lon, syd], optional — "The slug form of the geographical origin of the app. Default: `nearest available`"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region: Option<AppsCreateRegion>,
    // services: array of object (19 fields), optional — "Workloads which expose publicly-accessible HTTP services."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub services: Option<Vec<AppsCreateServices>>,
    // static_sites: array of object (18 fields), optional — "Content which can be rendered to static web assets."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub static_sites: Option<Vec<AppsCreateStaticSites>>,
    // workers: array of object (14 fields), optional — "Workloads which do not expose publicly-accessible HTTP services."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workers: Option<Vec<AppsCreateWorkers>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateDatabases {
    // cluster_name: string, optional — "The name of the underlying DigitalOcean DBaaS cluster. This is required for production databases. Fo..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cluster_name: Option<String>,
    // db_name: string, optional — "The name of the MySQL or PostgreSQL database to configure."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub db_name: Option<String>,
    // db_user: string, optional — "The name of the MySQL or PostgreSQL user to configure."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub db_user: Option<String>,
    // engine: string enum [UNSET, MYSQL, PG, REDIS], optional — "- MYSQL: MySQL"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<AppsCreateEngine>,
    // name: string, required — "The name. Must be unique across all components within the same app."
    pub name: String,
    // production: boolean, optional — "Whether this is a production or dev database."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub production: Option<bool>,
    // version: string, optional — "The version of the database engine"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum AppsCreateEngine {
    #[serde(rename = "UNSET")]
    Unset,
    #[serde(rename = "MYSQL")]
    Mysql,
    #[serde(rename = "PG")]
    Pg,
    #[serde(rename = "REDIS")]
    Redis,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateDomains {
    // domain: string, required — "The hostname for the domain"
    pub domain: String,
    // minimum_tls_version: string enum [1.2, 1.3], optional — "The minimum version of TLS a client application can use to access resources for the domain. Must be..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimum_tls_version: Option<AppsCreateMinimumTlsVersion>,
    // type: string enum [UNSPECIFIED, DEFAULT, PRIMARY, ALIAS], optional — "- DEFAULT: The default `.ondigitalocean.app` domain assigned to this app"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#type: Option<AppsCreateType>,
    // wildcard: boolean, optional — "Indicates whether the domain includes all sub-domains, in addition to the given domain"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wildcard: Option<bool>,
    // zone: string (hostname), optional — "Optional. If the domain uses DigitalOcean DNS and you would like App"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum AppsCreateMinimumTlsVersion {
    #[serde(rename = "1.2")]
    V12,
    #[serde(rename = "1.3")]
    V13,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum AppsCreateType {
    #[serde(rename = "UNSPECIFIED")]
    Unspecified,
    #[serde(rename = "DEFAULT")]
    Default,
    #[serde(rename = "PRIMARY")]
    Primary,
    #[serde(rename = "ALIAS")]
    Alias,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateFunctions {
    // alerts: array of object (5 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alerts: Option<Vec<AppsCreateAlerts>>,
    // cors: object (6 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cors: Option<Cors>,
    // envs: array of object (4 fields), optional — "A list of environment variables made available to the component."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub envs: Option<Vec<Items>>,
    // git: object (2 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub git: Option<Git>,
    // github: object (3 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub github: Option<Github>,
    // gitlab: object (3 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gitlab: Option<Gitlab>,
    // log_destinations: object (4 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log_destinations: Option<LogDestinations>,
    // name: string, required — "The name. Must be unique across all components within the same app."
    pub name: String,
    // routes: array of object (2 fields), optional — "A list of HTTP routes that should be routed to this component."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub routes: Option<Vec<Items2>>,
    // source_dir: string, optional — "An optional path to the working directory to use for the build. For Dockerfile builds, this will be..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_dir: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateAlerts {
    // disabled: boolean, optional — "Is the alert disabled?"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disabled: Option<bool>,
    // operator: string enum [UNSPECIFIED_OPERATOR, GREATER_THAN, LESS_THAN], optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub operator: Option<AppsCreateOperator>,
    // rule: string enum [UNSPECIFIED_RULE, CPU_UTILIZATION, MEM_UTILIZATION, RESTART_COUNT, DEPLOYMENT_FAILED, DEPLOYMENT_LIVE, DOMAIN_FAILED, DOMAIN_LIVE, FUNCTIONS_ACTIVATION_COUNT, FUNCTIONS_AVERAGE_DURATION_MS, FUNCTIONS_ERROR_RATE_PER_MINUTE, FUNCTIONS_AVERAGE_WAIT_TIME_MS, FUNCTIONS_ERROR_COUNT, FUNCTIONS_GB_RATE_PER_SECOND], optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<AppsCreateRule>,
    // value: number (float), optional — "Threshold value for alert"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<f32>,
    // window: string enum [UNSPECIFIED_WINDOW, FIVE_MINUTES, TEN_MINUTES, THIRTY_MINUTES, ONE_HOUR], optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window: Option<AppsCreateWindow>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum AppsCreateOperator {
    #[serde(rename = "UNSPECIFIED_OPERATOR")]
    UnspecifiedOperator,
    #[serde(rename = "GREATER_THAN")]
    GreaterThan,
    #[serde(rename = "LESS_THAN")]
    LessThan,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum AppsCreateRule {
    #[serde(rename = "UNSPECIFIED_RULE")]
    UnspecifiedRule,
    #[serde(rename = "CPU_UTILIZATION")]
    CpuUtilization,
    #[serde(rename = "MEM_UTILIZATION")]
    MemUtilization,
    #[serde(rename = "RESTART_COUNT")]
    RestartCount,
    #[serde(rename = "DEPLOYMENT_FAILED")]
    DeploymentFailed,
    #[serde(rename = "DEPLOYMENT_LIVE")]
    DeploymentLive,
    #[serde(rename = "DOMAIN_FAILED")]
    DomainFailed,
    #[serde(rename = "DOMAIN_LIVE")]
    DomainLive,
    #[serde(rename = "FUNCTIONS_ACTIVATION_COUNT")]
    FunctionsActivationCount,
    #[serde(rename = "FUNCTIONS_AVERAGE_DURATION_MS")]
    FunctionsAverageDurationMs,
    #[serde(rename = "FUNCTIONS_ERROR_RATE_PER_MINUTE")]
    FunctionsErrorRatePerMinute,
    #[serde(rename = "FUNCTIONS_AVERAGE_WAIT_TIME_MS")]
    FunctionsAverageWaitTimeMs,
    #[serde(rename = "FUNCTIONS_ERROR_COUNT")]
    FunctionsErrorCount,
    #[serde(rename = "FUNCTIONS_GB_RATE_PER_SECOND")]
    FunctionsGbRatePerSecond,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum AppsCreateWindow {
    #[serde(rename = "UNSPECIFIED_WINDOW")]
    UnspecifiedWindow,
    #[serde(rename = "FIVE_MINUTES")]
    FiveMinutes,
    #[serde(rename = "TEN_MINUTES")]
    TenMinutes,
    #[serde(rename = "THIRTY_MINUTES")]
    ThirtyMinutes,
    #[serde(rename = "ONE_HOUR")]
    OneHour,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Items {
    // key: string, required — "The variable name"
    pub key: String,
    // scope: string enum [UNSET, RUN_TIME, BUILD_TIME, RUN_AND_BUILD_TIME], optional — "- RUN_TIME: Made available only at run-time"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<AppsCreateScope>,
    // type: string enum [GENERAL, SECRET], optional — "- GENERAL: A plain-text environment variable"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#type: Option<AppsCreateType2>,
    // value: string, optional — "The value. If the type is `SECRET`, the value will be encrypted on first submission. On following su..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Git {
    // branch: string, optional — "The name of the branch to use"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub branch: Option<String>,
    // repo_clone_url: string, optional — "The clone URL of the repo. Example: `https://github.com/digitalocean/sample-golang.git`"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repo_clone_url: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Github {
    // branch: string, optional — "The name of the branch to use"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub branch: Option<String>,
    // deploy_on_push: boolean, optional — "Whether to automatically deploy new commits made to the repo"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deploy_on_push: Option<bool>,
    // repo: string, optional — "The name of the repo in the format owner/repo. Example: `digitalocean/sample-golang`"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repo: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Gitlab {
    // branch: string, optional — "The name of the branch to use"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub branch: Option<String>,
    // deploy_on_push: boolean, optional — "Whether to automatically deploy new commits made to the repo"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deploy_on_push: Option<bool>,
    // repo: string, optional — "The name of the repo in the format owner/repo. Example: `digitalocean/sample-golang`"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repo: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct LogDestinations {
    // datadog: object (2 fields), optional — "DataDog configuration."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub datadog: Option<AppsCreateDatadog>,
    // logtail: object (2 fields), optional — "Logtail configuration."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logtail: Option<AppsCreateLogtail>,
    // name: string, required
    pub name: String,
    // papertrail: object (1 field), optional — "Papertrail configuration."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub papertrail: Option<AppsCreatePapertrail>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateIngress {
    // rules: array of object (4 fields), optional — "Rules for configuring HTTP ingress for component routes, CORS, rewrites, and redirects."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<AppsCreateRules>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateRules {
    // component: object (3 fields), optional — "The component to route to. Only one of `component` or `redirect` may be set."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub component: Option<AppsCreateComponent>,
    // cors: object (6 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cors: Option<Cors>,
    // match: object (1 field), optional — "The match configuration for the rule."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#match: Option<AppsCreateMatch>,
    // redirect: object (5 fields), optional — "The redirect configuration for the rule. Only one of `component` or `redirect` may be set."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redirect: Option<AppsCreateRedirect>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateComponent {
    // name: string, required — "The name of the component to route to."
    pub name: String,
    // preserve_path_prefix: string, optional — "An optional flag to preserve the path that is forwarded to the backend service. By default, the HTTP..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preserve_path_prefix: Option<String>,
    // rewrite: string, optional — "An optional field that will rewrite the path of the component to be what is specified here. By defau..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rewrite: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateMatch {
    // path: object (1 field), required — "The path to match on."
    pub path: AppsCreatePath,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreatePath {
    // prefix: string, required — "Prefix-based match. For example, `/api` will match `/api`, `/api/`, and any nested paths such as `/a..."
    pub prefix: String,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateRedirect {
    // authority: string, optional — "The authority/host to redirect to. This can be a hostname or IP address. Note: use `port` to set the..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authority: Option<String>,
    // port: integer (int64), optional — "The port to redirect to."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub port: Option<i64>,
    // redirect_code: integer (int64), optional — "The redirect code to use. Defaults to `302`. Supported values are 300, 301, 302, 303, 304, 307, 308."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redirect_code: Option<i64>,
    // scheme: string, optional — "The scheme to redirect to. Supported values are `http` or `https`. Default: `https`."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scheme: Option<String>,
    // uri: string, optional — "An optional URI path to redirect to. Note: if this is specified the whole URI of the original reques..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uri: Option<String>,
}
