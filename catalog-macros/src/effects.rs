//! `semantics = ".."` and `effects(..)`, checked by `catalog_core::check::effects`, emitted as
//! `Tool::EFFECTS`.

use catalog_core::model::effects::{Effects, Semantics};
use proc_macro2::TokenStream;
use quote::quote;

/// `const EFFECTS: ... = ...;` when the tool declares anything, else nothing (the trait's
/// default).
pub fn emit(effects: &Effects, reason: Option<&str>) -> TokenStream {
    if *effects == Effects::FROM_METHOD && reason.is_none() {
        return TokenStream::new();
    }
    let opt_bool = |b: Option<bool>| match b {
        Some(v) => quote!(::core::option::Option::Some(#v)),
        None => quote!(::core::option::Option::None),
    };
    let semantics = match effects.semantics {
        Some(Semantics::FullReplace) => quote!(::core::option::Option::Some(
            ::catalog::__private_v1::Semantics::FullReplace
        )),
        Some(Semantics::Merge) => quote!(::core::option::Option::Some(
            ::catalog::__private_v1::Semantics::Merge
        )),
        None => quote!(::core::option::Option::None),
    };
    let (read_only, destructive, idempotent, open_world) = (
        opt_bool(effects.read_only),
        opt_bool(effects.destructive),
        opt_bool(effects.idempotent),
        opt_bool(effects.open_world),
    );
    let reason = match reason {
        Some(r) => quote!(::core::option::Option::Some(#r)),
        None => quote!(::core::option::Option::None),
    };
    quote! {
        const EFFECTS: ::catalog::__private_v1::Effects = ::catalog::__private_v1::Effects {
            semantics: #semantics,
            read_only: #read_only,
            destructive: #destructive,
            idempotent: #idempotent,
            open_world: #open_world,
            reason: #reason,
        };
    }
}
