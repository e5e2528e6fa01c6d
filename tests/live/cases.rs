//! The read cases: each tool of the NetBox tool set called with arguments built from the fixed
//! data and the ids the server gave it, and the answer it must give, computed from the fixture.
//! Every list case is scoped to fixture objects (by name, slug, site, device, cluster or
//! address block), so that other objects on the server cannot change its answer.

use crate::world::{BLOCK, World, objects, pluck};
use serde_json::{Value, json};
use std::collections::BTreeSet;

/// What a call must return.
pub enum Expect {
    /// Exactly these objects (by key, see [`pluck`]), in any order.
    Exactly {
        key: &'static str,
        values: Vec<String>,
    },
    /// Exactly these objects, in this order.
    InOrder {
        key: &'static str,
        values: Vec<String>,
    },
    /// A page: `count` in all, `len` on this page.
    Page { count: usize, len: usize },
    /// The answer holds these fields with these values (objects: these keys; arrays: the
    /// same length, each item holding its counterpart).
    Holds(Value),
    /// The list starts with these objects.
    Starts {
        key: &'static str,
        values: Vec<String>,
    },
    /// What NetBox's own filter returns for `query` on the tool's path (a plain HTTP GET),
    /// and that is exactly `values`.
    SameAsNetBox {
        query: String,
        key: &'static str,
        values: Vec<String>,
    },
}

pub struct Case {
    pub tool: &'static str,
    pub what: &'static str,
    pub args: fn(&World) -> Value,
    pub expect: fn(&World) -> Expect,
    /// An argument whose effect the case proves: called again without it, the answer differs.
    pub honours: Option<&'static str>,
}

fn case(
    tool: &'static str,
    what: &'static str,
    args: fn(&World) -> Value,
    expect: fn(&World) -> Expect,
) -> Case {
    Case {
        tool,
        what,
        args,
        expect,
        honours: None,
    }
}

fn exactly(key: &'static str, values: Vec<String>) -> Expect {
    Expect::Exactly { key, values }
}

fn names(values: &[&str]) -> Vec<String> {
    values.iter().map(|v| v.to_string()).collect()
}

/// The fixture's devices' names that `keep` selects.
fn devices(w: &World, keep: impl Fn(&Value) -> bool) -> Vec<String> {
    w.names("devices", "name", keep)
}

fn is(v: &Value, field: &str, want: &str) -> bool {
    v[field].as_str() == Some(want)
}

/// Whether `got` holds `want` (see [`Expect::Holds`]); the first difference when not.
pub fn holds(got: &Value, want: &Value, at: &str) -> Result<(), String> {
    match (got, want) {
        (Value::Object(g), Value::Object(w)) => w.iter().try_for_each(|(k, wv)| {
            holds(g.get(k).unwrap_or(&Value::Null), wv, &format!("{at}.{k}"))
        }),
        (Value::Array(g), Value::Array(w)) if g.len() == w.len() => g
            .iter()
            .zip(w)
            .enumerate()
            .try_for_each(|(i, (gv, wv))| holds(gv, wv, &format!("{at}[{i}]"))),
        _ if got == want => Ok(()),
        _ => Err(format!("at {at}: got {got}, want {want}")),
    }
}

fn keys(body: &Value, key: &str) -> Vec<String> {
    objects(body).iter().map(|o| pluck(o, key)).collect()
}

