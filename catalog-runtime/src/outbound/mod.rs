//! A call's way out to the API: the HTTP executor and its retries ([`executor`]), the
//! credentials it sends ([`credentials`]), and tokens exchanged per caller ([`exchange`]).

#[cfg(feature = "runtime")]
pub mod credentials;
#[cfg(feature = "runtime")]
pub mod exchange;
#[cfg(feature = "runtime")]
pub mod executor;
