//! What a NetBox deployment adds to the NetBox tool set: a filter on its own custom field.
//!
//! NetBox defines a `cf_<name>` filter for each custom field of an instance; the spec documents
//! none (they are per instance), so a tool that filters by one declares it Undocumented, with
//! where NetBox reads it. The fixed data set defines the text field `live_owner` on devices.

use catalog::tool;

/// Find devices by the team that owns them (the deployment's `live_owner` custom field).
#[tool(
    spec = "netbox-4.6.8",
    operation = "dcim_devices_list",
    name = "list_devices_by_owner",
    output(
        text,
        reason = "NetBox's device objects run to tens of KB; the agent reads the JSON as text"
    ),
    omitted(
        "query.*",
        reason = "the deployment's owner lookup filters by site and owner only; list_devices has the other filters"
    )
)]
pub struct ListDevicesByOwner {
    /// Site slugs.
    pub site: Option<Vec<String>>,
    /// Owning teams, any of these.
    #[arg(
        param = "query.cf_live_owner",
        undocumented,
        read_at = "netbox/netbox/filtersets.py NetBoxModelFilterSet.__init__ (a cf_<name> filter per custom field of the model)",
        reason = "the deployment records each device's owning team in the custom field live_owner; NetBox filters by it, its spec cannot name an instance's fields"
    )]
    pub owner: Option<Vec<String>>,
    /// Page size (NetBox default 50).
    pub limit: Option<i64>,
    /// How many results to skip: the next page starts at `offset + limit`.
    pub offset: Option<i64>,
}
