//! What the live NetBox is known to do where its spec is wrong or silent, each with why: the
//! refusals of generated arguments that come from the spec, and the response fields that do not
//! match it. A finding not listed fails the run, and so does a listed one no call finds.

/// Filters whose values name objects on the server, by slug or id. NetBox refuses a value
/// that names none ("Select a valid choice"); which objects exist is data, not schema, so
/// such a refusal of a generated value is an unknown reference, not a false positive.
pub const REFERENCE_FILTERS: &[&str] = &[
    "site",
    "site_id",
    "role",
    "role_id",
    "tag",
    "tag_id",
    "tenant_id",
    "rack_id",
    "manufacturer",
    "manufacturer_id",
    "device_type",
    "model",
    "platform",
    "platform_id",
    "location",
    "location_id",
    "region",
    "region_id",
    "site_group",
    "group_id",
    "parent_id",
    "device_id",
    "interface_id",
    "vrf_id",
    "present_in_vrf_id",
    "vlan_id",
    "cluster_id",
    "virtual_machine_id",
    "vminterface_id",
    "asn_id",
    "import_target",
    "export_target",
    "type",
    "scope_id",
];

/// The false positives the generated calls find, by parameter and the start of NetBox's
/// message, and why: the tool accepts what the spec allows, and there the spec is wrong or
/// silent. A refusal not listed fails the run, and so does an entry no call finds. None: where
/// the spec is wider than the server (the `status` filters, read as the server's own choices;
/// the `mac_address` filters, read as EUI-48 texts), the tools narrow the parameter
/// (`#[arg(values = [...])]`, `#[arg(pattern = "...")]`, each with where the server reads it).
pub const KNOWN_FALSE_POSITIVES: &[(&str, &str, &str)] = &[];

/// Response fields whose value on the live server does not match the 4.6.8 spec, and why.
pub const KNOWN_RESPONSE_DRIFT: &[(&str, &str)] = &[
    (
        "face: null is not of type \"object\"",
        "a device without a rack face is answered with null; the spec's `face` is not nullable",
    ),
    (
        "airflow: null is not of type \"object\"",
        "a device without an airflow is answered with null; the spec's `airflow` is not nullable",
    ),
    (
        "allocated_disk: null is not of type \"integer\"",
        "a cluster without VMs' disk totals is answered with null; the spec's integer is not nullable",
    ),
    (
        "allocated_memory: null is not of type \"integer\"",
        "a cluster without VMs' memory totals is answered with null; the spec's integer is not nullable",
    ),
    (
        "mode: null is not of type \"object\"",
        "an interface without an 802.1Q mode is answered with null; the spec's `mode` is not nullable",
    ),
    (
        "profile: null is not of type \"object\"",
        "a cable without a profile is answered with null; the spec's cable `profile` is not nullable",
    ),
    (
        "rf_channel: null is not of type \"object\"",
        "a wired interface has no RF channel: null; the spec's `rf_channel` is not nullable",
    ),
    (
        "rf_role: null is not of type \"object\"",
        "a wired interface has no RF role: null; the spec's `rf_role` is not nullable",
    ),
    (
        "role: null is not of type \"object\"",
        "an address without a role is answered with null; the spec's `role` is not nullable",
    ),
    (
        "\"created\" is a required property",
        "a brief answer (`brief` sent) holds only the brief fields; the spec documents the full object for every answer",
    ),
    (
        "\"display_url\" is a required property",
        "a brief answer (`brief` sent) holds only the brief fields; the spec documents the full object for every answer",
    ),
    (
        "\"l2vpn_termination\" is a required property",
        "a brief answer (`brief` sent) holds only the brief fields; the spec documents the full object for every answer",
    ),
    (
        "\"last_updated\" is a required property",
        "a brief answer (`brief` sent) holds only the brief fields; the spec documents the full object for every answer",
    ),
    (
        "\"mac_address\" is a required property",
        "a brief answer (`brief` sent) holds only the brief fields; the spec documents the full object for every answer",
    ),
    (
        "\"mac_addresses\" is a required property",
        "a brief answer (`brief` sent) holds only the brief fields; the spec documents the full object for every answer",
    ),
    (
        "\"rir\" is a required property",
        "a brief answer (`brief` sent) holds only the brief fields; the spec documents the full object for every answer",
    ),
    (
        "\"scope\" is a required property",
        "a brief answer (`brief` sent) holds only the brief fields; the spec documents the full object for every answer",
    ),
    (
        "\"site\" is a required property",
        "a brief answer (`brief` sent) holds only the brief fields; the spec documents the full object for every answer",
    ),
    (
        "\"total_vlan_ids\" is a required property",
        "a brief answer (`brief` sent) holds only the brief fields; the spec documents the full object for every answer",
    ),
];
