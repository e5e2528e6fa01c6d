//! IPAM: prefixes and their free addresses, IP addresses, VLANs and VLAN groups, VRFs,
//! aggregates and IP ranges; and the two writes an operator hands an agent: take the next free
//! address of a prefix, and record an address on an interface.

use catalog::tool;

/// Find IP prefixes (subnets).
#[tool(
    spec = "netbox-4.6.8",
    operation = "ipam_prefixes_list",
    name = "list_prefixes",
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
        reason = "the rest of NetBox's prefix filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListPrefixes {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    /// Exact prefixes, in CIDR form (`10.0.0.0/24`).
    pub prefix: Option<Vec<String>>,
    /// Prefixes within this one, itself included (`10.0.0.0/16`).
    pub within_include: Option<String>,
    /// 4 or 6.
    pub family: Option<f64>,
    pub mask_length: Option<Vec<i64>>,
    pub vrf_id: Option<Vec<Option<i64>>>,
    pub present_in_vrf_id: Option<String>,
    #[arg(
        values = ["container", "active", "reserved", "deprecated"],
        read_at = "netbox/ipam/filtersets.py: PrefixFilterSet.status (MultipleChoiceFilter over netbox/ipam/choices.py: PrefixStatusChoices)",
        reason = "the 4.6.8 spec gives this status filter no enum (only x-spec-enum-id); the server reads PrefixStatusChoices' values only and refuses any other text (\"Select a valid choice\")"
    )]
    pub status: Option<Vec<String>>,
    /// Status is none of these.
    #[arg(
        param = "query.status__n",
        values = ["container", "active", "reserved", "deprecated"],
        read_at = "netbox/netbox/filtersets.py: BaseFilterSet.get_additional_lookups (PrefixFilterSet.status negated: the same PrefixStatusChoices)",
        reason = "as `status`: the 4.6.8 spec gives it no enum; the server reads PrefixStatusChoices' values only and refuses any other text"
    )]
    pub status_n: Option<Vec<String>>,
    pub role_id: Option<Vec<Option<i64>>>,
    pub site_id: Option<Vec<i64>>,
    pub vlan_id: Option<Vec<Option<i64>>>,
    pub vlan_vid: Option<i64>,
    pub is_pool: Option<bool>,
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

/// Read one prefix by id.
#[tool(
    spec = "netbox-4.6.8",
    operation = "ipam_prefixes_retrieve",
    name = "get_prefix",
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
pub struct GetPrefix {
    /// The object's NetBox id.
    pub id: i64,
    /// `true` returns the short form (id, name, URL). Leave it out for the whole object: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}

/// Find IP addresses.
#[tool(
    spec = "netbox-4.6.8",
    operation = "ipam_ip_addresses_list",
    name = "list_ip_addresses",
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
        reason = "the rest of NetBox's IP-address filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListIpAddresses {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    /// Exact addresses, with or without mask (`10.0.0.1`, `10.0.0.1/24`).
    pub address: Option<Vec<String>>,
    /// Addresses within these prefixes (`10.0.0.0/24`).
    pub parent: Option<Vec<String>>,
    pub family: Option<f64>,
    pub mask_length: Option<Vec<i64>>,
    pub vrf_id: Option<Vec<Option<i64>>>,
    pub present_in_vrf_id: Option<String>,
    #[arg(
        values = ["active", "reserved", "deprecated", "dhcp", "slaac"],
        read_at = "netbox/ipam/filtersets.py: IPAddressFilterSet.status (MultipleChoiceFilter over netbox/ipam/choices.py: IPAddressStatusChoices)",
        reason = "the 4.6.8 spec gives this status filter no enum (only x-spec-enum-id); the server reads IPAddressStatusChoices' values only and refuses any other text (\"Select a valid choice\")"
    )]
    pub status: Option<Vec<String>>,
    /// Status is none of these.
    #[arg(
        param = "query.status__n",
        values = ["active", "reserved", "deprecated", "dhcp", "slaac"],
        read_at = "netbox/netbox/filtersets.py: BaseFilterSet.get_additional_lookups (IPAddressFilterSet.status negated: the same IPAddressStatusChoices)",
        reason = "as `status`: the 4.6.8 spec gives it no enum; the server reads IPAddressStatusChoices' values only and refuses any other text"
    )]
    pub status_n: Option<Vec<String>>,
    pub role: Option<Vec<Option<String>>>,
    pub device_id: Option<Vec<i64>>,
    pub interface_id: Option<Vec<i64>>,
    pub virtual_machine_id: Option<Vec<i64>>,
    pub vminterface_id: Option<Vec<i64>>,
    /// `true`: only addresses assigned to an interface.
    pub assigned_to_interface: Option<bool>,
    pub dns_name: Option<Vec<String>>,
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

