#!/usr/bin/env python3
"""Creates the fixed data set of tests/live/netbox-fixture.json on a live NetBox, through its REST API.

Reads CATALOG_LIVE_NETBOX (the base URL) and CATALOG_LIVE_NETBOX_TOKEN (the whole Authorization
header value), as written by `.ci/live/netbox.sh start` into target/live/netbox.env. Idempotent: an
object already there (found by its name, slug or address) is updated to the fixture's values, not
created twice, so the data set is the same after any number of runs. Standard library only.
Prints one line per kind and exits non-zero on the first refused request, with NetBox's answer.
"""

import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

FIXTURE = Path(__file__).resolve().parents[2] / "tests" / "live" / "netbox-fixture.json"


class Api:
    def __init__(self, base, header):
        self.base = base.rstrip("/")
        self.header = header

    def send(self, method, path, body=None, query=None):
        url = f"{self.base}/api/{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query, doseq=True)
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(url, data=data, method=method)
        req.add_header("Authorization", self.header)
        req.add_header("Accept", "application/json")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=60) as resp:
                text = resp.read().decode()
        except urllib.error.HTTPError as e:
            sys.exit(f"seed: {method} {url} -> {e.code}: {e.read().decode()[:2000]}\nbody: {body}")
        return json.loads(text) if text else None

    def one(self, path, query):
        found = self.send("GET", path, query=query)["results"]
        if len(found) > 1:
            sys.exit(f"seed: {path} {query} matches {len(found)} objects, expected at most one")
        return found[0] if found else None

    def ensure(self, path, key, body):
        """The object at `path` found by `key` (a query), updated to `body`, or created from it."""
        existing = self.one(path, key)
        if existing is None:
            return self.send("POST", path, body)
        return self.send("PATCH", f"{path}{existing['id']}/", body)


