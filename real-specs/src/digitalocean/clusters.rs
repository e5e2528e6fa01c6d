//! A database cluster's trusted sources and a Kubernetes cluster whose node pools carry
//! read-only properties (refused by path, never dropped).

use catalog::tool;

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
