//! The NetBox tool set against `netbox-4.6.8.json`: the set is pinned by name and operation,
//! every schema is valid and closed, the writes are the four declared ones, the filters reach
//! the wire exactly as NetBox reads them, and `tools/list` stays within a model's budget.
#![cfg_attr(not(real_specs), allow(unused))]

#[cfg(not(real_specs))]
#[test]
#[ignore = "not run: CATALOG_SPECS_DIR is not set, so the NetBox tools are not built (.ci/run sets it to ../shared/specs)"]
fn netbox_tools() {
    panic!(
        "CATALOG_SPECS_DIR is not set, so the NetBox tools are not built (.ci/run sets it to ../shared/specs)"
    );
}

#[cfg(real_specs)]
mod real {
    use catalog::executor::{Executor, ExecutorConfig};
    use catalog::mcp::McpServer;
    use catalog::{Tool, model::Disposition};
    use catalog_real_specs::netbox::{self as n, catalog};
    use serde_json::{Value, json};

    /// The query string of the request `T` builds from `args`.
    fn uri<T: Tool>(args: Value) -> String {
        T::from_arguments(args)
            .unwrap()
            .to_request()
            .unwrap()
            .uri()
            .to_string()
    }

    /// The method, URI and JSON body of the request `T` builds from `args`.
    fn request<T: Tool>(args: Value) -> (String, String, Value) {
        let req = T::from_arguments(args).unwrap().to_request().unwrap();
        assert_eq!(
            req.headers()[http::header::CONTENT_TYPE],
            "application/json"
        );
        (
            req.method().to_string(),
            req.uri().to_string(),
            serde_json::from_slice(req.body()).unwrap(),
        )
    }

    fn refusal<T: Tool>(args: Value) -> String {
        T::from_arguments(args).map(|_| ()).unwrap_err().to_string()
    }

    #[test]
    fn the_netbox_set_is_pinned() {
        let got: Vec<String> = catalog()
            .tools()
            .map(|t| format!("{} {}", t.name, t.operation.key()))
            .collect();
        let want = [
            "list_sites GET /api/dcim/sites/",
            "get_site GET /api/dcim/sites/{id}/",
            "list_regions GET /api/dcim/regions/",
            "list_locations GET /api/dcim/locations/",
            "list_racks GET /api/dcim/racks/",
            "get_rack GET /api/dcim/racks/{id}/",
            "list_device_roles GET /api/dcim/device-roles/",
            "list_device_types GET /api/dcim/device-types/",
            "list_manufacturers GET /api/dcim/manufacturers/",
            "list_platforms GET /api/dcim/platforms/",
            "list_devices GET /api/dcim/devices/",
            "get_device GET /api/dcim/devices/{id}/",
            "create_device POST /api/dcim/devices/",
            "update_device PATCH /api/dcim/devices/{id}/",
            "list_interfaces GET /api/dcim/interfaces/",
            "get_interface GET /api/dcim/interfaces/{id}/",
            "trace_interface GET /api/dcim/interfaces/{id}/trace/",
            "list_cables GET /api/dcim/cables/",
            "get_cable GET /api/dcim/cables/{id}/",
            "list_prefixes GET /api/ipam/prefixes/",
            "get_prefix GET /api/ipam/prefixes/{id}/",
            "list_ip_addresses GET /api/ipam/ip-addresses/",
            "get_ip_address GET /api/ipam/ip-addresses/{id}/",
            "list_vlans GET /api/ipam/vlans/",
            "get_vlan GET /api/ipam/vlans/{id}/",
            "list_vlan_groups GET /api/ipam/vlan-groups/",
            "list_vrfs GET /api/ipam/vrfs/",
            "get_vrf GET /api/ipam/vrfs/{id}/",
            "list_aggregates GET /api/ipam/aggregates/",
            "list_ip_ranges GET /api/ipam/ip-ranges/",
            "list_available_ips GET /api/ipam/prefixes/{id}/available-ips/",
            "allocate_ips POST /api/ipam/prefixes/{id}/available-ips/",
            "create_ip_address POST /api/ipam/ip-addresses/",
            "list_tenants GET /api/tenancy/tenants/",
            "get_tenant GET /api/tenancy/tenants/{id}/",
            "list_tenant_groups GET /api/tenancy/tenant-groups/",
            "list_virtual_machines GET /api/virtualization/virtual-machines/",
            "get_virtual_machine GET /api/virtualization/virtual-machines/{id}/",
            "list_clusters GET /api/virtualization/clusters/",
            "get_cluster GET /api/virtualization/clusters/{id}/",
            "list_cluster_types GET /api/virtualization/cluster-types/",
            "list_vm_interfaces GET /api/virtualization/interfaces/",
        ];
        assert_eq!(got, want);
        assert!(
            catalog()
                .tools()
                .all(|t| t.operation.spec.stem == "netbox-4.6.8")
        );
    }

