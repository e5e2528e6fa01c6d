//! Virtualization: virtual machines, their interfaces, clusters and cluster types.

use catalog::tool;

/// Find virtual machines.
#[tool(
    spec = "netbox-4.6.8",
    operation = "virtualization_virtual_machines_list",
    name = "list_virtual_machines",
    output(
        text,
        reason = "NetBox's response schemas run to tens of KB (nested objects, custom fields); as outputSchema they would make this set's tools/list 140 000 tokens, so the agent reads the JSON as text"
    ),
    omitted(
        "query.fields",
        reason = "the tool returns whole objects (or `brief` ones) so that answers are not missing fields"
    ),
    omitted(
        "query.omit",
        reason = "the tool returns whole objects (or `brief` ones) so that answers are not missing fields"
    ),
    omitted(
        "query.*",
        reason = "the rest of NetBox's virtual-machine filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListVirtualMachines {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub name: Option<Vec<String>>,
    /// Name contains (case-insensitive), any of these.
    #[arg(param = "query.name__ic")]
    pub name_ic: Option<Vec<String>>,
    pub cluster_id: Option<Vec<Option<i64>>>,
    pub site_id: Option<Vec<Option<i64>>>,
    pub device_id: Option<Vec<Option<i64>>>,
    #[arg(
        values = ["offline", "active", "planned", "staged", "failed", "decommissioning", "paused"],
        read_at = "netbox/virtualization/filtersets.py: VirtualMachineFilterSet.status (MultipleChoiceFilter over netbox/virtualization/choices.py: VirtualMachineStatusChoices)",
        reason = "the 4.6.8 spec gives this status filter no enum (only x-spec-enum-id); the server reads VirtualMachineStatusChoices' values only and refuses any other text (\"Select a valid choice\")"
    )]
    pub status: Option<Vec<String>>,
    /// Status is none of these.
    #[arg(
        param = "query.status__n",
        values = ["offline", "active", "planned", "staged", "failed", "decommissioning", "paused"],
        read_at = "netbox/netbox/filtersets.py: BaseFilterSet.get_additional_lookups (VirtualMachineFilterSet.status negated: the same VirtualMachineStatusChoices)",
        reason = "as `status`: the 4.6.8 spec gives it no enum; the server reads VirtualMachineStatusChoices' values only and refuses any other text"
    )]
    pub status_n: Option<Vec<String>>,
    /// Device role ids (a role includes its child roles).
    #[arg(
        wire_type = "integer",
        read_at = "netbox/virtualization/filtersets.py: VirtualMachineFilterSet.role_id (TreeNodeMultipleChoiceFilter over DeviceRole pks)",
        reason = "the 4.6.8 spec types this id filter as strings; the server reads integer primary keys and refuses any other text"
    )]
    pub role_id: Option<Vec<i64>>,
    /// Platform ids (a platform includes its child platforms).
    #[arg(
        wire_type = "integer",
        read_at = "netbox/virtualization/filtersets.py: VirtualMachineFilterSet.platform_id (TreeNodeMultipleChoiceFilter over Platform pks)",
        reason = "the 4.6.8 spec types this id filter as strings; the server reads integer primary keys and refuses any other text"
    )]
    pub platform_id: Option<Vec<i64>>,
    /// Virtual CPU counts.
    pub vcpus: Option<Vec<f64>>,
    /// Memory at least this many MB.
    #[arg(param = "query.memory__gte")]
    pub memory_gte: Option<Vec<i64>>,
    #[arg(
        pattern = "^(?:[0-9A-Fa-f]{1,2}(?::[0-9A-Fa-f]{1,2}){5}|[0-9A-Fa-f]{1,2}(?:-[0-9A-Fa-f]{1,2}){5}|[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){2}|[0-9A-Fa-f]{1,4}(?:-[0-9A-Fa-f]{1,4}){2}|[0-9A-Fa-f]{1,4}(?:\\.[0-9A-Fa-f]{1,4}){2}|[0-9A-Fa-f]{5,6}-[0-9A-Fa-f]{5,6}|[0-9A-Fa-f]{5,6}:[0-9A-Fa-f]{5,6}|[0-9A-Fa-f]{11,12})$",
        read_at = "netbox/virtualization/filtersets.py: VirtualMachineFilterSet.mac_address (MultiValueMACAddressFilter: netbox/dcim/fields.py MACAddressField.to_python, netaddr EUI version 48)",
        reason = "the spec gives the MAC address filter no format; the server parses each value as an EUI-48 in one of netaddr's formats (netaddr/strategy/eui48.py: RE_MAC_FORMATS) and refuses any other text (\"Invalid MAC address format\")"
    )]
    pub mac_address: Option<Vec<String>>,
    /// Tenant ids; `null` in the list selects objects without a tenant (sent as `tenant_id=null`).
    pub tenant_id: Option<Vec<Option<i64>>>,
    pub tag: Option<Vec<String>>,
    /// `true`: only objects without a description; `false`: only those with one.
    #[arg(param = "query.description__empty")]
    pub description_empty: Option<bool>,
    /// Page size (NetBox default 50, at most its MAX_PAGE_SIZE).
    pub limit: Option<i64>,
    /// How many results to skip: the next page starts at `offset + limit`.
    pub offset: Option<i64>,
    /// A field to order by; `-name` reverses.
    pub ordering: Option<String>,
    /// `true` returns each object in its short form (id, name, URL): smaller pages. Leave it out for whole objects: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}