/// Read one IP address by id.
#[tool(
    spec = "netbox-4.6.8",
    operation = "ipam_ip_addresses_retrieve",
    name = "get_ip_address",
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
pub struct GetIpAddress {
    /// The object's NetBox id.
    pub id: i64,
    /// `true` returns the short form (id, name, URL). Leave it out for the whole object: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}

/// Find VLANs.
#[tool(
    spec = "netbox-4.6.8",
    operation = "ipam_vlans_list",
    name = "list_vlans",
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
        reason = "the rest of NetBox's VLAN filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListVlans {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    /// VLAN numbers (1-4094).
    pub vid: Option<Vec<i64>>,
    /// VLAN number at least this.
    #[arg(param = "query.vid__gte")]
    pub vid_gte: Option<Vec<i64>>,
    /// VLAN number at most this.
    #[arg(param = "query.vid__lte")]
    pub vid_lte: Option<Vec<i64>>,
    pub name: Option<Vec<String>>,
    /// Name contains (case-insensitive), any of these.
    #[arg(param = "query.name__ic")]
    pub name_ic: Option<Vec<String>>,
    pub group_id: Option<Vec<Option<i64>>>,
    pub site_id: Option<Vec<Option<i64>>>,
    #[arg(
        values = ["active", "reserved", "deprecated"],
        read_at = "netbox/ipam/filtersets.py: VLANFilterSet.status (MultipleChoiceFilter over netbox/ipam/choices.py: VLANStatusChoices)",
        reason = "the 4.6.8 spec gives this status filter no enum (only x-spec-enum-id); the server reads VLANStatusChoices' values only and refuses any other text (\"Select a valid choice\")"
    )]
    pub status: Option<Vec<String>>,
    /// Status is none of these.
    #[arg(
        param = "query.status__n",
        values = ["active", "reserved", "deprecated"],
        read_at = "netbox/netbox/filtersets.py: BaseFilterSet.get_additional_lookups (VLANFilterSet.status negated: the same VLANStatusChoices)",
        reason = "as `status`: the 4.6.8 spec gives it no enum; the server reads VLANStatusChoices' values only and refuses any other text"
    )]
    pub status_n: Option<Vec<String>>,
    pub role_id: Option<Vec<Option<i64>>>,
    /// VLANs an interface carries.
    pub interface_id: Option<i64>,
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

/// Read one VLAN by id.
#[tool(
    spec = "netbox-4.6.8",
    operation = "ipam_vlans_retrieve",
    name = "get_vlan",
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
pub struct GetVlan {
    /// The object's NetBox id.
    pub id: i64,
    /// `true` returns the short form (id, name, URL). Leave it out for the whole object: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}

/// Find VLAN groups (the scopes VLAN numbers are unique in).
#[tool(
    spec = "netbox-4.6.8",
    operation = "ipam_vlan_groups_list",
    name = "list_vlan_groups",
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
        reason = "the rest of NetBox's VLAN-group filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListVlanGroups {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub name: Option<Vec<String>>,
    /// Name contains (case-insensitive), any of these.
    #[arg(param = "query.name__ic")]
    pub name_ic: Option<Vec<String>>,
    pub slug: Option<Vec<String>>,
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

/// Find VRFs (routing tables).
#[tool(
    spec = "netbox-4.6.8",
    operation = "ipam_vrfs_list",
    name = "list_vrfs",
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
        reason = "the rest of NetBox's VRF filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListVrfs {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub name: Option<Vec<String>>,
    /// Name contains (case-insensitive), any of these.
    #[arg(param = "query.name__ic")]
    pub name_ic: Option<Vec<String>>,
    /// Route distinguishers (`65000:1`).
    pub rd: Option<Vec<String>>,
    /// `true`: only VRFs that refuse duplicate addresses.
    pub enforce_unique: Option<bool>,
    pub import_target: Option<Vec<String>>,
    pub export_target: Option<Vec<String>>,
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

/// Read one VRF by id.
#[tool(
    spec = "netbox-4.6.8",
    operation = "ipam_vrfs_retrieve",
    name = "get_vrf",
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
pub struct GetVrf {
    /// The object's NetBox id.
    pub id: i64,
    /// `true` returns the short form (id, name, URL). Leave it out for the whole object: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}

/// Find aggregates (the top-level blocks prefixes are carved from).
#[tool(
    spec = "netbox-4.6.8",
    operation = "ipam_aggregates_list",
    name = "list_aggregates",
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
        reason = "the rest of NetBox's aggregate filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListAggregates {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub prefix: Option<String>,
    pub family: Option<f64>,
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

/// Find IP ranges (start to end address blocks, such as DHCP pools).
#[tool(
    spec = "netbox-4.6.8",
    operation = "ipam_ip_ranges_list",
    name = "list_ip_ranges",
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
        reason = "the rest of NetBox's IP-range filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListIpRanges {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub start_address: Option<Vec<String>>,
    pub parent: Option<Vec<String>>,
    pub family: Option<f64>,
    pub vrf_id: Option<Vec<Option<i64>>>,
    #[arg(
        values = ["active", "reserved", "deprecated"],
        read_at = "netbox/ipam/filtersets.py: IPRangeFilterSet.status (MultipleChoiceFilter over netbox/ipam/choices.py: IPRangeStatusChoices)",
        reason = "the 4.6.8 spec gives this status filter no enum (only x-spec-enum-id); the server reads IPRangeStatusChoices' values only and refuses any other text (\"Select a valid choice\")"
    )]
    pub status: Option<Vec<String>>,
    pub role_id: Option<Vec<Option<i64>>>,
    pub mark_utilized: Option<bool>,
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