    #[test]
    fn every_netbox_schema_is_valid_2020_12_and_closed() {
        for t in catalog().tools() {
            jsonschema::draft202012::meta::validate(t.input_schema)
                .unwrap_or_else(|e| panic!("{}: {e}", t.name));
            assert_eq!(t.input_schema["type"], "object", "{}", t.name);
            assert_eq!(t.input_schema["additionalProperties"], false, "{}", t.name);
            assert!(!t.input_schema_json.contains("$ref"), "{}", t.name);
        }
    }

    #[test]
    fn the_writes_are_the_four_declared_and_update_device_is_idempotent() {
        let mut writes: Vec<(&str, bool, bool)> = catalog()
            .tools()
            .filter(|t| !t.hints().read_only)
            .map(|t| (t.name, t.hints().idempotent, t.hints().destructive))
            .collect();
        writes.sort();
        assert_eq!(
            writes,
            [
                ("allocate_ips", false, false),
                ("create_device", false, false),
                ("create_ip_address", false, false),
                ("update_device", true, false),
            ]
        );
        let effects = n::UpdateDevice::EFFECTS;
        assert_eq!(effects.idempotent, Some(true));
        assert!(effects.reason.unwrap().contains("absolute value"));
    }

    #[test]
    fn a_null_filter_a_negation_and_an_emptiness_test_reach_the_wire_as_netbox_reads_them() {
        assert_eq!(
            uri::<n::ListVlans>(json!({
                "tenant_id": [null],
                "status__n": ["deprecated"],
                "description__empty": true,
            })),
            "/api/ipam/vlans/?description__empty=true&status__n=deprecated&tenant_id=null"
        );
        assert_eq!(
            uri::<n::ListDevices>(json!({"tenant_id": [null, 7]})),
            "/api/dcim/devices/?tenant_id=null&tenant_id=7"
        );
        assert_eq!(n::ListVlans::operation().spec.null.as_deref(), Some("null"));
    }

    #[test]
    fn lookup_suffixes_reach_the_wire_under_their_wire_names() {
        assert_eq!(
            uri::<n::ListVlans>(
                json!({"vid__gte": [100], "vid__lte": [199], "name__ic": ["core"]})
            ),
            "/api/ipam/vlans/?name__ic=core&vid__gte=100&vid__lte=199"
        );
        assert_eq!(
            uri::<n::ListVirtualMachines>(json!({"memory__gte": [4096], "limit": 10})),
            "/api/virtualization/virtual-machines/?limit=10&memory__gte=4096"
        );
    }

    #[test]
    fn an_overridden_id_filter_takes_integers_and_sends_them_as_the_filter_is_sent() {
        // 4.6.8's schema types `region_id` as strings; NetBox reads integer pks. The tool
        // overrides the wire type (`#[arg(wire_type = "integer", read_at, reason)]`): the
        // agent gives integers, and the query is the parameter's own form, one pair per id.
        assert_eq!(
            uri::<n::ListSites>(json!({"region_id": [3, 4]})),
            "/api/dcim/sites/?region_id=3&region_id=4"
        );
        assert_eq!(
            uri::<n::ListDevices>(json!({"role_id": [7], "limit": 5})),
            "/api/dcim/devices/?limit=5&role_id=7"
        );
        assert_eq!(
            uri::<n::ListInterfaces>(json!({"vlan_id": 12})),
            "/api/dcim/interfaces/?vlan_id=12"
        );
        assert_eq!(
            refusal::<n::ListSites>(json!({"region_id": ["emea"]})),
            "invalid arguments: $.region_id[0]: expected integer, got string \"emea\""
        );
    }

