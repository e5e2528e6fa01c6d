//! DCIM's devices, their interfaces and the cables between them: find, read, add a device,
//! change one, and follow a cable path. `list_devices` omits its filter tail family by family,
//! each with its own reason (the other lists use one `query.*` glob).

use catalog::tool;

/// Find devices in NetBox's inventory.
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_devices_list",
    name = "list_devices",
    // NetBox 4.0 renamed the device role filters; an agent trained on 3.x sends the old names.
    aliases(device_role = "role", device_role_id = "role_id"),
    output(
        text,
        reason = "NetBox's response schemas run to tens of KB (nested objects, custom fields); as outputSchema they would make this set's tools/list 140 000 tokens, so the agent reads the JSON as text"
    ),
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
    #[arg(
        values = ["offline", "active", "planned", "staged", "failed", "inventory", "decommissioning"],
        read_at = "netbox/dcim/filtersets.py: DeviceFilterSet.status (MultipleChoiceFilter over netbox/dcim/choices.py: DeviceStatusChoices)",
        reason = "the 4.6.8 spec gives this status filter no enum (only x-spec-enum-id); the server reads DeviceStatusChoices' values only and refuses any other text (\"Select a valid choice\")"
    )]
    pub status: Option<Vec<String>>,
    pub tag: Option<Vec<String>>,
    pub serial: Option<Vec<String>>,
    pub asset_tag: Option<Vec<String>>,
    pub description: Option<Vec<String>>,
    pub id: Option<Vec<i32>>,
    #[arg(
        pattern = "^(?:[0-9A-Fa-f]{1,2}(?::[0-9A-Fa-f]{1,2}){5}|[0-9A-Fa-f]{1,2}(?:-[0-9A-Fa-f]{1,2}){5}|[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){2}|[0-9A-Fa-f]{1,4}(?:-[0-9A-Fa-f]{1,4}){2}|[0-9A-Fa-f]{1,4}(?:\\.[0-9A-Fa-f]{1,4}){2}|[0-9A-Fa-f]{5,6}-[0-9A-Fa-f]{5,6}|[0-9A-Fa-f]{5,6}:[0-9A-Fa-f]{5,6}|[0-9A-Fa-f]{11,12})$",
        read_at = "netbox/dcim/filtersets.py: DeviceFilterSet.mac_address (MultiValueMACAddressFilter: netbox/dcim/fields.py MACAddressField.to_python, netaddr EUI version 48)",
        reason = "the spec gives the MAC address filter no format; the server parses each value as an EUI-48 in one of netaddr's formats (netaddr/strategy/eui48.py: RE_MAC_FORMATS) and refuses any other text (\"Invalid MAC address format\")"
    )]
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
    /// Device role ids (a role includes its child roles).
    #[arg(
        wire_type = "integer",
        read_at = "netbox/dcim/filtersets.py: DeviceFilterSet.role_id (TreeNodeMultipleChoiceFilter over DeviceRole pks)",
        reason = "the 4.6.8 spec types this id filter as strings; the server reads integer primary keys and refuses any other text"
    )]
    pub role_id: Option<Vec<i64>>,
    pub tag_id: Option<Vec<i64>>,
    /// Custom-field filters, defined per NetBox instance: `cf_<name>` (or a lookup of it,
    /// `cf_<name>__ic`) to the values to match, e.g. `{"cf_env": ["prod", "dev"]}`.
    #[arg(
        family = "query.cf_*",
        read_at = "netbox/netbox/filtersets.py: NetBoxModelFilterSet.__init__ (a cf_<name> filter and its lookups per custom field of the model)",
        reason = "custom fields are defined per instance, so the spec cannot name their filters; operators tag inventory with them (environment, owner, contract) and search by them"
    )]
    pub custom_fields: std::collections::BTreeMap<String, Vec<String>>,
    pub limit: Option<i64>,
    pub offset: Option<i64>,
    pub ordering: Option<String>,
}