def seed(api, fx):
    ids = {}

    def ref(kind, name):
        return None if name is None else ids[(kind, name)]

    def made(kind, name, obj):
        ids[(kind, name)] = obj["id"]

    for g in fx["tenant_groups"]:
        made("tenant_group", g["name"], api.ensure("tenancy/tenant-groups/", {"slug": g["slug"]}, g))
    for t in fx["tenants"]:
        body = dict(t, group=ref("tenant_group", t["group"]))
        made("tenant", t["name"], api.ensure("tenancy/tenants/", {"slug": t["slug"]}, body))
    for r in fx["regions"]:
        made("region", r["name"], api.ensure("dcim/regions/", {"slug": r["slug"]}, r))
    for s in fx["sites"]:
        body = dict(s, region=ref("region", s["region"]))
        made("site", s["name"], api.ensure("dcim/sites/", {"slug": s["slug"]}, body))
    for loc in fx["locations"]:
        body = dict(loc, site=ref("site", loc["site"]))
        made("location", loc["name"], api.ensure("dcim/locations/", {"slug": loc["slug"]}, body))
    for m in fx["manufacturers"]:
        made("manufacturer", m["name"], api.ensure("dcim/manufacturers/", {"slug": m["slug"]}, m))
    for d in fx["device_types"]:
        body = dict(d, manufacturer=ref("manufacturer", d["manufacturer"]))
        made("device_type", d["model"], api.ensure("dcim/device-types/", {"slug": d["slug"]}, body))
    for p in fx["platforms"]:
        body = dict(p, manufacturer=ref("manufacturer", p["manufacturer"]))
        made("platform", p["name"], api.ensure("dcim/platforms/", {"slug": p["slug"]}, body))
    for r in fx["device_roles"]:
        made("role", r["name"], api.ensure("dcim/device-roles/", {"slug": r["slug"]}, r))
    for r in fx["racks"]:
        body = dict(r, site=ref("site", r["site"]), location=ref("location", r["location"]))
        made("rack", r["name"], api.ensure("dcim/racks/", {"name": r["name"], "site_id": body["site"]}, body))
    for c in fx["custom_fields"]:
        made("custom_field", c["name"], api.ensure("extras/custom-fields/", {"name": c["name"]}, c))
    device_type = ref("device_type", fx["device_types"][0]["model"])
    for d in fx["devices"]:
        body = dict(
            d,
            site=ref("site", d["site"]),
            rack=ref("rack", d["rack"]),
            role=ref("role", d["role"]),
            tenant=ref("tenant", d["tenant"]),
            platform=ref("platform", d["platform"]),
            device_type=device_type,
        )
        made("device", d["name"], api.ensure("dcim/devices/", {"name": d["name"]}, body))
    for i in fx["interfaces"]:
        device = ref("device", i["device"])
        body = dict(i, device=device)
        obj = api.ensure("dcim/interfaces/", {"device_id": device, "name": i["name"]}, body)
        made("interface", (i["device"], i["name"]), obj)
    for c in fx["cables"]:
        # A cable's ends are set when it is created; a second run only updates its fields.
        existing = api.one("dcim/cables/", {"label": c["label"]})
        fields = {"label": c["label"], "status": c["status"]}
        if existing is None:
            ends = {
                f"{side}_terminations": [
                    {"object_type": "dcim.interface", "object_id": ref("interface", tuple(c[side]))}
                ]
                for side in ("a", "b")
            }
            obj = api.send("POST", "dcim/cables/", dict(fields, **ends))
        else:
            obj = api.send("PATCH", f"dcim/cables/{existing['id']}/", fields)
        made("cable", c["label"], obj)
    for g in fx["vlan_groups"]:
        made("vlan_group", g["name"], api.ensure("ipam/vlan-groups/", {"slug": g["slug"]}, g))
    for v in fx["vlans"]:
        body = dict(v, site=ref("site", v["site"]), group=ref("vlan_group", v["group"]))
        made("vlan", v["name"], api.ensure("ipam/vlans/", {"name": v["name"]}, body))
    for r in fx["rirs"]:
        made("rir", r["name"], api.ensure("ipam/rirs/", {"slug": r["slug"]}, r))
    for a in fx["aggregates"]:
        body = dict(a, rir=ref("rir", a["rir"]), tenant=ref("tenant", a["tenant"]))
        made("aggregate", a["prefix"], api.ensure("ipam/aggregates/", {"prefix": a["prefix"]}, body))
    for v in fx["vrfs"]:
        body = dict(v, tenant=ref("tenant", v["tenant"]))
        made("vrf", v["name"], api.ensure("ipam/vrfs/", {"name": v["name"]}, body))
    for p in fx["prefixes"]:
        body = dict(p, tenant=ref("tenant", p["tenant"]), vlan=ref("vlan", p["vlan"]))
        made("prefix", p["prefix"], api.ensure("ipam/prefixes/", {"prefix": p["prefix"]}, body))
    for r in fx["ip_ranges"]:
        body = dict(r, tenant=ref("tenant", r["tenant"]))
        key = {"start_address": r["start_address"].split("/")[0]}
        made("ip_range", r["start_address"], api.ensure("ipam/ip-ranges/", key, body))
    for a in fx["ip_addresses"]:
        body = {
            "address": a["address"],
            "status": a["status"],
            "assigned_object_type": "dcim.interface",
            "assigned_object_id": ref("interface", (a["device"], a["interface"])),
        }
        made("ip", a["address"], api.ensure("ipam/ip-addresses/", {"address": a["address"]}, body))
    for t in fx["cluster_types"]:
        made("cluster_type", t["name"], api.ensure("virtualization/cluster-types/", {"slug": t["slug"]}, t))
    for c in fx["clusters"]:
        body = {
            "name": c["name"],
            "type": ref("cluster_type", c["type"]),
            "status": c["status"],
            "scope_type": "dcim.site",
            "scope_id": ref("site", c["site"]),
            "tenant": ref("tenant", c["tenant"]),
        }
        made("cluster", c["name"], api.ensure("virtualization/clusters/", {"name": c["name"]}, body))
    for vm in fx["virtual_machines"]:
        body = dict(
            vm,
            cluster=ref("cluster", vm["cluster"]),
            site=ref("site", vm["site"]),
            tenant=ref("tenant", vm["tenant"]),
        )
        made("vm", vm["name"], api.ensure("virtualization/virtual-machines/", {"name": vm["name"]}, body))
    for i in fx["vm_interfaces"]:
        vm = ref("vm", i["virtual_machine"])
        body = dict(i, virtual_machine=vm)
        obj = api.ensure("virtualization/interfaces/", {"virtual_machine_id": vm, "name": i["name"]}, body)
        made("vm_interface", (i["virtual_machine"], i["name"]), obj)
    return ids


def main():
    base = os.environ.get("CATALOG_LIVE_NETBOX")
    header = os.environ.get("CATALOG_LIVE_NETBOX_TOKEN")
    if not base or not header:
        sys.exit("seed: set CATALOG_LIVE_NETBOX and CATALOG_LIVE_NETBOX_TOKEN (source target/live/netbox.env)")
    fx = json.loads(FIXTURE.read_text())
    ids = seed(Api(base, header), fx)
    kinds = {}
    for kind, _ in ids:
        kinds[kind] = kinds.get(kind, 0) + 1
    print("seed: " + ", ".join(f"{n} {k}" for k, n in kinds.items()))


if __name__ == "__main__":
    main()
