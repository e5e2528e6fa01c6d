//! Tenancy: the tenants (customers, departments) objects are assigned to, and their groups.

use catalog::tool;

/// Find tenants (customers or departments objects are assigned to).
#[tool(
    spec = "netbox-4.6.8",
    operation = "tenancy_tenants_list",
    name = "list_tenants",
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
        reason = "the rest of NetBox's tenant filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListTenants {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub name: Option<Vec<String>>,
    /// Name contains (case-insensitive), any of these.
    #[arg(param = "query.name__ic")]
    pub name_ic: Option<Vec<String>>,
    pub slug: Option<Vec<String>>,
    /// Tenant group ids (a group includes its child groups).
    #[arg(
        wire_type = "integer",
        read_at = "netbox/tenancy/filtersets.py: TenantFilterSet.group_id (TreeNodeMultipleChoiceFilter over TenantGroup pks)",
        reason = "the 4.6.8 spec types this id filter as strings; the server reads integer primary keys and refuses any other text"
    )]
    pub group_id: Option<Vec<i64>>,
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

/// Read one tenant by id.
#[tool(
    spec = "netbox-4.6.8",
    operation = "tenancy_tenants_retrieve",
    name = "get_tenant",
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
pub struct GetTenant {
    /// The object's NetBox id.
    pub id: i64,
    /// `true` returns the short form (id, name, URL). Leave it out for the whole object: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}

/// Find tenant groups.
#[tool(
    spec = "netbox-4.6.8",
    operation = "tenancy_tenant_groups_list",
    name = "list_tenant_groups",
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
        reason = "the rest of NetBox's tenant-group filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListTenantGroups {
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