/// Read one virtual machine by id, with its config context.
#[tool(
    spec = "netbox-4.6.8",
    operation = "virtualization_virtual_machines_retrieve",
    name = "get_virtual_machine",
    output(
        text,
        reason = "NetBox's response schemas run to tens of KB (nested objects, custom fields); as outputSchema they would make this set's tools/list 140 000 tokens, so the agent reads the JSON as text"
    ),
    omitted(
        "query.fields",
        reason = "the tool returns the whole object so that answers are not missing fields"
    ),
    omitted(
        "query.omit",
        reason = "the tool returns the whole object so that answers are not missing fields"
    )
)]
pub struct GetVirtualMachine {
    /// The object's NetBox id.
    pub id: i64,
    /// `true` returns the short form (id, name, URL). Leave it out for the whole object: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}

/// Find virtualization clusters.
#[tool(
    spec = "netbox-4.6.8",
    operation = "virtualization_clusters_list",
    name = "list_clusters",
    output(
        text,
        reason = "NetBox's response schemas run to tens of KB (nested objects, custom fields); as outputSchema they would make this set's tools/list 140 000 tokens, so the agent reads the JSON as text"
    ),
    omitted(
        "query.fields",
        reason = "the tool returns whole objects (or `brief` ones) so that answers are not missing fields"
    ),
    omitted(
        "query.omit",
        reason = "the tool returns whole objects (or `brief` ones) so that answers are not missing fields"
    ),
    omitted(
        "query.*",
        reason = "the rest of NetBox's cluster filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListClusters {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub name: Option<Vec<String>>,
    /// Name contains (case-insensitive), any of these.
    #[arg(param = "query.name__ic")]
    pub name_ic: Option<Vec<String>>,
    #[arg(param = "query.type")]
    pub type_: Option<Vec<String>>,
    pub group_id: Option<Vec<Option<i64>>>,
    #[arg(
        values = ["planned", "staging", "active", "decommissioning", "offline"],
        read_at = "netbox/virtualization/filtersets.py: ClusterFilterSet.status (MultipleChoiceFilter over netbox/virtualization/choices.py: ClusterStatusChoices)",
        reason = "the 4.6.8 spec gives this status filter no enum (only x-spec-enum-id); the server reads ClusterStatusChoices' values only and refuses any other text (\"Select a valid choice\")"
    )]
    pub status: Option<Vec<String>>,
    pub site_id: Option<Vec<i64>>,
    pub scope_type: Option<Vec<String>>,
    pub scope_id: Option<Vec<i64>>,
    /// Tenant ids; `null` in the list selects objects without a tenant (sent as `tenant_id=null`).
    pub tenant_id: Option<Vec<Option<i64>>>,
    pub tag: Option<Vec<String>>,
    /// Page size (NetBox default 50, at most its MAX_PAGE_SIZE).
    pub limit: Option<i64>,
    /// How many results to skip: the next page starts at `offset + limit`.
    pub offset: Option<i64>,
    /// A field to order by; `-name` reverses.
    pub ordering: Option<String>,
    /// `true` returns each object in its short form (id, name, URL): smaller pages. Leave it out for whole objects: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}

