//! DCIM's places and catalogues: sites, regions, locations, racks, device roles and types,
//! manufacturers and platforms. Devices, interfaces and cables are in `devices`.
//!
//! The lists set the filters an operator asks an agent for (free text, exact values, `__ic`
//! substring and `__n` negation lookups, `__empty` tests, `null` for "has none") and omit the
//! long tail with one `query.*` glob and its reason; each tool's rustdoc lists every filter the
//! glob covered.

use catalog::tool;

/// Find sites (data centers, branch offices).
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_sites_list",
    name = "list_sites",
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
        reason = "the rest of NetBox's site filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListSites {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub name: Option<Vec<String>>,
    /// Name contains (case-insensitive), any of these.
    #[arg(param = "query.name__ic")]
    pub name_ic: Option<Vec<String>>,
    pub slug: Option<Vec<String>>,
    #[arg(
        values = ["planned", "staging", "active", "decommissioning", "retired"],
        read_at = "netbox/dcim/filtersets.py: SiteFilterSet.status (MultipleChoiceFilter over netbox/dcim/choices.py: SiteStatusChoices)",
        reason = "the 4.6.8 spec gives this status filter no enum (only x-spec-enum-id); the server reads SiteStatusChoices' values only and refuses any other text (\"Select a valid choice\")"
    )]
    pub status: Option<Vec<String>>,
    /// Status is none of these.
    #[arg(
        param = "query.status__n",
        values = ["planned", "staging", "active", "decommissioning", "retired"],
        read_at = "netbox/netbox/filtersets.py: BaseFilterSet.get_additional_lookups (SiteFilterSet.status negated: the same SiteStatusChoices)",
        reason = "as `status`: the 4.6.8 spec gives it no enum; the server reads SiteStatusChoices' values only and refuses any other text"
    )]
    pub status_n: Option<Vec<String>>,
    /// Region ids (a region includes its child regions).
    #[arg(
        wire_type = "integer",
        read_at = "netbox/dcim/filtersets.py: SiteFilterSet.region_id (TreeNodeMultipleChoiceFilter over Region pks)",
        reason = "the 4.6.8 spec types this id filter as strings; the server reads integer primary keys and refuses any other text"
    )]
    pub region_id: Option<Vec<i64>>,
    /// Site group ids (a group includes its child groups).
    #[arg(
        wire_type = "integer",
        read_at = "netbox/dcim/filtersets.py: SiteFilterSet.group_id (TreeNodeMultipleChoiceFilter over SiteGroup pks)",
        reason = "the 4.6.8 spec types this id filter as strings; the server reads integer primary keys and refuses any other text"
    )]
    pub group_id: Option<Vec<i64>>,
    pub facility: Option<Vec<String>>,
    pub asn_id: Option<Vec<i64>>,
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

/// Read one site by id.
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_sites_retrieve",
    name = "get_site",
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
pub struct GetSite {
    /// The object's NetBox id.
    pub id: i64,
    /// `true` returns the short form (id, name, URL). Leave it out for the whole object: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}

/// Find regions, the geographic tree sites belong to.
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_regions_list",
    name = "list_regions",
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
        reason = "the rest of NetBox's region filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListRegions {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub name: Option<Vec<String>>,
    /// Name contains (case-insensitive), any of these.
    #[arg(param = "query.name__ic")]
    pub name_ic: Option<Vec<String>>,
    pub slug: Option<Vec<String>>,
    pub parent_id: Option<Vec<Option<i64>>>,
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

/// Find locations (rooms, floors, cages) within sites.
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_locations_list",
    name = "list_locations",
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
        reason = "the rest of NetBox's location filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListLocations {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub name: Option<Vec<String>>,
    /// Name contains (case-insensitive), any of these.
    #[arg(param = "query.name__ic")]
    pub name_ic: Option<Vec<String>>,
    pub slug: Option<Vec<String>>,
    pub site_id: Option<Vec<i64>>,
    pub parent_id: Option<Vec<Option<i64>>>,
    #[arg(
        values = ["planned", "staging", "active", "decommissioning", "retired"],
        read_at = "netbox/dcim/filtersets.py: LocationFilterSet.status (MultipleChoiceFilter over netbox/dcim/choices.py: LocationStatusChoices)",
        reason = "the 4.6.8 spec gives this status filter no enum (only x-spec-enum-id); the server reads LocationStatusChoices' values only and refuses any other text (\"Select a valid choice\")"
    )]
    pub status: Option<Vec<String>>,
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