/// Read one device by id, with its config context.
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_devices_retrieve",
    name = "get_device",
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
pub struct GetDevice {
    /// The object's NetBox id.
    pub id: i64,
    /// `true` returns the short form (id, name, URL). Leave it out for the whole object: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}

/// Add a device to NetBox's inventory (one device: the object arm of the create body).
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_devices_create",
    name = "create_device",
    output(
        text,
        reason = "NetBox's response schemas run to tens of KB (nested objects, custom fields); as outputSchema they would make this set's tools/list 140 000 tokens, so the agent reads the JSON as text"
    ),
    variant = 0,
    omitted(
        "body.primary_ip4",
        reason = "a primary IP must already be assigned to one of the device's interfaces, so it is set after the device exists (update_device)"
    ),
    omitted(
        "body.primary_ip6",
        reason = "a primary IP must already be assigned to one of the device's interfaces, so it is set after the device exists (update_device)"
    ),
    omitted(
        "body.oob_ip",
        reason = "an out-of-band IP must already be assigned to one of the device's interfaces, so it is set after the device exists"
    ),
    omitted(
        "body.virtual_chassis",
        reason = "virtual-chassis membership is managed with the chassis itself, not when a device is racked"
    ),
    omitted(
        "body.vc_position",
        reason = "virtual-chassis membership is managed with the chassis itself, not when a device is racked"
    ),
    omitted(
        "body.vc_priority",
        reason = "virtual-chassis membership is managed with the chassis itself, not when a device is racked"
    ),
    omitted(
        "body.config_template",
        reason = "config templates render device configs, which this tool set does not push"
    ),
    omitted(
        "body.local_context_data",
        reason = "config-context data feeds config rendering, which this tool set does not push"
    ),
    omitted(
        "body.owner",
        reason = "ownership filters need NetBox's ownership model, which this deployment does not use"
    ),
    omitted(
        "body.latitude",
        reason = "coordinates are the site's; a device inherits where it is from its site"
    ),
    omitted(
        "body.longitude",
        reason = "coordinates are the site's; a device inherits where it is from its site"
    ),
    omitted(
        "body.airflow",
        reason = "airflow comes from the device type; overriding it per device is a cooling-plan decision"
    )
)]
pub struct CreateDevice {
    pub name: Option<String>,
    /// The device type's id (list_device_types).
    pub device_type: serde_json::Value,
    /// The device role's id (list_device_roles).
    pub role: serde_json::Value,
    /// The site's id (list_sites).
    pub site: serde_json::Value,
    /// The location's id within the site (list_locations).
    pub location: Option<serde_json::Value>,
    /// The rack's id (list_racks).
    pub rack: Option<serde_json::Value>,
    /// The lowest rack unit the device occupies.
    pub position: Option<f64>,
    /// `front` or `rear`: the rack face the device is mounted on.
    pub face: Option<String>,
    pub status: Option<String>,
    /// The tenant's id (list_tenants).
    pub tenant: Option<serde_json::Value>,
    /// The platform's id (list_platforms).
    pub platform: Option<serde_json::Value>,
    /// The cluster's id, for a virtualization host.
    pub cluster: Option<serde_json::Value>,
    pub serial: Option<String>,
    pub asset_tag: Option<String>,
    pub description: Option<String>,
    pub comments: Option<String>,
    /// Tags, each `{"name": ..., "slug": ...}`.
    pub tags: Option<Vec<serde_json::Value>>,
    /// Custom-field values by field name, as the NetBox instance defines them.
    pub custom_fields: Option<serde_json::Map<String, serde_json::Value>>,
}