/// Whether `body` is what `expect` says; the difference when it is not. `netbox` is NetBox's
/// own answer for a [`Expect::SameAsNetBox`] case.
pub fn compare(body: &Value, expect: &Expect, netbox: Option<&Value>) -> Result<(), String> {
    let sorted = |mut v: Vec<String>| {
        v.sort();
        v
    };
    match expect {
        Expect::Exactly { key, values } => {
            let (got, want) = (sorted(keys(body, key)), sorted(values.clone()));
            (got == want)
                .then_some(())
                .ok_or(format!("got {got:?}, want {want:?}"))
        }
        Expect::InOrder { key, values } => {
            let got = keys(body, key);
            (&got == values)
                .then_some(())
                .ok_or(format!("got {got:?}, want {values:?}"))
        }
        Expect::Page { count, len } => {
            let got_count = body["count"].as_u64().map(|c| c as usize);
            let got_len = body["results"].as_array().map(Vec::len);
            (got_count == Some(*count) && got_len == Some(*len))
                .then_some(())
                .ok_or(format!(
                    "got count {got_count:?} and {got_len:?} results, want {count} and {len}"
                ))
        }
        Expect::Holds(want) => holds(body, want, "$"),
        Expect::Starts { key, values } => {
            let got: Vec<_> = keys(body, key).into_iter().take(values.len()).collect();
            (&got == values)
                .then_some(())
                .ok_or(format!("starts with {got:?}, want {values:?}"))
        }
        Expect::SameAsNetBox { query, key, values } => {
            let netbox = netbox.expect("NetBox's own answer");
            let got: BTreeSet<_> = objects(body).iter().map(|o| o["id"].as_i64()).collect();
            let own: BTreeSet<_> = objects(netbox).iter().map(|o| o["id"].as_i64()).collect();
            if got != own {
                return Err(format!(
                    "ids {got:?}, NetBox's own filter ({query}) returns {own:?}"
                ));
            }
            let (got, want) = (sorted(keys(body, key)), sorted(values.clone()));
            (got == want).then_some(()).ok_or(format!(
                "got {got:?}, want {want:?} (as NetBox's own filter)"
            ))
        }
    }
}

/// The read cases, by tool.
pub fn cases() -> Vec<Case> {
    let mut all = dcim();
    all.extend(device_cases());
    all.extend(ipam());
    all.extend(tenancy_and_virtualization());
    all
}

