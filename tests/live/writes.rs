//! The write cases: each write tool creates or changes what it says, and a read tool then finds
//! it. The objects written are named `live-w-...` (or are an address the run allocates in the
//! fixture's `10.77.2.0/24`), and are deleted by plain HTTP before and after the run (the tool
//! set has no delete tools), so the fixed data stays fixed.

use crate::cases::holds;
use crate::world::{Http, World, body, objects};
use catalog::Catalog;
use catalog::executor::Executor;
use serde_json::{Value, json};

/// One write case's outcome: the tool, what it shows, the status the write got, and whether the
/// write and the reads that check it give what they must.
pub struct Written {
    pub tool: &'static str,
    pub what: &'static str,
    pub status: Option<u16>,
    pub result: Result<(), String>,
}

/// The prefix allocations are taken from.
const ALLOCATE_IN: &str = "10.77.2.0/24";
const DEVICE: &str = "live-w-device";
const ADDRESS: &str = "10.77.9.1/24";

/// Deletes what a write case creates (left over from an interrupted run, or this run's): the
/// `live-w-` devices and addresses, and addresses of [`ALLOCATE_IN`] the fixture does not have.
pub async fn cleanup(http: &Http, world: &World) -> usize {
    let mut n = http
        .delete_all("ipam/ip-addresses/", "description__isw=live-w-")
        .await;
    n += http.delete_all("dcim/devices/", "name__isw=live-w-").await;
    let fixed = world.names("ip_addresses", "address", |_| true);
    let found = http
        .get(&format!(
            "ipam/ip-addresses/?parent={ALLOCATE_IN}&limit=1000"
        ))
        .await;
    for a in objects(&found) {
        if !fixed.iter().any(|f| a["address"] == json!(f)) {
            let path = format!("ipam/ip-addresses/{}/", a["id"]);
            let (status, value) = http.send("DELETE", &path, None).await;
            assert_eq!(status, 204, "DELETE /api/{path}: {value}");
            n += 1;
        }
    }
    n
}

struct Writer<'a> {
    catalog: &'a Catalog,
    executor: &'a Executor,
}

impl Writer<'_> {
    /// Calls `tool`; the status and the body, or why the call did not happen.
    async fn call(&self, tool: &str, args: Value) -> Result<(u16, Value), String> {
        let response = self
            .catalog
            .call(self.executor, tool, args.clone())
            .await
            .map_err(|e| format!("{tool} {args}: refused by the tool: {e}"))?;
        let status = response.status.as_u16();
        if !response.status.is_success() {
            return Err(format!("{tool} {args}: {}", response.to_text()));
        }
        Ok((status, body(&response)))
    }

    /// Reads through `tool` and checks the answer holds `want`.
    async fn read_holds(&self, tool: &str, args: Value, want: Value) -> Result<(), String> {
        let (_, got) = self.call(tool, args.clone()).await?;
        holds(&got, &want, "$").map_err(|e| format!("then {tool} {args}: {e}"))
    }
}

fn id(body: &Value) -> Result<i64, String> {
    body["id"].as_i64().ok_or(format!("no id in {body}"))
}

