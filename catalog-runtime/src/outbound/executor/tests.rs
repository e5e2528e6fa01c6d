//! The executor against a real HTTP server on loopback, one room per concern.

use super::*;

use crate::loopback;

mod bodies;
mod credentials;
mod observers;
mod proxies;
mod requests;
mod settings;

fn get(uri: &str) -> http::Request<Vec<u8>> {
    http::Request::builder()
        .method("GET")
        .uri(uri)
        .body(Vec::new())
        .unwrap()
}

fn post(uri: &str, body: &str) -> http::Request<Vec<u8>> {
    http::Request::builder()
        .method("POST")
        .uri(uri)
        .header("content-type", "application/json")
        .body(body.as_bytes().to_vec())
        .unwrap()
}