    #[test]
    fn custom_field_filters_reach_the_wire_as_their_own_parameters() {
        // NetBox adds a `cf_<name>` filter (and its lookups) per custom field: the tools take
        // them as a `cf_*` family, each entry sent as its own parameter, repeated per value.
        assert_eq!(
            uri::<n::ListDevices>(json!({
                "custom_fields": {"cf_env": ["prod", "dev"], "cf_owner__ic": ["ops"]},
                "limit": 5
            })),
            "/api/dcim/devices/?limit=5&cf_env=prod&cf_env=dev&cf_owner__ic=ops"
        );
        assert_eq!(
            refusal::<n::ListDevices>(json!({"custom_fields": {"env": ["prod"]}})),
            "invalid arguments: $.custom_fields.env: key `env` does not match `cf_*`: each key \
             is the name of a query parameter of that family; did you mean `cf_env`?"
        );
    }

    #[test]
    fn a_netbox_3_filter_name_gets_its_netbox_4_name() {
        assert_eq!(
            refusal::<n::ListDevices>(json!({"device_role": ["leaf"], "device_role_id": [7]})),
            "invalid arguments: $.device_role: unknown argument `device_role`; did you mean \
             `role`? (`device_role` is its former name); $.device_role_id: unknown argument \
             `device_role_id`; did you mean `role_id`? (`device_role_id` is its former name)"
        );
    }

    #[test]
    fn a_narrowed_status_or_mac_filter_takes_what_the_server_reads_and_refuses_the_rest() {
        // 4.6.8's status filters are plain strings and its MAC filters any text; NetBox reads
        // its own choices and EUI-48 texts. The tools narrow them (`#[arg(values = [...])]`,
        // `#[arg(pattern = "...")]`): the schema names what is read, the rest is refused.
        let schema = n::ListDevices::input_schema();
        assert_eq!(
            schema["properties"]["status"]["items"]["enum"],
            json!([
                "offline",
                "active",
                "planned",
                "staged",
                "failed",
                "inventory",
                "decommissioning"
            ])
        );
        assert!(
            schema["properties"]["mac_address"]["items"]["pattern"].is_string(),
            "{schema}"
        );
        assert_eq!(
            uri::<n::ListDevices>(json!({
                "status": ["active", "staged"],
                "mac_address": ["00:1a:2b:3c:4d:5e", "001a.2b3c.4d5e", "001A2B3C4D5E"]
            })),
            "/api/dcim/devices/?mac_address=00%3A1a%3A2b%3A3c%3A4d%3A5e\
             &mac_address=001a.2b3c.4d5e&mac_address=001A2B3C4D5E&status=active&status=staged"
        );
        assert_eq!(
            uri::<n::ListVlans>(json!({"status__n": ["reserved"]})),
            "/api/ipam/vlans/?status__n=reserved"
        );
        assert_eq!(
            refusal::<n::ListVlans>(json!({"status__n": ["retired"]})),
            "invalid arguments: $.status__n[0]: expected one of \"active\", \"reserved\", \
             \"deprecated\", got string \"retired\""
        );
        let e = refusal::<n::ListInterfaces>(json!({"mac_address": ["00:1a:2b:3c:4d"]}));
        assert!(
            e.starts_with("invalid arguments: $.mac_address[0]: must match the pattern /^(?:")
                && e.ends_with("/, got string \"00:1a:2b:3c:4d\""),
            "{e}"
        );
    }