/// The free addresses of a prefix, in order.
#[tool(
    spec = "netbox-4.6.8",
    operation = "ipam_prefixes_available_ips_list",
    name = "list_available_ips",
    output(
        text,
        reason = "NetBox's response schemas run to tens of KB (nested objects, custom fields); as outputSchema they would make this set's tools/list 140 000 tokens, so the agent reads the JSON as text"
    ),
    omitted(
        "query.fields",
        reason = "free addresses are returned whole (address, family, VRF) so that none is missing a field"
    ),
    omitted(
        "query.omit",
        reason = "free addresses are returned whole (address, family, VRF) so that none is missing a field"
    ),
    omitted(
        "query.brief",
        reason = "free addresses are returned whole (address, family, VRF) so that none is missing a field"
    )
)]
pub struct ListAvailableIps {
    /// The prefix's NetBox id (list_prefixes).
    pub id: i64,
}

/// Take the next free addresses of a prefix: NetBox picks them and creates them, one per item.
#[tool(
    spec = "netbox-4.6.8",
    operation = "ipam_prefixes_available_ips_create",
    name = "allocate_ips",
    output(
        text,
        reason = "NetBox's response schemas run to tens of KB (nested objects, custom fields); as outputSchema they would make this set's tools/list 140 000 tokens, so the agent reads the JSON as text"
    )
)]
pub struct AllocateIps {
    /// The prefix's NetBox id (list_prefixes).
    #[arg(param = "path.id")]
    pub id: i64,
    /// One item per address to take, each `{"prefix_length": N}` (`{}` takes the prefix's own).
    #[arg(param = "body", rename = "addresses")]
    pub addresses: Vec<serde_json::Value>,
}

/// Record an IP address, assigned to a device or VM interface when `assigned_object_type` and
/// `assigned_object_id` are given.
#[tool(
    spec = "netbox-4.6.8",
    operation = "ipam_ip_addresses_create",
    name = "create_ip_address",
    output(
        text,
        reason = "NetBox's response schemas run to tens of KB (nested objects, custom fields); as outputSchema they would make this set's tools/list 140 000 tokens, so the agent reads the JSON as text"
    ),
    variant = 0,
    omitted(
        "body.nat_inside",
        reason = "NAT pairs are recorded by network engineers with both addresses in view, not by an agent"
    ),
    omitted(
        "body.owner",
        reason = "ownership needs NetBox's ownership model, which this deployment does not use"
    )
)]
pub struct CreateIpAddress {
    /// The address with its mask (`10.0.0.5/24`).
    pub address: String,
    /// The VRF's id (list_vrfs); none for the global table.
    pub vrf: Option<serde_json::Value>,
    /// The tenant's id (list_tenants).
    pub tenant: Option<serde_json::Value>,
    pub status: Option<String>,
    /// `loopback`, `secondary`, `anycast`, `vip`, `vrrp`, `hsrp`, `glbp` or `carp`.
    pub role: Option<Option<String>>,
    /// `dcim.interface` for a device interface, `virtualization.vminterface` for a VM's.
    pub assigned_object_type: Option<Option<String>>,
    /// The interface's id (list_interfaces or list_vm_interfaces).
    pub assigned_object_id: Option<Option<i64>>,
    /// A hostname or FQDN (`*` or dotted labels).
    pub dns_name: Option<serde_json::Value>,
    pub description: Option<String>,
    pub comments: Option<String>,
    /// Tags, each `{"name": ..., "slug": ...}`.
    pub tags: Option<Vec<serde_json::Value>>,
    /// Custom-field values by field name, as the NetBox instance defines them.
    pub custom_fields: Option<serde_json::Map<String, serde_json::Value>>,
}
