//! The components an App Platform app runs: jobs, services, static sites and workers, each
//! with its env vars, image or git source, routes, CORS, health check and log destinations.

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateJobs {
    // build_command: string, optional — "An optional build command to run while building this component from source."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub build_command: Option<String>,
    // dockerfile_path: string, optional — "The path to the Dockerfile relative to the root of the repo. If set, it will be used to build this c..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dockerfile_path: Option<String>,
    // environment_slug: string, optional — "An environment slug describing the type of this app. For a full list, please refer to [the product d..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub environment_slug: Option<String>,
    // envs: array of object (4 fields), optional — "A list of environment variables made available to the component."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub envs: Option<Vec<AppsCreateEnvs>>,
    // git: object (2 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub git: Option<AppsCreateGit>,
    // github: object (3 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub github: Option<AppsCreateGithub>,
    // gitlab: object (3 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gitlab: Option<AppsCreateGitlab>,
    // image: object (4 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<AppsCreateImage>,
    // log_destinations: object (4 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log_destinations: Option<AppsCreateLogDestinations>,
    // name: string, required — "The name. Must be unique across all components within the same app."
    pub name: String,
    // run_command: string, optional — "An optional run command to override the component's default."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_command: Option<String>,
    // source_dir: string, optional — "An optional path to the working directory to use for the build. For Dockerfile builds, this will be..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_dir: Option<String>,
    // instance_count: integer (int64), optional — "The amount of instances that this component should be scaled to. Default: 1"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance_count: Option<i64>,
    // instance_size_slug: string enum [basic-xxs, basic-xs, basic-s, basic-m, professional-xs, professional-s, professional-m, professional-1l, professional-l, professional-xl], optional — "The instance size to use for this component. Default: `basic-xxs`"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance_size_slug: Option<AppsCreateInstanceSizeSlug>,
    // kind: string enum [UNSPECIFIED, PRE_DEPLOY, POST_DEPLOY, FAILED_DEPLOY], optional — "- UNSPECIFIED: Default job type, will auto-complete to POST_DEPLOY kind."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<AppsCreateKind>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateEnvs {
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
pub struct AppsCreateGit {
    // branch: string, optional — "The name of the branch to use"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub branch: Option<String>,
    // repo_clone_url: string, optional — "The clone URL of the repo. Example: `https://github.com/digitalocean/sample-golang.git`"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repo_clone_url: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateGithub {
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
pub struct AppsCreateGitlab {
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
pub struct AppsCreateImage {
    // registry: string, optional — "The registry name. Must be left empty for the `DOCR` registry type."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registry: Option<String>,
    // registry_type: string enum [DOCKER_HUB, DOCR], optional — "- DOCKER_HUB: The DockerHub container registry type."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registry_type: Option<AppsCreateRegistryType>,
    // repository: string, optional — "The repository name."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repository: Option<String>,
    // tag: string, optional — "The repository tag. Defaults to `latest` if not provided."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum AppsCreateRegistryType {
    #[serde(rename = "DOCKER_HUB")]
    DockerHub,
    #[serde(rename = "DOCR")]
    Docr,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateLogDestinations {
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

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum AppsCreateInstanceSizeSlug {
    #[serde(rename = "basic-xxs")]
    BasicXxs,
    #[serde(rename = "basic-xs")]
    BasicXs,
    #[serde(rename = "basic-s")]
    BasicS,
    #[serde(rename = "basic-m")]
    BasicM,
    #[serde(rename = "professional-xs")]
    ProfessionalXs,
    #[serde(rename = "professional-s")]
    ProfessionalS,
    #[serde(rename = "professional-m")]
    ProfessionalM,
    #[serde(rename = "professional-1l")]
    Professional1l,
    #[serde(rename = "professional-l")]
    ProfessionalL,
    #[serde(rename = "professional-xl")]
    ProfessionalXl,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum AppsCreateKind {
    #[serde(rename = "UNSPECIFIED")]
    Unspecified,
    #[serde(rename = "PRE_DEPLOY")]
    PreDeploy,
    #[serde(rename = "POST_DEPLOY")]
    PostDeploy,
    #[serde(rename = "FAILED_DEPLOY")]
    FailedDeploy,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum AppsCreateRegion {
    Ams,
    Nyc,
    Fra,
    Sfo,
    Sgp,
    Blr,
    Tor,
    Lon,
    Syd,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateServices {
    // build_command: string, optional — "An optional build command to run while building this component from source."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub build_command: Option<String>,
    // dockerfile_path: string, optional — "The path to the Dockerfile relative to the root of the repo. If set, it will be used to build this c..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dockerfile_path: Option<String>,
    // environment_slug: string, optional — "An environment slug describing the type of this app. For a full list, please refer to [the product d..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub environment_slug: Option<String>,
    // envs: array of object (4 fields), optional — "A list of environment variables made available to the component."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub envs: Option<Vec<AppsCreateEnvs>>,
    // git: object (2 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub git: Option<AppsCreateGit>,
    // github: object (3 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub github: Option<AppsCreateGithub>,
    // gitlab: object (3 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gitlab: Option<AppsCreateGitlab>,
    // image: object (4 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<AppsCreateImage>,
    // log_destinations: object (4 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log_destinations: Option<AppsCreateLogDestinations>,
    // name: string, required — "The name. Must be unique across all components within the same app."
    pub name: String,
    // run_command: string, optional — "An optional run command to override the component's default."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_command: Option<String>,
    // source_dir: string, optional — "An optional path to the working directory to use for the build. For Dockerfile builds, this will be..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_dir: Option<String>,
    // instance_count: integer (int64), optional — "The amount of instances that this component should be scaled to. Default: 1"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance_count: Option<i64>,
    // instance_size_slug: string enum [basic-xxs, basic-xs, basic-s, basic-m, professional-xs, professional-s, professional-m, professional-1l, professional-l, professional-xl], optional — "The instance size to use for this component. Default: `basic-xxs`"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance_size_slug: Option<AppsCreateInstanceSizeSlug>,
    // cors: object (6 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cors: Option<AppsCreateCors>,
    // health_check: object (7 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub health_check: Option<AppsCreateHealthCheck>,
    // http_port: integer (int64), optional — "The internal port on which this service's run command will listen. Default: 8080"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub http_port: Option<i32>,
    // internal_ports: array of integer (int64), optional — "The ports on which this service will listen for internal traffic."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub internal_ports: Option<Vec<i64>>,
    // routes: array of object (2 fields), optional — "A list of HTTP routes that should be routed to this component."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub routes: Option<Vec<AppsCreateRoutes>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateCors {
    // allow_credentials: boolean, optional — "Whether browsers should expose the response to the client-side JavaScript code when the request’s cr..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_credentials: Option<bool>,
    // allow_headers: array of string, optional — "The set of allowed HTTP request headers. This configures the `Access-Control-Allow-Headers` header."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_headers: Option<Vec<String>>,
    // allow_methods: array of string, optional — "The set of allowed HTTP methods. This configures the `Access-Control-Allow-Methods` header."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_methods: Option<Vec<String>>,
    // allow_origins: array of object (3 fields), optional — "The set of allowed CORS origins."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_origins: Option<Vec<AppsCreateAllowOrigins>>,
    // expose_headers: array of string, optional — "The set of HTTP response headers that browsers are allowed to access. This configures the `Access-Co..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expose_headers: Option<Vec<String>>,
    // max_age: string, optional — "An optional duration specifying how long browsers can cache the results of a preflight request. This..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_age: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateHealthCheck {
    // failure_threshold: integer (int32), optional — "The number of failed health checks before considered unhealthy."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure_threshold: Option<i32>,
    // http_path: string, optional — "The route path used for the HTTP health check ping. If not set, the HTTP health check will be disabl..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub http_path: Option<String>,
    // initial_delay_seconds: integer (int32), optional — "The number of seconds to wait before beginning health checks."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initial_delay_seconds: Option<i32>,
    // period_seconds: integer (int32), optional — "The number of seconds to wait between health checks."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period_seconds: Option<i32>,
    // port: integer (int64), optional — "The port on which the health check will be performed. If not set, the health check will be performed..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub port: Option<i32>,
    // success_threshold: integer (int32), optional — "The number of successful health checks before considered healthy."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub success_threshold: Option<i32>,
    // timeout_seconds: integer (int32), optional — "The number of seconds after which the check times out."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeout_seconds: Option<i32>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateRoutes {
    // path: string, optional — "An HTTP path prefix. Paths must start with / and must be unique across all components within an app."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    // preserve_path_prefix: boolean, optional — "An optional flag to preserve the path that is forwarded to the backend service. By default, the HTTP..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preserve_path_prefix: Option<bool>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateStaticSites {
    // build_command: string, optional — "An optional build command to run while building this component from source."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub build_command: Option<String>,
    // dockerfile_path: string, optional — "The path to the Dockerfile relative to the root of the repo. If set, it will be used to build this c..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dockerfile_path: Option<String>,
    // environment_slug: string, optional — "An environment slug describing the type of this app. For a full list, please refer to [the product d..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub environment_slug: Option<String>,
    // envs: array of object (4 fields), optional — "A list of environment variables made available to the component."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub envs: Option<Vec<AppsCreateEnvs>>,
    // git: object (2 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub git: Option<AppsCreateGit>,
    // github: object (3 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub github: Option<AppsCreateGithub>,
    // gitlab: object (3 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gitlab: Option<AppsCreateGitlab>,
    // image: object (4 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<AppsCreateImage>,
    // log_destinations: object (4 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log_destinations: Option<AppsCreateLogDestinations>,
    // name: string, required — "The name. Must be unique across all components within the same app."
    pub name: String,
    // run_command: string, optional — "An optional run command to override the component's default."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_command: Option<String>,
    // source_dir: string, optional — "An optional path to the working directory to use for the build. For Dockerfile builds, this will be..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_dir: Option<String>,
    // catchall_document: string, optional — "The name of the document to use as the fallback for any requests to documents that are not found whe..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub catchall_document: Option<String>,
    // cors: object (6 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cors: Option<Cors>,
    // error_document: string, optional — "The name of the error document to use when serving this static site. Default: 404.html. If no such f..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error_document: Option<String>,
    // index_document: string, optional — "The name of the index document to use when serving this static site. Default: index.html"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index_document: Option<String>,
    // output_dir: string, optional — "An optional path to where the built assets will be located, relative to the build context. If not se..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_dir: Option<String>,
    // routes: array of object (2 fields), optional — "A list of HTTP routes that should be routed to this component."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub routes: Option<Vec<Items2>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateWorkers {
    // build_command: string, optional — "An optional build command to run while building this component from source."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub build_command: Option<String>,
    // dockerfile_path: string, optional — "The path to the Dockerfile relative to the root of the repo. If set, it will be used to build this c..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dockerfile_path: Option<String>,
    // environment_slug: string, optional — "An environment slug describing the type of this app. For a full list, please refer to [the product d..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub environment_slug: Option<String>,
    // envs: array of object (4 fields), optional — "A list of environment variables made available to the component."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub envs: Option<Vec<AppsCreateEnvs>>,
    // git: object (2 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub git: Option<AppsCreateGit>,
    // github: object (3 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub github: Option<AppsCreateGithub>,
    // gitlab: object (3 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gitlab: Option<AppsCreateGitlab>,
    // image: object (4 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<AppsCreateImage>,
    // log_destinations: object (4 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log_destinations: Option<AppsCreateLogDestinations>,
    // name: string, required — "The name. Must be unique across all components within the same app."
    pub name: String,
    // run_command: string, optional — "An optional run command to override the component's default."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_command: Option<String>,
    // source_dir: string, optional — "An optional path to the working directory to use for the build. For Dockerfile builds, this will be..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_dir: Option<String>,
    // instance_count: integer (int64), optional — "The amount of instances that this component should be scaled to. Default: 1"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance_count: Option<i64>,
    // instance_size_slug: string enum [basic-xxs, basic-xs, basic-s, basic-m, professional-xs, professional-s, professional-m, professional-1l, professional-l, professional-xl], optional — "The instance size to use for this component. Default: `basic-xxs`"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance_size_slug: Option<AppsCreateInstanceSizeSlug>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Cors {
    // allow_credentials: boolean, optional — "Whether browsers should expose the response to the client-side JavaScript code when the request’s cr..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_credentials: Option<bool>,
    // allow_headers: array of string, optional — "The set of allowed HTTP request headers. This configures the `Access-Control-Allow-Headers` header."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_headers: Option<Vec<String>>,
    // allow_methods: array of string, optional — "The set of allowed HTTP methods. This configures the `Access-Control-Allow-Methods` header."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_methods: Option<Vec<String>>,
    // allow_origins: array of object (3 fields), optional — "The set of allowed CORS origins."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_origins: Option<Vec<AppsCreateAllowOrigins>>,
    // expose_headers: array of string, optional — "The set of HTTP response headers that browsers are allowed to access. This configures the `Access-Co..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expose_headers: Option<Vec<String>>,
    // max_age: string, optional — "An optional duration specifying how long browsers can cache the results of a preflight request. This..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_age: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateAllowOrigins {
    // exact: string, optional — "Exact string match. Only 1 of `exact`, `prefix`, or `regex` must be set."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<String>,
    // prefix: string, optional — "Prefix-based match. Only 1 of `exact`, `prefix`, or `regex` must be set."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prefix: Option<String>,
    // regex: string, optional — "RE2 style regex-based match. Only 1 of `exact`, `prefix`, or `regex` must be set. For more informati..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub regex: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum AppsCreateScope {
    #[serde(rename = "UNSET")]
    Unset,
    #[serde(rename = "RUN_TIME")]
    RunTime,
    #[serde(rename = "BUILD_TIME")]
    BuildTime,
    #[serde(rename = "RUN_AND_BUILD_TIME")]
    RunAndBuildTime,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum AppsCreateType2 {
    #[serde(rename = "GENERAL")]
    General,
    #[serde(rename = "SECRET")]
    Secret,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateDatadog {
    // api_key: string, required — "Datadog API key."
    pub api_key: String,
    // endpoint: string, optional — "Datadog HTTP log intake endpoint."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub endpoint: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreateLogtail {
    // token: string, optional — "Logtail token."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    // endpoint: any JSON value, required — "required by the spec, which declares no schema for it: any JSON value"
    pub endpoint: serde_json::Value,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct AppsCreatePapertrail {
    // endpoint: string, required — "Papertrail syslog endpoint."
    pub endpoint: String,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Items2 {
    // path: string, optional — "An HTTP path prefix. Paths must start with / and must be unique across all components within an app."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    // preserve_path_prefix: boolean, optional — "An optional flag to preserve the path that is forwarded to the backend service. By default, the HTTP..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preserve_path_prefix: Option<bool>,
}
