//! The HTTP client requests go out on: hyper's pooled HTTP/1.1 client over rustls (the
//! process's crypto provider, else ring; the platform's certificate verifier), with nothing
//! between the request and the connection. Redirects are not followed (a 3xx is an answer), and
//! the URI is parsed once, when the request is built.

use bytes::Bytes;
use http_body_util::Full;
use hyper_rustls::{HttpsConnector, HttpsConnectorBuilder};
use hyper_util::client::legacy::Client as Pooled;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::{TokioExecutor, TokioTimer};
use std::fmt;
use std::sync::Arc;

/// A request body: the bytes the tool built, whole.
pub(crate) type Body = Full<Bytes>;

/// The pooled client, cheap to clone (clones share the pool).
#[derive(Clone)]
pub(crate) struct Client(Pooled<HttpsConnector<HttpConnector>, Body>);

impl Client {
    /// A client for `http` and `https` URLs. Fails when the platform's certificate verifier
    /// cannot be set up.
    pub(crate) fn new() -> Result<Client, String> {
        let provider = match rustls::crypto::CryptoProvider::get_default() {
            Some(p) => p.clone(),
            None => Arc::new(rustls::crypto::ring::default_provider()),
        };
        let mut http = HttpConnector::new();
        // The connector hands https on to rustls; small requests are written at once.
        http.enforce_http(false);
        http.set_nodelay(true);
        let https = HttpsConnectorBuilder::new()
            .with_provider_and_platform_verifier(provider)
            .map_err(|e| format!("the platform's certificate verifier: {e}"))?
            .https_or_http()
            .enable_http1()
            .wrap_connector(http);
        let pooled = Pooled::builder(TokioExecutor::new())
            .pool_timer(TokioTimer::new())
            .timer(TokioTimer::new())
            .build(https);
        Ok(Client(pooled))
    }

    /// Sends `request` on a pooled connection; the answer's head, its body still to read.
    pub(crate) async fn send(
        &self,
        request: http::Request<Body>,
    ) -> Result<http::Response<hyper::body::Incoming>, hyper_util::client::legacy::Error> {
        self.0.request(request).await
    }
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Client(hyper, http1, rustls)")
    }
}

/// What a failed exchange says: `error sending request for url (<url>)`, then each cause in
/// turn (the client's own message is terse: "client error (Connect)").
pub(crate) fn describe_failure(url: &str, error: &dyn std::error::Error) -> String {
    let mut message = format!("error sending request for url ({url}): {error}");
    let mut source = error.source();
    while let Some(s) = source {
        message.push_str(": ");
        message.push_str(&s.to_string());
        source = s.source();
    }
    message
}
