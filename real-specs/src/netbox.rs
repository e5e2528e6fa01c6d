//! NetBox's device list: 342 query filters in 4.6.8, most of them lookup variants of the same field
//! (`name__ic`, `name__n`, ...). The tool sets the filters an agent needs and omits the rest by
//! group, one reason per group; the generated docs list every filter each group covered.

use catalog::tool;

/// Find devices in NetBox's inventory.
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_devices_list",
    omitted(
        "query.*__n",
        reason = "negated filters invert a search silently; an agent states what it wants, not what it does not"
    ),
    omitted(
        "query.*__empty",
        reason = "emptiness tests are for data-quality audits, which this tool does not do"
    ),
    omitted(
        "query.*__ic",
        reason = "substring lookups are covered by the free-text `q`, which searches the same fields"
    ),
    omitted(
        "query.*__nic",
        reason = "negated substring lookups invert a search silently"
    ),
    omitted(
        "query.*__ie",
        reason = "case-insensitive exact lookups duplicate the exact filters for an agent's purposes"
    ),
    omitted(
        "query.*__nie",
        reason = "negated case-insensitive lookups invert a search silently"
    ),
    omitted(
        "query.*__isw",
        reason = "prefix lookups are covered by the free-text `q`, which searches the same fields"
    ),
    omitted(
        "query.*__nisw",
        reason = "negated prefix lookups invert a search silently"
    ),
    omitted(
        "query.*__iew",
        reason = "suffix lookups are covered by the free-text `q`, which searches the same fields"
    ),
    omitted(
        "query.*__niew",
        reason = "negated suffix lookups invert a search silently"
    ),
    omitted(
        "query.*__regex",
        reason = "regular expressions from an agent can be slow on the server and are rarely right"
    ),
    omitted(
        "query.*__iregex",
        reason = "regular expressions from an agent can be slow on the server and are rarely right"
    ),
    omitted(
        "query.*__gt",
        reason = "range filters on counts, dates and positions are for reports, not for finding devices"
    ),
    omitted(
        "query.*__gte",
        reason = "range filters on counts, dates and positions are for reports, not for finding devices"
    ),
    omitted(
        "query.*__lt",
        reason = "range filters on counts, dates and positions are for reports, not for finding devices"
    ),
    omitted(
        "query.*__lte",
        reason = "range filters on counts, dates and positions are for reports, not for finding devices"
    ),
    omitted(
        "query.*__any",
        reason = "any-of tag matching is expressed by repeating `tag`, which this tool accepts"
    ),
    omitted(
        "query.*_count",
        reason = "component counts are for capacity reports; finding a device does not need them"
    ),
    omitted(
        "query.*_ports",
        reason = "has-component flags are for capacity reports; finding a device does not need them"
    ),
    omitted(
        "query.*_bays",
        reason = "has-component flags are for capacity reports; finding a device does not need them"
    ),
    omitted(
        "query.*_outlets",
        reason = "has-component flags are for capacity reports; finding a device does not need them"
    ),
    omitted(
        "query.interfaces",
        reason = "has-component flags are for capacity reports; finding a device does not need them"
    ),
    omitted(
        "query.has_*",
        reason = "IP and context presence flags are for audits, which this tool does not do"
    ),
    omitted(
        "query.*_by_request",
        reason = "change-request ids come from NetBox's own change log, which an agent does not see"
    ),
    omitted(
        "query.owner*",
        reason = "ownership filters need NetBox's ownership model, which this deployment does not use"
    ),
    omitted(
        "query.contact*",
        reason = "contacts are looked up with the contact tools, not through devices"
    ),
    omitted(
        "query.cluster*",
        reason = "virtualization clusters belong to the VM tools; a device search by cluster is rare"
    ),
    omitted(
        "query.tenant*",
        reason = "tenant slugs and tenant groups duplicate `tenant_id`, whose ids an agent reads from device results"
    ),
    omitted(
        "query.primary_ip*",
        reason = "IP filters belong to the IPAM tools, which resolve addresses to devices"
    ),
    omitted(
        "query.oob_ip_id",
        reason = "IP filters belong to the IPAM tools, which resolve addresses to devices"
    ),
    omitted(
        "query.vc_*",
        reason = "virtual-chassis membership details are for the chassis tools"
    ),
    omitted(
        "query.virtual_chassis_*",
        reason = "virtual-chassis membership details are for the chassis tools"
    ),
    omitted(
        "query.parent_*",
        reason = "parent and child devices are walked with the device-bay tools"
    ),
    omitted(
        "query.*_id",
        reason = "by-id filters duplicate the slug filters this tool sets, which agents can read"
    ),
    omitted(
        "query.fields",
        reason = "the tool returns whole device objects so that answers are not missing fields"
    ),
    omitted(
        "query.omit",
        reason = "the tool returns whole device objects so that answers are not missing fields"
    ),
    omitted(
        "query.brief",
        reason = "the tool returns whole device objects so that answers are not missing fields"
    ),
    omitted(
        "query.start",
        reason = "cursor paging is NetBox's alternative to offset paging, which this tool uses"
    ),
    omitted(
        "query.created",
        reason = "timestamps are for audits and change reports, not for finding a device"
    ),
    omitted(
        "query.last_updated",
        reason = "timestamps are for audits and change reports, not for finding a device"
    ),
    omitted(
        "query.local_context_data",
        reason = "config-context data is for rendering configs, not for finding a device"
    ),
    omitted(
        "query.latitude",
        reason = "coordinates are site data; searching by site covers where a device is"
    ),
    omitted(
        "query.longitude",
        reason = "coordinates are site data; searching by site covers where a device is"
    ),
    omitted(
        "query.position",
        reason = "rack units are for rack elevation views, not for finding a device"
    ),
    omitted(
        "query.face",
        reason = "rack faces are for rack elevation views, not for finding a device"
    ),
    omitted(
        "query.airflow",
        reason = "airflow direction is for cooling plans, not for finding a device"
    ),
    omitted(
        "query.is_full_depth",
        reason = "depth is for rack elevation views, not for finding a device"
    ),
    omitted(
        "query.pass_through_ports",
        reason = "port pass-through is for cabling plans, not for finding a device"
    ),
    omitted(
        "query.config_template_id",
        reason = "config templates are for rendering configs, not for finding a device"
    )
)]
pub struct ListDevices {
    /// Free-text search over name, serial, asset tag and more.
    pub q: Option<String>,
    pub name: Option<Vec<String>>,
    pub site: Option<Vec<String>>,
    pub site_id: Option<Vec<i64>>,
    pub role: Option<Vec<String>>,
    pub status: Option<Vec<String>>,
    pub tag: Option<Vec<String>>,
    pub serial: Option<Vec<String>>,
    pub asset_tag: Option<Vec<String>>,
    pub description: Option<Vec<String>>,
    pub id: Option<Vec<i32>>,
    pub mac_address: Option<Vec<String>>,
    pub manufacturer: Option<Vec<String>>,
    pub device_type: Option<Vec<String>>,
    pub model: Option<Vec<String>>,
    pub platform: Option<Vec<String>>,
    pub location: Option<Vec<String>>,
    pub region: Option<Vec<String>>,
    pub site_group: Option<Vec<String>>,
    pub rack_id: Option<Vec<i64>>,
    /// Tenant ids; `null` in the list also selects devices without a tenant. NetBox reads its
    /// null filter as the text `null` (`tenant_id=null`), which the index declares for the spec.
    pub tenant_id: Option<Vec<Option<i64>>>,
    /// Role ids. NetBox types them as strings in this filter; the compiler caught `Vec<i64>`.
    pub role_id: Option<Vec<String>>,
    pub tag_id: Option<Vec<i64>>,
    pub limit: Option<i64>,
    pub offset: Option<i64>,
    pub ordering: Option<String>,
}