fn dcim() -> Vec<Case> {
    vec![
        case(
            "list_sites",
            "the fixture's sites by slug",
            |w| json!({"slug": w.sites()}),
            |w| exactly("name", w.names("sites", "name", |_| true)),
        ),
        case(
            "list_sites",
            "name__ic returns what NetBox's own name__ic does",
            |_| json!({"name__ic": ["LIVE-SITE"]}),
            |w| Expect::SameAsNetBox {
                query: "name__ic=LIVE-SITE".into(),
                key: "name",
                values: w.names("sites", "name", |_| true),
            },
        ),
        case(
            "list_sites",
            "status__n returns what NetBox's own status__n does",
            |w| json!({"slug": w.sites(), "status__n": ["active"]}),
            |w| Expect::SameAsNetBox {
                query: "slug=live-site-a&slug=live-site-b&status__n=active".into(),
                key: "name",
                values: w.names("sites", "name", |s| !is(s, "status", "active")),
            },
        ),
        case(
            "list_sites",
            "a region id (overridden to an integer; the spec says string) is read as the id",
            |w| json!({"region_id": [w.id("regions", "live-region")]}),
            |w| {
                exactly(
                    "name",
                    w.names("sites", "name", |s| is(s, "region", "live-region")),
                )
            },
        ),
        case(
            "list_sites",
            "the null filter on tenant_id returns the sites without a tenant (all of the fixture's)",
            |w| json!({"slug": w.sites(), "tenant_id": [null]}),
            |w| exactly("name", w.names("sites", "name", |_| true)),
        ),
        case(
            "list_sites",
            "ordering by -name reverses",
            |w| json!({"slug": w.sites(), "ordering": "-name"}),
            |w| {
                let mut v = w.names("sites", "name", |_| true);
                v.sort();
                v.reverse();
                Expect::InOrder {
                    key: "name",
                    values: v,
                }
            },
        ),
        case(
            "get_site",
            "a site by id, as the fixture has it",
            |w| json!({"id": w.id("sites", "live-site-a")}),
            |_| {
                Expect::Holds(json!({"name": "live-site-a", "slug": "live-site-a",
                    "status": {"value": "active"}, "region": {"name": "live-region"}, "facility": "live-dc-a"}))
            },
        ),
        case(
            "get_site",
            "brief=false is read as brief: NetBox turns brief mode on for any value",
            |w| json!({"id": w.id("sites", "live-site-a"), "brief": false}),
            |_| {
                Expect::Holds(
                    json!({"name": "live-site-a", "slug": "live-site-a", "status": null, "region": null}),
                )
            },
        ),
        case(
            "list_regions",
            "the fixture's region by slug",
            |_| json!({"slug": ["live-region"]}),
            |w| exactly("name", w.names("regions", "name", |_| true)),
        ),
        case(
            "list_locations",
            "a site's locations",
            |w| json!({"site_id": [w.id("sites", "live-site-a")]}),
            |w| {
                exactly(
                    "name",
                    w.names("locations", "name", |l| is(l, "site", "live-site-a")),
                )
            },
        ),
        case(
            "list_racks",
            "the racks of the fixture's sites",
            |w| json!({"site_id": w.ids("sites")}),
            |w| exactly("name", w.names("racks", "name", |_| true)),
        ),
        case(
            "list_racks",
            "a location id (overridden to an integer; the spec says string) is read as the id",
            |w| json!({"location_id": [w.id("locations", "live-room-a")]}),
            |w| {
                exactly(
                    "name",
                    w.names("racks", "name", |r| is(r, "location", "live-room-a")),
                )
            },
        ),
        case(
            "list_racks",
            "a rack height returns the racks of that height",
            |w| json!({"site_id": w.ids("sites"), "u_height": [48]}),
            |w| {
                exactly(
                    "name",
                    w.names("racks", "name", |r| r["u_height"] == json!(48)),
                )
            },
        ),
        case(
            "get_rack",
            "a rack by id, as the fixture has it",
            |w| json!({"id": w.id("racks", "live-rack-a1")}),
            |_| {
                Expect::Holds(
                    json!({"name": "live-rack-a1", "site": {"name": "live-site-a"},
                    "location": {"name": "live-room-a"}, "status": {"value": "active"}}),
                )
            },
        ),
        case(
            "list_device_roles",
            "the fixture's roles by slug",
            |_| json!({"slug": ["live-leaf", "live-spine"]}),
            |w| exactly("name", w.names("device_roles", "name", |_| true)),
        ),
        case(
            "list_device_types",
            "a manufacturer's device types",
            |w| json!({"manufacturer_id": [w.id("manufacturers", "live-maker")]}),
            |w| exactly("model", w.names("device_types", "model", |_| true)),
        ),
        case(
            "list_manufacturers",
            "name__ic returns what NetBox's own name__ic does",
            |_| json!({"name__ic": ["live-mak"]}),
            |w| Expect::SameAsNetBox {
                query: "name__ic=live-mak".into(),
                key: "name",
                values: w.names("manufacturers", "name", |_| true),
            },
        ),
        case(
            "list_platforms",
            "a manufacturer's platforms",
            |w| json!({"manufacturer_id": [w.id("manufacturers", "live-maker")]}),
            |w| exactly("name", w.names("platforms", "name", |_| true)),
        ),
    ]
}