/// The write cases, in order (the update changes the device the create made).
pub async fn writes(catalog: &Catalog, executor: &Executor, world: &World) -> Vec<Written> {
    let w = Writer { catalog, executor };
    let mut out = Vec::new();

    // create_device, then list_devices and get_device find it.
    let create = json!({
        "name": DEVICE,
        "device_type": world.id("device_types", "live-model-1"),
        "role": world.id("device_roles", "live-leaf"),
        "site": world.id("sites", "live-site-b"),
        "status": "planned",
        "serial": "LIVE-W-SN-1",
        "custom_fields": {"live_owner": "live-w-team"},
    });
    let mut device = None;
    let created = async {
        let (status, made) = w.call("create_device", create).await?;
        let id = id(&made)?;
        device = Some(id);
        w.read_holds(
            "list_devices",
            json!({"name": [DEVICE]}),
            json!({"count": 1, "results": [{"id": id, "serial": "LIVE-W-SN-1"}]}),
        )
        .await?;
        w.read_holds(
            "get_device",
            json!({"id": id}),
            json!({"name": DEVICE, "status": {"value": "planned"}, "site": {"name": "live-site-b"},
                "custom_fields": {"live_owner": "live-w-team"}}),
        )
        .await?;
        Ok::<u16, String>(status)
    }
    .await;
    out.push(written(
        "create_device",
        "a new device, then found by name and by id",
        created,
    ));

    // update_device changes only the fields it sends.
    let updated = async {
        let id = device.ok_or("no device: create_device failed")?;
        let (status, _) = w
            .call(
                "update_device",
                json!({"id": id, "status": "offline", "description": "live-w changed",
                    "tenant": world.id("tenants", "live-acme")}),
            )
            .await?;
        w.read_holds(
            "get_device",
            json!({"id": id}),
            json!({"status": {"value": "offline"}, "description": "live-w changed",
                "tenant": {"name": "live-acme"}, "serial": "LIVE-W-SN-1"}),
        )
        .await?;
        w.read_holds(
            "list_devices",
            json!({"name": [DEVICE], "status": ["offline"]}),
            json!({"count": 1, "results": [{"id": id}]}),
        )
        .await?;
        Ok(status)
    }
    .await;
    out.push(written(
        "update_device",
        "the fields sent change, the others keep their values",
        updated,
    ));

    // create_ip_address, then list_ip_addresses and get_ip_address find it.
    let address = async {
        let (status, made) = w
            .call(
                "create_ip_address",
                json!({"address": ADDRESS, "status": "reserved", "description": "live-w-address",
                    "dns_name": "live-w.example.net", "role": "loopback"}),
            )
            .await?;
        let id = id(&made)?;
        w.read_holds(
            "list_ip_addresses",
            json!({"address": [ADDRESS]}),
            json!({"count": 1, "results": [{"id": id}]}),
        )
        .await?;
        w.read_holds(
            "get_ip_address",
            json!({"id": id}),
            json!({"address": ADDRESS, "status": {"value": "reserved"}, "role": {"value": "loopback"},
                "dns_name": "live-w.example.net", "description": "live-w-address"}),
        )
        .await?;
        Ok(status)
    }
    .await;
    out.push(written(
        "create_ip_address",
        "a new address, then found by address and by id",
        address,
    ));

    // allocate_ips takes the next free address of a prefix; list_available_ips no longer offers it.
    let allocated = async {
        let prefix = world.id("prefixes", ALLOCATE_IN);
        let (_, free) = w.call("list_available_ips", json!({"id": prefix})).await?;
        let next = free[0]["address"].clone();
        let (status, made) = w
            .call("allocate_ips", json!({"id": prefix, "addresses": [{}]}))
            .await?;
        holds(&made, &json!([{"address": next}]), "$").map_err(|e| format!("allocate_ips: {e}"))?;
        let id = made[0]["id"].as_i64().ok_or(format!("no id in {made}"))?;
        w.read_holds(
            "list_ip_addresses",
            json!({"address": [next]}),
            json!({"count": 1, "results": [{"id": id}]}),
        )
        .await?;
        let (_, after) = w.call("list_available_ips", json!({"id": prefix})).await?;
        if after[0]["address"] == next {
            return Err(format!(
                "{next} is still offered as free after allocate_ips"
            ));
        }
        Ok(status)
    }
    .await;
    out.push(written(
        "allocate_ips",
        "the next free address, then found and no longer free",
        allocated,
    ));
    out
}

fn written(tool: &'static str, what: &'static str, result: Result<u16, String>) -> Written {
    match result {
        Ok(status) => Written {
            tool,
            what,
            status: Some(status),
            result: Ok(()),
        },
        Err(e) => Written {
            tool,
            what,
            status: None,
            result: Err(e),
        },
    }
}