    #[test]
    fn a_filter_in_the_glob_tail_is_refused_with_the_tail_reason() {
        let e = refusal::<n::ListSites>(json!({"created__gte": ["2026-01-01T00:00:00Z"]}));
        assert!(
            e.contains("`created__gte`")
                && e.contains("lookup variants of the ones set here")
                && e.contains("audit fields (timestamps"),
            "{e}"
        );
        let op = n::ListSites::operation();
        let tail = op
            .accounting
            .iter()
            .filter(|r| {
                matches!(&r.disposition, Disposition::Omitted { pattern: Some(p), .. } if p == "query.*")
            })
            .count();
        let set = op
            .accounting
            .iter()
            .filter(|r| matches!(r.disposition, Disposition::Set { .. }))
            .count();
        assert_eq!((op.params.len(), set, tail), (163, 17, 144));
    }

    #[test]
    fn create_device_sends_the_object_arm_with_ids_and_custom_fields() {
        let (method, uri, body) = request::<n::CreateDevice>(json!({
            "name": "leaf-07",
            "device_type": 4,
            "role": 2,
            "site": 1,
            "rack": 12,
            "position": 20,
            "face": "front",
            "status": "planned",
            "custom_fields": {"ticket": "OPS-1234"},
        }));
        assert_eq!(
            (method.as_str(), uri.as_str()),
            ("POST", "/api/dcim/devices/")
        );
        assert_eq!(
            body,
            json!({
                "name": "leaf-07", "device_type": 4, "role": 2, "site": 1, "rack": 12,
                "position": 20.0, "face": "front", "status": "planned",
                "custom_fields": {"ticket": "OPS-1234"},
            })
        );
        assert!(
            refusal::<n::CreateDevice>(json!({"name": "x", "role": 2, "site": 1}))
                .contains("device_type")
        );
    }

    #[test]
    fn update_device_sends_only_the_fields_given_and_clears_with_null() {
        let (method, uri, body) =
            request::<n::UpdateDevice>(json!({"id": 31, "status": "active", "tenant": null}));
        assert_eq!(
            (method.as_str(), uri.as_str()),
            ("PATCH", "/api/dcim/devices/31/")
        );
        assert_eq!(body, json!({"status": "active", "tenant": null}));
        let e = refusal::<n::UpdateDevice>(json!({"id": 31, "rack": 4}));
        assert!(
            e.contains("moving a device between racks is a re-rack"),
            "{e}"
        );
    }

    #[test]
    fn assigning_an_ip_is_an_allocation_or_a_record_on_an_interface() {
        let (method, uri, body) =
            request::<n::AllocateIps>(json!({"id": 9, "addresses": [{"prefix_length": 32}]}));
        assert_eq!(
            (method.as_str(), uri.as_str()),
            ("POST", "/api/ipam/prefixes/9/available-ips/")
        );
        assert_eq!(body, json!([{"prefix_length": 32}]));
        let (_, uri, body) = request::<n::CreateIpAddress>(json!({
            "address": "10.0.0.5/24",
            "assigned_object_type": "dcim.interface",
            "assigned_object_id": 77,
            "status": "active",
        }));
        assert_eq!(uri, "/api/ipam/ip-addresses/");
        assert_eq!(
            body,
            json!({
                "address": "10.0.0.5/24", "assigned_object_type": "dcim.interface",
                "assigned_object_id": 77, "status": "active",
            })
        );
    }

    /// `tools/list` as a model receives it: measured, and held under a budget so that a change
    /// that brings the response schemas back (140 000 tokens) fails here.
    #[test]
    fn the_tool_list_fits_a_models_context() {
        let executor = Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap();
        let budget = McpServer::new(catalog(), executor).budget();
        eprintln!("{budget}");
        assert_eq!(budget.tools.len(), 42);
        assert!(budget.total_bytes() < 80_000, "{budget}");
        let (name, largest) = budget.tools.iter().max_by_key(|(_, b)| *b).unwrap();
        assert!(*largest < 8_000, "{name}: {largest} bytes");
        assert!(catalog().tools().all(|t| t.output_schema.is_none()));
    }
}