fn device_cases() -> Vec<Case> {
    vec![
        case(
            "list_devices",
            "the null filter returns exactly the devices without a tenant",
            |w| json!({"site": w.sites(), "tenant_id": [null]}),
            |w| exactly("name", devices(w, |d| d["tenant"].is_null())),
        ),
        case(
            "list_devices",
            "null and an id together return the devices without a tenant and that tenant's",
            |w| json!({"site": w.sites(), "tenant_id": [null, w.id("tenants", "live-acme")]}),
            |w| exactly("name", devices(w, |_| true)),
        ),
        case(
            "list_devices",
            "a site slug returns that site's devices",
            |_| json!({"site": ["live-site-a"]}),
            |w| exactly("name", devices(w, |d| is(d, "site", "live-site-a"))),
        ),
        case(
            "list_devices",
            "a site id returns that site's devices",
            |w| json!({"site_id": [w.id("sites", "live-site-b")]}),
            |w| exactly("name", devices(w, |d| is(d, "site", "live-site-b"))),
        ),
        case(
            "list_devices",
            "a rack id returns the devices in that rack",
            |w| json!({"rack_id": [w.id("racks", "live-rack-a1")]}),
            |w| exactly("name", devices(w, |d| is(d, "rack", "live-rack-a1"))),
        ),
        case(
            "list_devices",
            "a role id (overridden to an integer; the spec says string) is read as the id by the server",
            |w| json!({"role_id": [w.id("device_roles", "live-spine")]}),
            |w| exactly("name", devices(w, |d| is(d, "role", "live-spine"))),
        ),
        case(
            "list_devices",
            "two statuses return the devices in either",
            |w| json!({"site": w.sites(), "status": ["planned", "offline"]}),
            |w| {
                exactly(
                    "name",
                    devices(w, |d| {
                        is(d, "status", "planned") || is(d, "status", "offline")
                    }),
                )
            },
        ),
        case(
            "list_devices",
            "an exact serial returns its device",
            |_| json!({"serial": ["LIVE-SN-A2"]}),
            |w| exactly("name", devices(w, |d| is(d, "serial", "LIVE-SN-A2"))),
        ),
        case(
            "list_devices",
            "the free-text q searches serials",
            |w| json!({"site": w.sites(), "q": "LIVE-SN-B"}),
            |w| {
                exactly(
                    "name",
                    devices(w, |d| {
                        d["serial"]
                            .as_str()
                            .is_some_and(|s| s.starts_with("LIVE-SN-B"))
                    }),
                )
            },
        ),
        case(
            "list_devices",
            "a platform slug returns the devices running it",
            |w| json!({"site": w.sites(), "platform": ["live-os"]}),
            |w| exactly("name", devices(w, |d| is(d, "platform", "live-os"))),
        ),
        case(
            "list_devices",
            "ordering by -name returns the devices in reverse name order",
            |w| json!({"site": w.sites(), "ordering": "-name"}),
            |w| {
                let mut values = devices(w, |_| true);
                values.sort();
                values.reverse();
                Expect::InOrder {
                    key: "name",
                    values,
                }
            },
        ),
        case(
            "list_devices",
            "limit and offset return one page and the whole count",
            |w| json!({"site": w.sites(), "limit": 1, "offset": 1}),
            |w| Expect::Page {
                count: w.all("devices").len(),
                len: 1,
            },
        ),
        Case {
            tool: "list_devices_by_owner",
            what: "the custom-field filter cf_live_owner returns the devices that team owns",
            args: |w| json!({"site": w.sites(), "cf_live_owner": ["network-team"]}),
            expect: |w| {
                exactly(
                    "name",
                    devices(w, |d| {
                        d["custom_fields"]["live_owner"] == json!("network-team")
                    }),
                )
            },
            honours: Some("cf_live_owner"),
        },
        Case {
            tool: "list_devices",
            what: "the custom-field family takes cf_live_owner and returns the devices that team owns",
            args: |w| json!({"site": w.sites(), "custom_fields": {"cf_live_owner": ["network-team"]}}),
            expect: |w| {
                exactly(
                    "name",
                    devices(w, |d| {
                        d["custom_fields"]["live_owner"] == json!("network-team")
                    }),
                )
            },
            honours: Some("custom_fields"),
        },
        case(
            "get_device",
            "a device by id, as the fixture has it",
            |w| json!({"id": w.id("devices", "live-leaf-a1")}),
            |_| {
                Expect::Holds(json!({"name": "live-leaf-a1", "serial": "LIVE-SN-A1",
                    "status": {"value": "active"}, "site": {"name": "live-site-a"},
                    "rack": {"name": "live-rack-a1"}, "tenant": {"name": "live-acme"},
                    "platform": {"name": "live-os"}, "role": {"name": "live-leaf"},
                    "custom_fields": {"live_owner": "network-team"}}))
            },
        ),
        case(
            "list_interfaces",
            "a device's interfaces",
            |w| json!({"device_id": [w.id("devices", "live-leaf-a1")]}),
            |w| {
                exactly(
                    "device.name/name",
                    w.names("interfaces", "name", |i| is(i, "device", "live-leaf-a1"))
                        .into_iter()
                        .map(|n| format!("live-leaf-a1/{n}"))
                        .collect(),
                )
            },
        ),
        case(
            "list_interfaces",
            "cabled returns the interfaces with a cable",
            |w| json!({"device_id": w.ids("devices"), "cabled": true}),
            |w| {
                let c = &w.all("cables")[0];
                exactly(
                    "device.name/name",
                    vec![pluck(c, "a.0/a.1"), pluck(c, "b.0/b.1")],
                )
            },
        ),
        case(
            "list_interfaces",
            "a type returns the interfaces of that type",
            |w| json!({"device_id": w.ids("devices"), "type": ["10gbase-x-sfpp"]}),
            |w| {
                let all = w.all("interfaces").iter();
                let want = all
                    .filter(|i| is(i, "type", "10gbase-x-sfpp"))
                    .map(|i| pluck(i, "device/name"))
                    .collect();
                exactly("device.name/name", want)
            },
        ),
        case(
            "get_interface",
            "an interface by id, as the fixture has it",
            |w| json!({"id": w.id("interfaces", "live-spine-b1/eth0")}),
            |_| {
                Expect::Holds(json!({"name": "eth0", "device": {"name": "live-spine-b1"},
                    "type": {"value": "10gbase-x-sfpp"}}))
            },
        ),
        case(
            "trace_interface",
            "the trace from a cabled interface reaches the far end through the fixture's cable",
            |w| json!({"id": w.id("interfaces", "live-leaf-a1/eth1")}),
            |_| {
                Expect::Holds(json!([[
                    [{"name": "eth1", "device": {"name": "live-leaf-a1"}}],
                    {"label": "live-cable-1"},
                    [{"name": "eth0", "device": {"name": "live-spine-b2"}}]
                ]]))
            },
        ),
        case(
            "list_cables",
            "a device's cables",
            |w| json!({"device_id": [w.id("devices", "live-spine-b2")]}),
            |w| exactly("label", w.names("cables", "label", |_| true)),
        ),
        case(
            "get_cable",
            "a cable by id, with both ends",
            |w| json!({"id": w.id("cables", "live-cable-1")}),
            |w| {
                let a = w.id("interfaces", "live-leaf-a1/eth1");
                let b = w.id("interfaces", "live-spine-b2/eth0");
                Expect::Holds(
                    json!({"label": "live-cable-1", "status": {"value": "connected"},
                    "a_terminations": [{"object_type": "dcim.interface", "object_id": a}],
                    "b_terminations": [{"object_type": "dcim.interface", "object_id": b}]}),
                )
            },
        ),
    ]
}