/// Change some of a device's fields; the fields left out keep their values (a PATCH).
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_devices_partial_update",
    name = "update_device",
    effects(
        idempotent = true,
        reason = "every field this tool sets is an absolute value (a status, an id, a text), so sending the same change twice leaves the device as once"
    ),
    output(
        text,
        reason = "NetBox's response schemas run to tens of KB (nested objects, custom fields); as outputSchema they would make this set's tools/list 140 000 tokens, so the agent reads the JSON as text"
    ),
    omitted(
        "body.device_type",
        reason = "changing the hardware model of an existing device is a re-rack, done by an operator in the UI"
    ),
    omitted(
        "body.site",
        reason = "moving a device between sites moves its cables and IPs too; an operator does it in the UI"
    ),
    omitted(
        "body.virtual_chassis",
        reason = "virtual-chassis membership is managed with the chassis itself, not per device"
    ),
    omitted(
        "body.vc_position",
        reason = "virtual-chassis membership is managed with the chassis itself, not per device"
    ),
    omitted(
        "body.vc_priority",
        reason = "virtual-chassis membership is managed with the chassis itself, not per device"
    ),
    omitted(
        "body.config_template",
        reason = "config templates render device configs, which this tool set does not push"
    ),
    omitted(
        "body.local_context_data",
        reason = "config-context data feeds config rendering, which this tool set does not push"
    ),
    omitted(
        "body.owner",
        reason = "ownership needs NetBox's ownership model, which this deployment does not use"
    ),
    omitted(
        "body.latitude",
        reason = "coordinates are the site's; a device inherits where it is from its site"
    ),
    omitted(
        "body.longitude",
        reason = "coordinates are the site's; a device inherits where it is from its site"
    ),
    omitted(
        "body.airflow",
        reason = "airflow comes from the device type; overriding it per device is a cooling-plan decision"
    ),
    omitted(
        "body.location",
        reason = "moving a device within a site is a re-rack, done by an operator in the UI"
    ),
    omitted(
        "body.rack",
        reason = "moving a device between racks is a re-rack, done by an operator in the UI"
    ),
    omitted(
        "body.position",
        reason = "moving a device within a rack is a re-rack, done by an operator in the UI"
    ),
    omitted(
        "body.face",
        reason = "turning a device around in its rack is a re-rack, done by an operator in the UI"
    ),
    omitted(
        "body.cluster",
        reason = "moving a host between clusters moves its virtual machines; an operator does it"
    )
)]
pub struct UpdateDevice {
    /// The device's NetBox id.
    #[arg(param = "path.id")]
    pub id: i64,
    pub name: Option<Option<String>>,
    /// The device role's id (list_device_roles).
    pub role: Option<serde_json::Value>,
    pub status: Option<String>,
    /// The tenant's id, or null to clear it.
    pub tenant: Option<Option<serde_json::Value>>,
    /// The platform's id, or null to clear it.
    pub platform: Option<Option<serde_json::Value>>,
    /// The id of an IPv4 address (or null to clear it) already assigned to one of the device's interfaces.
    pub primary_ip4: Option<Option<serde_json::Value>>,
    /// The id of an IPv6 address (or null to clear it) already assigned to one of the device's interfaces.
    pub primary_ip6: Option<Option<serde_json::Value>>,
    /// The id of an address already assigned to the device's out-of-band interface.
    pub oob_ip: Option<Option<serde_json::Value>>,
    pub serial: Option<String>,
    pub asset_tag: Option<Option<String>>,
    pub description: Option<String>,
    pub comments: Option<String>,
    /// Tags, each `{"name": ..., "slug": ...}`; the list replaces the device's tags.
    pub tags: Option<Vec<serde_json::Value>>,
    /// Custom-field values by field name; fields left out keep their values.
    pub custom_fields: Option<serde_json::Map<String, serde_json::Value>>,
}

