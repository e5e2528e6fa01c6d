//! The fixed data set (`tests/live/netbox-fixture.json`) and the objects the server holds for it,
//! read once through the list tools; plain HTTP to the server for what no tool does (deleting the
//! objects the write cases create, and the reference answers the lookup cases are compared with).

use catalog::Catalog;
use catalog::executor::{ApiResponse, Executor, ExecutorConfig};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;

/// The fixture, and the server's object for each fixture object by kind and key.
pub struct World {
    pub fixture: Value,
    /// (kind, key) -> the server's object. Keys as [`KINDS`] reads them.
    pub served: BTreeMap<(&'static str, String), Value>,
}

/// How each kind of fixture object is found through a list tool: the fixture array, the tool,
/// the list filter and the fixture field it is filled from, and the key (see [`pluck`]) that
/// names an object on both sides.
pub struct Kind {
    pub kind: &'static str,
    pub tool: &'static str,
    pub filter: &'static str,
    pub fixture_field: &'static str,
    pub key: &'static str,
}

pub const KINDS: &[Kind] = &[
    kind(
        "tenant_groups",
        "list_tenant_groups",
        "slug",
        "slug",
        "name",
    ),
    kind("tenants", "list_tenants", "slug", "slug", "name"),
    kind("regions", "list_regions", "slug", "slug", "name"),
    kind("sites", "list_sites", "slug", "slug", "name"),
    kind("locations", "list_locations", "slug", "slug", "name"),
    kind(
        "manufacturers",
        "list_manufacturers",
        "slug",
        "slug",
        "name",
    ),
    kind("device_types", "list_device_types", "slug", "slug", "model"),
    kind("platforms", "list_platforms", "slug", "slug", "name"),
    kind("device_roles", "list_device_roles", "slug", "slug", "name"),
    kind("racks", "list_racks", "name", "name", "name"),
    kind("devices", "list_devices", "name", "name", "name"),
    kind("cables", "list_cables", "label", "label", "label"),
    kind("vlan_groups", "list_vlan_groups", "slug", "slug", "name"),
    kind("vlans", "list_vlans", "name", "name", "name"),
    kind("vrfs", "list_vrfs", "name", "name", "name"),
    kind("prefixes", "list_prefixes", "prefix", "prefix", "prefix"),
    kind("ip_ranges", "list_ip_ranges", "", "", "start_address"),
    kind("aggregates", "list_aggregates", "", "", "prefix"),
    kind(
        "ip_addresses",
        "list_ip_addresses",
        "address",
        "address",
        "address",
    ),
    kind(
        "cluster_types",
        "list_cluster_types",
        "slug",
        "slug",
        "name",
    ),
    kind("clusters", "list_clusters", "name", "name", "name"),
    kind(
        "virtual_machines",
        "list_virtual_machines",
        "name",
        "name",
        "name",
    ),
];

const fn kind(
    kind: &'static str,
    tool: &'static str,
    filter: &'static str,
    fixture_field: &'static str,
    key: &'static str,
) -> Kind {
    Kind {
        kind,
        tool,
        filter,
        fixture_field,
        key,
    }
}

/// The address block every fixture IP object lies in.
pub const BLOCK: &str = "10.77.0.0/16";

/// A value of `object` by key: `/`-separated dotted paths, each read as text and joined with `/`
/// (`device.name/name` is `live-leaf-a1/eth0`).
pub fn pluck(object: &Value, key: &str) -> String {
    key.split('/')
        .map(|path| {
            let v = path
                .split('.')
                .fold(object, |o, p| match p.parse::<usize>() {
                    Ok(i) if o.is_array() => &o[i],
                    _ => &o[p],
                });
            match v {
                Value::String(s) => s.clone(),
                Value::Null => panic!("no `{path}` in {object}"),
                other => other.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The objects of a list answer: `results` of a page, or the array itself.
pub fn objects(body: &Value) -> &Vec<Value> {
    body.get("results")
        .unwrap_or(body)
        .as_array()
        .unwrap_or_else(|| panic!("neither a page nor an array: {body}"))
}

pub fn body(response: &ApiResponse) -> Value {
    let text = response.body_text().unwrap_or_default();
    serde_json::from_str(text)
        .unwrap_or_else(|e| panic!("{} answered non-JSON ({e}): {text}", response.url))
}

impl World {
    /// Reads the fixture and finds each of its objects on the server through the list tools.
    pub async fn resolve(catalog: &Catalog, executor: &Executor) -> World {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/live/netbox-fixture.json");
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let fixture: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut world = World {
            fixture,
            served: BTreeMap::new(),
        };
        for k in KINDS {
            let args = match k.kind {
                "ip_ranges" => json!({"parent": [BLOCK]}),
                "aggregates" => json!({"prefix": BLOCK}),
                _ => json!({ k.filter: world.fixture_values(k.kind, k.fixture_field) }),
            };
            let found = list(catalog, executor, k.tool, args).await;
            world.insert(k.kind, k.key, found);
        }
        // Interfaces are named by their device.
        let devices = world.ids("devices");
        let found = list(
            catalog,
            executor,
            "list_interfaces",
            json!({"device_id": devices}),
        )
        .await;
        world.insert("interfaces", "device.name/name", found);
        let vms = world.ids("virtual_machines");
        let found = list(
            catalog,
            executor,
            "list_vm_interfaces",
            json!({"virtual_machine_id": vms}),
        )
        .await;
        world.insert("vm_interfaces", "virtual_machine.name/name", found);
        world
    }

    fn insert(&mut self, kind: &'static str, key: &str, found: Vec<Value>) {
        let want = self.fixture_keys(kind);
        for object in found {
            let k = pluck(&object, key);
            if want.contains(&k) {
                self.served.insert((kind, k), object);
            }
        }
        let missing: Vec<_> = want
            .iter()
            .filter(|k| !self.served.contains_key(&(kind, (*k).clone())))
            .collect();
        assert!(
            missing.is_empty(),
            "{kind} not on the server: {missing:?}; run .ci/live/netbox.sh seed"
        );
    }

    /// The fixture's objects of `kind`.
    pub fn all(&self, kind: &str) -> &Vec<Value> {
        self.fixture[kind]
            .as_array()
            .unwrap_or_else(|| panic!("the fixture has no `{kind}`"))
    }

    fn fixture_values(&self, kind: &str, field: &str) -> Vec<Value> {
        self.all(kind).iter().map(|o| o[field].clone()).collect()
    }

    /// The keys of the fixture's objects of `kind`, as the server's objects are keyed.
    fn fixture_keys(&self, kind: &str) -> Vec<String> {
        self.all(kind)
            .iter()
            .map(|o| match kind {
                "interfaces" => format!("{}/{}", text(&o["device"]), text(&o["name"])),
                "vm_interfaces" => {
                    format!("{}/{}", text(&o["virtual_machine"]), text(&o["name"]))
                }
                "device_types" => text(&o["model"]),
                "cables" => text(&o["label"]),
                "prefixes" | "aggregates" => text(&o["prefix"]),
                "ip_addresses" => text(&o["address"]),
                "ip_ranges" => text(&o["start_address"]),
                _ => text(&o["name"]),
            })
            .collect()
    }

    /// The server's object of `kind` keyed `key`.
    pub fn object(&self, kind: &'static str, key: &str) -> &Value {
        self.served
            .get(&(kind, key.to_string()))
            .unwrap_or_else(|| panic!("no {kind} `{key}` on the server"))
    }

    /// The server's id of the `kind` object keyed `key`.
    pub fn id(&self, kind: &'static str, key: &str) -> i64 {
        self.object(kind, key)["id"]
            .as_i64()
            .unwrap_or_else(|| panic!("{kind} `{key}` has no id"))
    }

    /// The ids of all fixture objects of `kind`.
    pub fn ids(&self, kind: &'static str) -> Vec<i64> {
        self.served
            .iter()
            .filter(|((k, _), _)| *k == kind)
            .filter_map(|(_, o)| o["id"].as_i64())
            .collect()
    }

    /// `field` of the fixture's objects of `kind` that `keep` selects.
    pub fn names(&self, kind: &str, field: &str, keep: impl Fn(&Value) -> bool) -> Vec<String> {
        self.all(kind)
            .iter()
            .filter(|o| keep(o))
            .map(|o| text(&o[field]))
            .collect()
    }

    /// The fixture's site slugs.
    pub fn sites(&self) -> Vec<String> {
        self.names("sites", "slug", |_| true)
    }
}

fn text(v: &Value) -> String {
    v.as_str()
        .unwrap_or_else(|| panic!("not a text: {v}"))
        .to_string()
}

/// Every object a list tool returns for `args` (one page of up to 1000).
async fn list(catalog: &Catalog, executor: &Executor, tool: &str, mut args: Value) -> Vec<Value> {
    args["limit"] = json!(1000);
    let response = catalog
        .call(executor, tool, args.clone())
        .await
        .unwrap_or_else(|e| panic!("{tool} {args}: {e}"));
    assert!(
        response.status.is_success(),
        "{tool} {args}: {}",
        response.to_text()
    );
    objects(&body(&response)).clone()
}

/// Plain HTTP to the server, with the token and nothing else of the tools.
pub struct Http {
    executor: Executor,
}

impl Http {
    pub fn new(url: &str, token: &str) -> Http {
        let config = ExecutorConfig::new(url)
            .auth_header("Authorization", token)
            .allow_writes(true);
        Http {
            executor: Executor::new(config).expect("plain HTTP executor"),
        }
    }

    /// Sends `method path_and_query` (relative to `/api/`) with an optional JSON body; the
    /// status and the body (`null` when empty).
    pub async fn send(&self, method: &str, path: &str, json: Option<Value>) -> (u16, Value) {
        let mut request = http::Request::builder()
            .method(method)
            .uri(format!("/api/{path}"))
            .header("Accept", "application/json");
        let bytes = match json {
            Some(b) => {
                request = request.header("Content-Type", "application/json");
                serde_json::to_vec(&b).expect("body")
            }
            None => Vec::new(),
        };
        let request = request.body(bytes).expect("request");
        let response = self
            .executor
            .execute(request)
            .await
            .unwrap_or_else(|e| panic!("{method} /api/{path}: {e}"));
        let text = response.body_text().unwrap_or_default();
        let value = if text.trim().is_empty() {
            Value::Null
        } else {
            serde_json::from_str(text).unwrap_or(Value::String(text.to_string()))
        };
        (response.status.as_u16(), value)
    }

    pub async fn get(&self, path: &str) -> Value {
        let (status, value) = self.send("GET", path, None).await;
        assert_eq!(status, 200, "GET /api/{path}: {value}");
        value
    }

    /// Deletes every object a list query finds (`ipam/ip-addresses/?description__isw=live-w-`).
    pub async fn delete_all(&self, list: &str, query: &str) -> usize {
        let found = self.get(&format!("{list}?{query}&limit=1000")).await;
        let mut n = 0;
        for object in objects(&found) {
            let id = &object["id"];
            let (status, value) = self.send("DELETE", &format!("{list}{id}/"), None).await;
            assert_eq!(status, 204, "DELETE /api/{list}{id}/: {value}");
            n += 1;
        }
        n
    }
}