fn ipam() -> Vec<Case> {
    vec![
        case(
            "list_prefixes",
            "the null filter returns the fixture's prefixes without a tenant",
            |w| json!({"prefix": w.names("prefixes", "prefix", |_| true), "tenant_id": [null]}),
            |w| {
                exactly(
                    "prefix",
                    w.names("prefixes", "prefix", |p| p["tenant"].is_null()),
                )
            },
        ),
        case(
            "list_prefixes",
            "within_include and status__n return what NetBox's own filters do",
            |_| json!({"within_include": BLOCK, "status__n": ["reserved"]}),
            |w| Expect::SameAsNetBox {
                query: format!("within_include={BLOCK}&status__n=reserved"),
                key: "prefix",
                values: w.names("prefixes", "prefix", |p| !is(p, "status", "reserved")),
            },
        ),
        case(
            "get_prefix",
            "a prefix by id, as the fixture has it",
            |w| json!({"id": w.id("prefixes", "10.77.1.0/24")}),
            |_| {
                Expect::Holds(
                    json!({"prefix": "10.77.1.0/24", "status": {"value": "active"},
                    "tenant": {"name": "live-acme"}, "vlan": {"name": "live-servers"}}),
                )
            },
        ),
        case(
            "list_ip_addresses",
            "the addresses within the fixture's block",
            |_| json!({"parent": [BLOCK]}),
            |w| exactly("address", w.names("ip_addresses", "address", |_| true)),
        ),
        case(
            "list_ip_addresses",
            "a device's addresses",
            |w| json!({"device_id": [w.id("devices", "live-leaf-a1")]}),
            |w| {
                exactly(
                    "address",
                    w.names("ip_addresses", "address", |a| {
                        is(a, "device", "live-leaf-a1")
                    }),
                )
            },
        ),
        case(
            "get_ip_address",
            "an address by id, with the interface it is assigned to",
            |w| json!({"id": w.id("ip_addresses", "10.77.2.1/24")}),
            |_| {
                Expect::Holds(
                    json!({"address": "10.77.2.1/24", "status": {"value": "reserved"},
                    "assigned_object_type": "dcim.interface",
                    "assigned_object": {"name": "eth0", "device": {"name": "live-spine-b1"}}}),
                )
            },
        ),
        case(
            "list_vlans",
            "vid__gte on the fixture's VLANs",
            |w| json!({"name": w.names("vlans", "name", |_| true), "vid__gte": [115]}),
            |w| {
                exactly(
                    "name",
                    w.names("vlans", "name", |v| v["vid"].as_i64() >= Some(115)),
                )
            },
        ),
        case(
            "list_vlans",
            "a VLAN group's VLANs",
            |w| json!({"group_id": [w.id("vlan_groups", "live-vgroup")]}),
            |w| {
                exactly(
                    "name",
                    w.names("vlans", "name", |v| is(v, "group", "live-vgroup")),
                )
            },
        ),
        case(
            "get_vlan",
            "a VLAN by id, as the fixture has it",
            |w| json!({"id": w.id("vlans", "live-servers")}),
            |_| {
                Expect::Holds(
                    json!({"vid": 110, "name": "live-servers", "status": {"value": "active"},
                    "site": {"name": "live-site-a"}, "group": {"name": "live-vgroup"}}),
                )
            },
        ),
        case(
            "list_vlan_groups",
            "name__ic returns what NetBox's own name__ic does",
            |_| json!({"name__ic": ["LIVE-VGR"]}),
            |w| Expect::SameAsNetBox {
                query: "name__ic=LIVE-VGR".into(),
                key: "name",
                values: w.names("vlan_groups", "name", |_| true),
            },
        ),
        case(
            "list_vrfs",
            "a route distinguisher returns its VRF",
            |_| json!({"rd": ["65077:1"]}),
            |w| exactly("name", w.names("vrfs", "name", |_| true)),
        ),
        case(
            "get_vrf",
            "a VRF by id, as the fixture has it",
            |w| json!({"id": w.id("vrfs", "live-vrf")}),
            |_| {
                Expect::Holds(
                    json!({"name": "live-vrf", "rd": "65077:1", "enforce_unique": true,
                    "tenant": {"name": "live-acme"}}),
                )
            },
        ),
        case(
            "list_aggregates",
            "the fixture's aggregate by prefix",
            |_| json!({"prefix": BLOCK}),
            |w| exactly("prefix", w.names("aggregates", "prefix", |_| true)),
        ),
        case(
            "list_ip_ranges",
            "the IP ranges within the fixture's block",
            |_| json!({"parent": [BLOCK]}),
            |w| {
                exactly(
                    "start_address",
                    w.names("ip_ranges", "start_address", |_| true),
                )
            },
        ),
        case(
            "list_available_ips",
            "a prefix's free addresses start after the one in use",
            |w| json!({"id": w.id("prefixes", "10.77.2.0/24")}),
            |_| Expect::Starts {
                key: "address",
                values: names(&["10.77.2.2/24", "10.77.2.3/24"]),
            },
        ),
    ]
}