/// Find racks.
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_racks_list",
    name = "list_racks",
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
        reason = "the rest of NetBox's rack filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListRacks {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub name: Option<Vec<String>>,
    /// Name contains (case-insensitive), any of these.
    #[arg(param = "query.name__ic")]
    pub name_ic: Option<Vec<String>>,
    pub site_id: Option<Vec<i64>>,
    /// Location ids (a location includes its child locations).
    #[arg(
        wire_type = "integer",
        read_at = "netbox/dcim/filtersets.py: RackFilterSet.location_id (TreeNodeMultipleChoiceFilter over Location pks)",
        reason = "the 4.6.8 spec types this id filter as strings; the server reads integer primary keys and refuses any other text"
    )]
    pub location_id: Option<Vec<i64>>,
    #[arg(
        values = ["reserved", "available", "planned", "active", "deprecated"],
        read_at = "netbox/dcim/filtersets.py: RackFilterSet.status (MultipleChoiceFilter over netbox/dcim/choices.py: RackStatusChoices)",
        reason = "the 4.6.8 spec gives this status filter no enum (only x-spec-enum-id); the server reads RackStatusChoices' values only and refuses any other text (\"Select a valid choice\")"
    )]
    pub status: Option<Vec<String>>,
    /// Status is none of these.
    #[arg(
        param = "query.status__n",
        values = ["reserved", "available", "planned", "active", "deprecated"],
        read_at = "netbox/netbox/filtersets.py: BaseFilterSet.get_additional_lookups (RackFilterSet.status negated: the same RackStatusChoices)",
        reason = "as `status`: the 4.6.8 spec gives it no enum; the server reads RackStatusChoices' values only and refuses any other text"
    )]
    pub status_n: Option<Vec<String>>,
    pub role_id: Option<Vec<Option<i64>>>,
    /// Tenant ids; `null` in the list selects objects without a tenant (sent as `tenant_id=null`).
    pub tenant_id: Option<Vec<Option<i64>>>,
    pub u_height: Option<Vec<i64>>,
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

/// Read one rack by id.
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_racks_retrieve",
    name = "get_rack",
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
pub struct GetRack {
    /// The object's NetBox id.
    pub id: i64,
    /// `true` returns the short form (id, name, URL). Leave it out for the whole object: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}

/// Find device roles (core switch, access switch, server, ...).
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_device_roles_list",
    name = "list_device_roles",
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
        reason = "the rest of NetBox's device-role filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListDeviceRoles {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub name: Option<Vec<String>>,
    /// Name contains (case-insensitive), any of these.
    #[arg(param = "query.name__ic")]
    pub name_ic: Option<Vec<String>>,
    pub slug: Option<Vec<String>>,
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

/// Find device types (hardware models).
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_device_types_list",
    name = "list_device_types",
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
        reason = "the rest of NetBox's device-type filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListDeviceTypes {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub slug: Option<Vec<String>>,
    pub manufacturer_id: Option<Vec<i64>>,
    pub u_height: Option<Vec<f64>>,
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

/// Find manufacturers.
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_manufacturers_list",
    name = "list_manufacturers",
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
        reason = "the rest of NetBox's manufacturer filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListManufacturers {
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

/// Find platforms (operating systems a device runs).
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_platforms_list",
    name = "list_platforms",
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
        reason = "the rest of NetBox's platform filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListPlatforms {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub name: Option<Vec<String>>,
    /// Name contains (case-insensitive), any of these.
    #[arg(param = "query.name__ic")]
    pub name_ic: Option<Vec<String>>,
    pub slug: Option<Vec<String>>,
    pub manufacturer_id: Option<Vec<i64>>,
    /// Page size (NetBox default 50, at most its MAX_PAGE_SIZE).
    pub limit: Option<i64>,
    /// How many results to skip: the next page starts at `offset + limit`.
    pub offset: Option<i64>,
    /// A field to order by; `-name` reverses.
    pub ordering: Option<String>,
    /// `true` returns each object in its short form (id, name, URL): smaller pages. Leave it out for whole objects: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}
