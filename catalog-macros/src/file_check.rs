//! The compile-time proof that a field over a file ([`Type::File`]) is `catalog::File` itself:
//! the type check reads a type by its last path segment, so a user type named `File` would
//! pass it; the `IsFile` bound, implemented by `catalog::File` alone, does not.

use crate::ast::Field;
use catalog_core::model::{Accounted, Type};
use proc_macro2::TokenStream;
use quote::quote_spanned;
use syn::spanned::Spanned;

/// The bound for one field, when its parameter is a file (or an array of files).
pub fn checks(f: &Field, row: &Accounted) -> Option<TokenStream> {
    let mut schema = &row.param.schema;
    while let Type::Array { items, .. } = &schema.ty {
        schema = items;
    }
    if schema.ty != Type::File {
        return None;
    }
    let ty = f.user_type()?;
    Some(quote_spanned! {ty.span()=>
        #[allow(dead_code)]
        const _: () = {
            fn is_file<T: ?::core::marker::Sized + ::catalog::__private_v1::markers::IsFile>() {}
            fn run() {
                is_file::<#ty>();
            }
        };
    })
}