/// Find devices' interfaces.
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_interfaces_list",
    name = "list_interfaces",
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
        reason = "the rest of NetBox's interface filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListInterfaces {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub name: Option<Vec<String>>,
    /// Name contains (case-insensitive), any of these.
    #[arg(param = "query.name__ic")]
    pub name_ic: Option<Vec<String>>,
    pub device_id: Option<Vec<i64>>,
    pub site_id: Option<Vec<i64>>,
    #[arg(param = "query.type")]
    pub type_: Option<Vec<String>>,
    pub enabled: Option<bool>,
    pub mgmt_only: Option<bool>,
    /// `true`: only interfaces with a cable attached.
    pub cabled: Option<bool>,
    /// `true`: only interfaces whose cable reaches a far end.
    pub connected: Option<bool>,
    /// `physical`, `virtual` or `wireless`.
    pub kind: Option<String>,
    #[arg(
        pattern = "^(?:[0-9A-Fa-f]{1,2}(?::[0-9A-Fa-f]{1,2}){5}|[0-9A-Fa-f]{1,2}(?:-[0-9A-Fa-f]{1,2}){5}|[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){2}|[0-9A-Fa-f]{1,4}(?:-[0-9A-Fa-f]{1,4}){2}|[0-9A-Fa-f]{1,4}(?:\\.[0-9A-Fa-f]{1,4}){2}|[0-9A-Fa-f]{5,6}-[0-9A-Fa-f]{5,6}|[0-9A-Fa-f]{5,6}:[0-9A-Fa-f]{5,6}|[0-9A-Fa-f]{11,12})$",
        read_at = "netbox/dcim/filtersets.py: InterfaceFilterSet.mac_address (MultiValueMACAddressFilter: netbox/dcim/fields.py MACAddressField.to_python, netaddr EUI version 48)",
        reason = "the spec gives the MAC address filter no format; the server parses each value as an EUI-48 in one of netaddr's formats (netaddr/strategy/eui48.py: RE_MAC_FORMATS) and refuses any other text (\"Invalid MAC address format\")"
    )]
    pub mac_address: Option<Vec<String>>,
    /// Interfaces carrying this VLAN (its id), untagged or tagged.
    #[arg(
        wire_type = "integer",
        read_at = "netbox/dcim/filtersets.py: CommonInterfaceFilterSet.vlan_id (NumberFilter, decimal_places=0)",
        reason = "the 4.6.8 spec types the VLAN filter as a string; the server reads a whole number and refuses other text (Enter a number)"
    )]
    pub vlan_id: Option<i64>,
    pub vrf_id: Option<Vec<i64>>,
    /// `true`: only objects without a description; `false`: only those with one.
    #[arg(param = "query.description__empty")]
    pub description_empty: Option<bool>,
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

/// Read one device interface by id.
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_interfaces_retrieve",
    name = "get_interface",
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
pub struct GetInterface {
    /// The object's NetBox id.
    pub id: i64,
    /// `true` returns the short form (id, name, URL). Leave it out for the whole object: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}

/// Follow the cable path from an interface to its far end (each hop: near end, cable, far end).
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_interfaces_trace_retrieve",
    name = "trace_interface",
    output(
        text,
        reason = "NetBox's response schemas run to tens of KB (nested objects, custom fields); as outputSchema they would make this set's tools/list 140 000 tokens, so the agent reads the JSON as text"
    ),
    omitted(
        "query.fields",
        reason = "a trace is returned whole so that no hop is missing a field"
    ),
    omitted(
        "query.omit",
        reason = "a trace is returned whole so that no hop is missing a field"
    ),
    omitted(
        "query.brief",
        reason = "a trace is returned whole so that no hop is missing a field"
    )
)]
pub struct TraceInterface {
    /// The interface's NetBox id.
    pub id: i64,
}

/// Find cables.
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_cables_list",
    name = "list_cables",
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
        reason = "the rest of NetBox's cable filters are lookup variants of the ones set here (negations, regexes, case and range variants), audit fields (timestamps, change requests, owners, contacts) and slug twins of id filters; `q` and the filters set here find what an operator asks for"
    )
)]
pub struct ListCables {
    /// Free-text search (name, description and the like).
    pub q: Option<String>,
    pub site_id: Option<Vec<i64>>,
    pub rack_id: Option<Vec<i64>>,
    pub device_id: Option<Vec<i64>>,
    pub interface_id: Option<Vec<i64>>,
    #[arg(param = "query.type")]
    pub type_: Option<Vec<Option<String>>>,
    #[arg(
        values = ["connected", "planned", "decommissioning"],
        read_at = "netbox/dcim/filtersets.py: CableFilterSet.status (MultipleChoiceFilter over netbox/dcim/choices.py: LinkStatusChoices)",
        reason = "the 4.6.8 spec gives this status filter no enum (only x-spec-enum-id); the server reads LinkStatusChoices' values only and refuses any other text (\"Select a valid choice\")"
    )]
    pub status: Option<Vec<String>>,
    pub label: Option<Vec<String>>,
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

/// Read one cable by id, with both ends.
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_cables_retrieve",
    name = "get_cable",
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
pub struct GetCable {
    /// The object's NetBox id.
    pub id: i64,
    /// `true` returns the short form (id, name, URL). Leave it out for the whole object: NetBox 4.7 reads any value, `false` too, as `true`.
    pub brief: Option<bool>,
}
