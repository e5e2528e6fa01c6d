//! NetBox 4.6.8: 42 tools an operator hands an agent, by app (DCIM places and devices, IPAM,
//! tenancy, virtualization). Lists, gets, and the writes of day-to-day work: add a device,
//! change a device's status or primary IP, take the next free address of a prefix, record an
//! address on an interface. Writes are refused until `CATALOG_ALLOW_WRITES` names them.
//!
//! Served by `cargo run -p catalog-real-specs --bin netbox-mcp -- serve` (see `docs/tool-sets.md`).

pub mod dcim;
pub mod devices;
pub mod ipam;
pub mod tenancy;
pub mod virtualization;

pub use dcim::*;
pub use devices::*;
pub use ipam::*;
pub use tenancy::*;
pub use virtualization::*;

/// The spec the tools are built from, under `CATALOG_SPECS_DIR`.
pub const SPEC_FILE: &str = "netbox-4.6.8.json";

/// Every NetBox tool, in the order `tools/list` gives them.
pub fn catalog() -> catalog::Catalog {
    catalog::Catalog::new()
        .tool::<dcim::ListSites>()
        .tool::<dcim::GetSite>()
        .tool::<dcim::ListRegions>()
        .tool::<dcim::ListLocations>()
        .tool::<dcim::ListRacks>()
        .tool::<dcim::GetRack>()
        .tool::<dcim::ListDeviceRoles>()
        .tool::<dcim::ListDeviceTypes>()
        .tool::<dcim::ListManufacturers>()
        .tool::<dcim::ListPlatforms>()
        .tool::<devices::ListDevices>()
        .tool::<devices::GetDevice>()
        .tool::<devices::CreateDevice>()
        .tool::<devices::UpdateDevice>()
        .tool::<devices::ListInterfaces>()
        .tool::<devices::GetInterface>()
        .tool::<devices::TraceInterface>()
        .tool::<devices::ListCables>()
        .tool::<devices::GetCable>()
        .tool::<ipam::ListPrefixes>()
        .tool::<ipam::GetPrefix>()
        .tool::<ipam::ListIpAddresses>()
        .tool::<ipam::GetIpAddress>()
        .tool::<ipam::ListVlans>()
        .tool::<ipam::GetVlan>()
        .tool::<ipam::ListVlanGroups>()
        .tool::<ipam::ListVrfs>()
        .tool::<ipam::GetVrf>()
        .tool::<ipam::ListAggregates>()
        .tool::<ipam::ListIpRanges>()
        .tool::<ipam::ListAvailableIps>()
        .tool::<ipam::AllocateIps>()
        .tool::<ipam::CreateIpAddress>()
        .tool::<tenancy::ListTenants>()
        .tool::<tenancy::GetTenant>()
        .tool::<tenancy::ListTenantGroups>()
        .tool::<virtualization::ListVirtualMachines>()
        .tool::<virtualization::GetVirtualMachine>()
        .tool::<virtualization::ListClusters>()
        .tool::<virtualization::GetCluster>()
        .tool::<virtualization::ListClusterTypes>()
        .tool::<virtualization::ListVmInterfaces>()
}
