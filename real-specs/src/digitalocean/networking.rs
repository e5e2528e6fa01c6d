//! Firewalls (rules: arrays of objects holding objects), tags assigned to typed resources,
//! domain records and load balancers (forwarding rules, health check, sticky sessions).

use catalog::tool;

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