/// Read one cluster by id.
#[tool(
    spec = "netbox-4.6.8",
    operation = "virtualization_clusters_retrieve",
    name = "get_cluster",
    output(
        text,
        reason = "NetBox's response schemas run to tens of KB (nested objects, custom fields); as outputSchema they would make this set's tools/list 140 000 tokens, so the agent reads the JSON as text"
    ),
    omitted(
        "query.fields",
        reason = "the tool returns the whole object so that answers are not missing fields"
    ),
    omitted(
        "query.omit",
        reason = "the tool returns the whole object so that answers are not missing fields"
    )
)]
pub struct GetCluster {
    /// The object's NetBox id.
    pub id: i64,
    /// `true` returns the short form (id, name, URL). Leave it out for the whole object: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}

/// Find cluster types (vSphere, Proxmox, ...).
#[tool(
    spec = "netbox-4.6.8",
    operation = "virtualization_cluster_types_list",
    name = "list_cluster_types",
    output(
        text,
        reason = "NetBox's response schemas run to tens of KB (nested objects, custom fields); as outputSchema they would make this set's tools/list 140 000 tokens, so the agent reads the JSON as text"
    ),
    omitted(
        "query.fields",
        reason = "the tool returns whole objects (or `brief` ones) so that answers are not missing fields"
    ),
    omitted(
        "query.omit",
        reason = "the tool returns whole objects (or `brief` ones) so that answers are not missing fields"
    ),
    omitted(
        "query.*",
        reason = "the rest of NetBox's cluster-type filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListClusterTypes {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub name: Option<Vec<String>>,
    /// Name contains (case-insensitive), any of these.
    #[arg(param = "query.name__ic")]
    pub name_ic: Option<Vec<String>>,
    pub slug: Option<Vec<String>>,
    /// Page size (NetBox default 50, at most its MAX_PAGE_SIZE).
    pub limit: Option<i64>,
    /// How many results to skip: the next page starts at `offset + limit`.
    pub offset: Option<i64>,
    /// A field to order by; `-name` reverses.
    pub ordering: Option<String>,
    /// `true` returns each object in its short form (id, name, URL): smaller pages. Leave it out for whole objects: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}

/// Find virtual machines' interfaces.
#[tool(
    spec = "netbox-4.6.8",
    operation = "virtualization_interfaces_list",
    name = "list_vm_interfaces",
    output(
        text,
        reason = "NetBox's response schemas run to tens of KB (nested objects, custom fields); as outputSchema they would make this set's tools/list 140 000 tokens, so the agent reads the JSON as text"
    ),
    omitted(
        "query.fields",
        reason = "the tool returns whole objects (or `brief` ones) so that answers are not missing fields"
    ),
    omitted(
        "query.omit",
        reason = "the tool returns whole objects (or `brief` ones) so that answers are not missing fields"
    ),
    omitted(
        "query.*",
        reason = "the rest of NetBox's VM-interface filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListVmInterfaces {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub name: Option<Vec<String>>,
    /// Name contains (case-insensitive), any of these.
    #[arg(param = "query.name__ic")]
    pub name_ic: Option<Vec<String>>,
    pub virtual_machine_id: Option<Vec<i64>>,
    pub cluster_id: Option<Vec<i64>>,
    pub enabled: Option<bool>,
    #[arg(
        pattern = "^(?:[0-9A-Fa-f]{1,2}(?::[0-9A-Fa-f]{1,2}){5}|[0-9A-Fa-f]{1,2}(?:-[0-9A-Fa-f]{1,2}){5}|[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){2}|[0-9A-Fa-f]{1,4}(?:-[0-9A-Fa-f]{1,4}){2}|[0-9A-Fa-f]{1,4}(?:\\.[0-9A-Fa-f]{1,4}){2}|[0-9A-Fa-f]{5,6}-[0-9A-Fa-f]{5,6}|[0-9A-Fa-f]{5,6}:[0-9A-Fa-f]{5,6}|[0-9A-Fa-f]{11,12})$",
        read_at = "netbox/virtualization/filtersets.py: VMInterfaceFilterSet.mac_address (MultiValueMACAddressFilter: netbox/dcim/fields.py MACAddressField.to_python, netaddr EUI version 48)",
        reason = "the spec gives the MAC address filter no format; the server parses each value as an EUI-48 in one of netaddr's formats (netaddr/strategy/eui48.py: RE_MAC_FORMATS) and refuses any other text (\"Invalid MAC address format\")"
    )]
    pub mac_address: Option<Vec<String>>,
    /// Interfaces carrying this VLAN (its id), untagged or tagged.
    #[arg(
        wire_type = "integer",
        read_at = "netbox/dcim/filtersets.py: CommonInterfaceFilterSet.vlan_id (NumberFilter, decimal_places=0; VMInterfaceFilterSet inherits it)",
        reason = "the 4.6.8 spec types the VLAN filter as a string; the server reads a whole number and refuses other text (Enter a number)"
    )]
    pub vlan_id: Option<i64>,
    pub vrf_id: Option<Vec<i64>>,
    pub tag: Option<Vec<String>>,
    /// Page size (NetBox default 50, at most its MAX_PAGE_SIZE).
    pub limit: Option<i64>,
    /// How many results to skip: the next page starts at `offset + limit`.
    pub offset: Option<i64>,
    /// A field to order by; `-name` reverses.
    pub ordering: Option<String>,
    /// `true` returns each object in its short form (id, name, URL): smaller pages. Leave it out for whole objects: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}