fn tenancy_and_virtualization() -> Vec<Case> {
    vec![
        case(
            "list_tenants",
            "a group id (overridden to an integer; the spec says string) is read as the id",
            |w| json!({"group_id": [w.id("tenant_groups", "live-tenants")]}),
            |w| {
                exactly(
                    "name",
                    w.names("tenants", "name", |t| is(t, "group", "live-tenants")),
                )
            },
        ),
        case(
            "get_tenant",
            "a tenant by id, as the fixture has it",
            |w| json!({"id": w.id("tenants", "live-acme")}),
            |_| {
                Expect::Holds(
                    json!({"name": "live-acme", "slug": "live-acme", "group": {"name": "live-tenants"}}),
                )
            },
        ),
        case(
            "list_tenant_groups",
            "the fixture's tenant group by slug",
            |_| json!({"slug": ["live-tenants"]}),
            |w| exactly("name", w.names("tenant_groups", "name", |_| true)),
        ),
        case(
            "list_virtual_machines",
            "the null filter returns the cluster's VMs without a tenant",
            |w| json!({"cluster_id": [w.id("clusters", "live-cluster")], "tenant_id": [null]}),
            |w| {
                exactly(
                    "name",
                    w.names("virtual_machines", "name", |v| v["tenant"].is_null()),
                )
            },
        ),
        case(
            "list_virtual_machines",
            "status__n returns what NetBox's own status__n does",
            |w| json!({"cluster_id": [w.id("clusters", "live-cluster")], "status__n": ["active"]}),
            |w| Expect::SameAsNetBox {
                query: format!(
                    "cluster_id={}&status__n=active",
                    w.id("clusters", "live-cluster")
                ),
                key: "name",
                values: w.names("virtual_machines", "name", |v| !is(v, "status", "active")),
            },
        ),
        case(
            "get_virtual_machine",
            "a VM by id, as the fixture has it",
            |w| json!({"id": w.id("virtual_machines", "live-vm-1")}),
            |_| {
                Expect::Holds(
                    json!({"name": "live-vm-1", "cluster": {"name": "live-cluster"},
                    "site": {"name": "live-site-a"}, "status": {"value": "active"},
                    "tenant": {"name": "live-acme"}}),
                )
            },
        ),
        case(
            "list_clusters",
            "a cluster type's clusters",
            |_| json!({"type": ["live-ctype"]}),
            |w| exactly("name", w.names("clusters", "name", |_| true)),
        ),
        case(
            "get_cluster",
            "a cluster by id, with its type and scope",
            |w| json!({"id": w.id("clusters", "live-cluster")}),
            |_| {
                Expect::Holds(
                    json!({"name": "live-cluster", "type": {"name": "live-ctype"},
                    "status": {"value": "active"}, "scope_type": "dcim.site",
                    "scope": {"name": "live-site-a"}, "tenant": {"name": "live-acme"}}),
                )
            },
        ),
        case(
            "list_cluster_types",
            "the fixture's cluster type by slug",
            |_| json!({"slug": ["live-ctype"]}),
            |w| exactly("name", w.names("cluster_types", "name", |_| true)),
        ),
        case(
            "list_vm_interfaces",
            "the fixture's VMs' interfaces",
            |w| json!({"virtual_machine_id": w.ids("virtual_machines")}),
            |w| {
                let all = w.all("vm_interfaces").iter();
                exactly(
                    "virtual_machine.name/name",
                    all.map(|i| pluck(i, "virtual_machine/name")).collect(),
                )
            },
        ),
    ]
}
